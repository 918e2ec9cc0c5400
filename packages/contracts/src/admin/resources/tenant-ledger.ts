import { z } from 'zod';
import { defineResource } from '../resource';
import { STATUS_OPTIONS } from './tenants';

/** Days before expiry from which a tenant is highlighted as expiring. */
export const LEDGER_EXPIRING_DAYS = 30;
/** A tenant none of whose members signed in for this many days is dormant. */
export const LEDGER_DORMANT_DAYS = 90;

export const LEDGER_HIGHLIGHTS = [
  { value: 'expiring', label: { zh: '即将到期', en: 'Expiring' }, color: 'orange' },
  { value: 'expired', label: { zh: '已过期', en: 'Expired' }, color: 'red' },
  { value: 'dormant', label: { zh: '沉睡', en: 'Dormant' }, color: 'default' },
] as const;

/** The tenant register: one read-only row per tenant, everything a contract review needs. */
export const tenantLedgerRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  packageNames: z.array(z.string()),
  seatsUsed: z.number().int(),
  seatLimit: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  adminNames: z.array(z.string()),
  adminMobiles: z.array(z.string()),
  applicationCount: z.number().int(),
  lastSignInAt: z.string().nullable(),
  /** Bytes of the tenant's files; null until it has uploaded any. */
  storageUsedBytes: z.number().int().nullable(),
  highlights: z.array(z.enum(['expiring', 'expired', 'dormant'])),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TenantLedgerRow = z.infer<typeof tenantLedgerRowSchema>;

export const tenantLedgerResource = defineResource({
  name: 'tenant-ledger',
  scope: 'dmp',
  title: { zh: '租户台账', en: 'Tenant register' },
  row: tenantLedgerRowSchema,
  filters: {
    code: 'contains',
    name: 'contains',
    status: 'equals',
    highlights: 'equals',
    expiresAt: 'dateRange',
  },
  sortable: ['code', 'name', 'seatsUsed', 'expiresAt', 'createdAt'],
  defaultSort: 'expiresAt',
  searchable: ['code', 'name'],
  columns: [
    { key: 'code', title: { zh: '编码', en: 'Code' }, list: true },
    { key: 'name', title: { zh: '租户名称', en: 'Name' }, list: true },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
    {
      key: 'highlights',
      title: { zh: '提示', en: 'Highlights' },
      list: true,
      options: LEDGER_HIGHLIGHTS,
      kind: 'list',
    },
    { key: 'packageNames', title: { zh: '套餐', en: 'Packages' }, list: true, kind: 'list' },
    { key: 'seatsUsed', title: { zh: '已用席位', en: 'Seats used' }, list: true, kind: 'number' },
    { key: 'seatLimit', title: { zh: '席位上限', en: 'Seat limit' }, list: true, kind: 'number' },
    { key: 'expiresAt', title: { zh: '到期时间', en: 'Expires' }, list: true, kind: 'date' },
    { key: 'daysLeft', title: { zh: '剩余天数', en: 'Days left' }, list: true, kind: 'number' },
    { key: 'adminNames', title: { zh: '管理员', en: 'Administrators' }, list: true, kind: 'list' },
    {
      key: 'adminMobiles',
      title: { zh: '管理员手机', en: 'Administrator mobiles' },
      list: true,
      kind: 'list',
    },
    { key: 'applicationCount', title: { zh: '应用数', en: 'Applications' }, list: true, kind: 'number' },
    { key: 'lastSignInAt', title: { zh: '最近登录', en: 'Last sign-in' }, list: true, kind: 'date' },
    {
      key: 'storageUsedBytes',
      title: { zh: '存储用量（字节）', en: 'Storage (bytes)' },
      list: false,
      kind: 'number',
    },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: false, kind: 'date' },
  ],
  fields: { highlights: { zh: '提示', en: 'Highlights' } },
  permissions: { list: 'tenant-ledger:list', export: 'tenant-ledger:export' },
});
