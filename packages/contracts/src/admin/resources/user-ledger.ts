import { z } from 'zod';
import { defineResource, type ResourceDeclaration } from '../resource';
import { MEMBER_SOURCE_OPTIONS } from './tenant-users';
import { STATUS_OPTIONS } from './tenants';

/** A member who has not signed in to the tenant for this many days (or never, since joining) is dormant. */
export const USER_LEDGER_DORMANT_DAYS = 90;
/** Days before the account expiry from which a member is highlighted as expiring. */
export const USER_LEDGER_EXPIRING_DAYS = 30;

export const USER_LEDGER_HIGHLIGHTS = [
  { value: 'dormant', label: { zh: '沉睡', en: 'Dormant' }, color: 'default' },
  { value: 'expiring', label: { zh: '即将到期', en: 'Expiring' }, color: 'orange' },
  { value: 'expired', label: { zh: '已过期', en: 'Expired' }, color: 'red' },
  { value: 'locked', label: { zh: '已锁定', en: 'Locked' }, color: 'volcano' },
] as const;

const YES_NO = [
  { value: 'true', label: { zh: '是', en: 'Yes' }, color: 'green' },
  { value: 'false', label: { zh: '否', en: 'No' } },
] as const;

/** One member of one tenant, as the user register shows it (read-only). */
export const userLedgerRowSchema = z.object({
  /** The account's id in the tenant's register; `<tenantId>/<accountId>` in the platform's. */
  id: z.string(),
  tenantId: z.string(),
  tenantName: z.string(),
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  roleNames: z.array(z.string()),
  status: z.enum(['active', 'disabled']),
  source: z.enum(['registration', 'import', 'admin', 'qr', 'sms', 'seed']),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  lastSignInIp: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  /** Whole days since the password was last set; null without a password. */
  passwordAgeDays: z.number().int().nullable(),
  locked: z.boolean(),
  expiresAt: z.string().nullable(),
  highlights: z.array(z.enum(['dormant', 'expiring', 'expired', 'locked'])),
  version: z.number().int(),
});
export type UserLedgerRow = z.infer<typeof userLedgerRowSchema>;

const columns: ResourceDeclaration['columns'] = [
  { key: 'username', title: { zh: '账号', en: 'Account' }, list: true },
  { key: 'name', title: { zh: '姓名', en: 'Name' }, list: true },
  { key: 'departmentName', title: { zh: '部门', en: 'Department' }, list: true },
  { key: 'roleNames', title: { zh: '角色', en: 'Roles' }, list: true, kind: 'list' },
  { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
  {
    key: 'highlights',
    title: { zh: '提示', en: 'Highlights' },
    list: true,
    options: USER_LEDGER_HIGHLIGHTS,
    kind: 'list',
  },
  { key: 'source', title: { zh: '来源', en: 'Source' }, list: true, options: MEMBER_SOURCE_OPTIONS },
  { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  { key: 'lastSignInAt', title: { zh: '最近登录时间', en: 'Last sign-in' }, list: true, kind: 'date' },
  { key: 'lastSignInIp', title: { zh: '最近登录地址', en: 'Last sign-in address' }, list: true },
  {
    key: 'twoFactorEnabled',
    title: { zh: '双因素认证', en: 'Two-factor' },
    list: true,
    kind: 'boolean',
    options: YES_NO,
  },
  {
    key: 'passwordAgeDays',
    title: { zh: '密码已用天数', en: 'Password age (days)' },
    list: true,
    kind: 'number',
  },
  { key: 'locked', title: { zh: '锁定', en: 'Locked' }, list: true, kind: 'boolean', options: YES_NO },
  { key: 'expiresAt', title: { zh: '账号有效期', en: 'Account expiry' }, list: true, kind: 'date' },
];

const filters = {
  username: 'contains',
  name: 'contains',
  department: 'contains',
  status: 'equals',
  source: 'equals',
  highlights: 'equals',
  twoFactorEnabled: 'boolean',
  lastSignInAt: 'dateRange',
  createdAt: 'dateRange',
  expiresAt: 'dateRange',
} as const;
const sortable = ['username', 'name', 'createdAt', 'lastSignInAt', 'expiresAt', 'passwordChangedAt'] as const;

/** The tenant's user register (`/ump/admin/user-ledger`), under the viewer's data scope. */
export const userLedgerResource = defineResource({
  name: 'user-ledger',
  scope: 'ump',
  title: { zh: '用户台账', en: 'User register' },
  row: userLedgerRowSchema,
  filters,
  sortable,
  defaultSort: '-createdAt',
  searchable: ['username', 'name'],
  columns,
  fields: { department: { zh: '部门', en: 'Department' } },
  permissions: { list: 'user-ledger:list', export: 'user-ledger:export' },
});

/** Every tenant's user register, for the platform (`/dmp/admin/user-ledger`). */
export const platformUserLedgerResource = defineResource({
  name: 'user-ledger',
  scope: 'dmp',
  title: { zh: '用户台账（全部租户）', en: 'User register (all tenants)' },
  row: userLedgerRowSchema,
  filters: { tenant: 'contains', ...filters },
  sortable,
  defaultSort: '-createdAt',
  searchable: ['username', 'name'],
  columns: [{ key: 'tenantName', title: { zh: '租户', en: 'Tenant' }, list: true }, ...columns],
  fields: { tenant: { zh: '租户', en: 'Tenant' }, department: { zh: '部门', en: 'Department' } },
  permissions: { list: 'user-ledger:list-all', export: 'user-ledger:export-all' },
});
