import { z } from 'zod';
import { isoInstantSchema } from '../../dates';
import { secretAnswer } from '../../secret-answer';
import { MOBILE_PATTERN } from '../../validation';
import { defineResource } from '../resource';
import { tenantPackageGrantsSchema, tenantPackageSchema, tenantSetPackagesBodySchema } from './packages';

/** Lower-case letters, digits and hyphens, starting with a letter: it appears in URLs (?tenant=). */
export const TENANT_CODE_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** Days after deletion before a tenant in the recycle bin may be purged. */
export const TENANT_PURGE_GRACE_DAYS = 30;

const domains = z
  .array(z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, '域名格式不正确'))
  .max(20)
  .refine((list) => new Set(list).size === list.length, '域名重复');
/** A tenant's domains as its settings page edits them too (issue 13). */
export const tenantDomainListSchema = domains;
const mobile = z.string().trim().regex(MOBILE_PATTERN, '手机号格式不正确');
const isoDateTime = isoInstantSchema;

export const tenantRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  usersUsed: z.number().int(),
  seatLimit: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  /** Whole days until expiry (negative once expired); null without an expiry. */
  daysLeft: z.number().int().nullable(),
  domains: z.array(z.string()),
  /** The packages it holds, oldest first; what it may use is the union of the current ones. */
  packages: z.array(tenantPackageSchema),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  /** When a deleted tenant may be purged. */
  purgeableAt: z.string().nullable(),
  version: z.number().int(),
});
export type TenantRow = z.infer<typeof tenantRowSchema>;

const editableFields = {
  name: z.string().trim().min(2, '租户名称至少2个字符').max(100),
  contactName: z.string().trim().max(50).nullable().optional(),
  contactPhone: mobile.nullable().optional(),
  seatLimit: z.number().int().min(1).max(10_000_000).nullable().optional(),
  expiresAt: isoDateTime.nullable().optional(),
  domains: domains.optional(),
};

export const tenantCreateSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(TENANT_CODE_PATTERN, '编码以小写字母开头，可含小写字母、数字和连字符，2-32位'),
  ...editableFields,
  /** The tenant administrator: a new account, or the existing account with this mobile. */
  admin: z.strictObject({
    mobile,
    username: z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9._-]{2,63}$/, '账号以字母开头，3-64位字母、数字、点、下划线或连字符')
      .optional(),
    name: z.string().trim().min(1).max(50).optional(),
  }),
  /** Send the initial password by SMS instead of showing it once to the creator. */
  sendPasswordBySms: z.boolean().optional(),
  /**
   * Packages it holds from the start; its administrator role gets their menus. Omitted: the platform's
   * default package, if one is marked (an empty list: none).
   */
  packages: tenantPackageGrantsSchema.optional(),
});
export type TenantCreate = z.infer<typeof tenantCreateSchema>;

/** The new tenant, and its administrator's initial password when it was not sent by SMS: shown once. */
export const tenantCreateAnswerSchema = secretAnswer(
  tenantRowSchema.extend({
    adminUsername: z.string(),
    adminIsNew: z.boolean(),
    initialPassword: z.string().nullable(),
  }),
);

export const tenantUpdateSchema = z.strictObject({ ...editableFields, name: editableFields.name.optional() });
export type TenantUpdate = z.infer<typeof tenantUpdateSchema>;

/** Deleting a tenant asks for its name, typed again. */
export const tenantDeleteBodySchema = z.strictObject({ confirmName: z.string().max(100) });

export const STATUS_OPTIONS = [
  { value: 'active', label: { zh: '启用', en: 'Active' }, color: 'green' },
  { value: 'disabled', label: { zh: '停用', en: 'Disabled' }, color: 'default' },
] as const;

export const tenantsResource = defineResource({
  name: 'tenants',
  scope: 'dmp',
  title: { zh: '租户', en: 'Tenant' },
  row: tenantRowSchema,
  create: tenantCreateSchema,
  createAnswer: tenantCreateAnswerSchema,
  update: tenantUpdateSchema,
  filters: {
    code: 'contains',
    name: 'contains',
    contactName: 'contains',
    contactPhone: 'contains',
    domain: 'contains',
    package: 'contains',
    status: 'equals',
    expiresAt: 'dateRange',
    createdAt: 'dateRange',
    deleted: 'boolean',
  },
  sortable: ['code', 'name', 'status', 'usersUsed', 'expiresAt', 'createdAt'],
  defaultSort: '-createdAt',
  searchable: ['code', 'name', 'contactName'],
  columns: [
    { key: 'code', title: { zh: '编码', en: 'Code' }, list: true, importable: true, example: 'demo-water' },
    {
      key: 'name',
      title: { zh: '租户名称', en: 'Name' },
      list: true,
      importable: true,
      example: '示例水务公司',
    },
    {
      key: 'contactName',
      title: { zh: '联系人', en: 'Contact' },
      list: true,
      importable: true,
      example: '张三',
    },
    {
      key: 'contactPhone',
      title: { zh: '联系电话', en: 'Phone' },
      list: true,
      importable: true,
      example: '13800000000',
    },
    { key: 'packages', title: { zh: '套餐', en: 'Packages' }, list: true, kind: 'list' },
    { key: 'usersUsed', title: { zh: '已用席位', en: 'Seats used' }, list: true, kind: 'number' },
    {
      key: 'seatLimit',
      title: { zh: '席位上限', en: 'Seat limit' },
      list: true,
      kind: 'number',
      importable: true,
    },
    {
      key: 'expiresAt',
      title: { zh: '到期时间', en: 'Expires' },
      list: true,
      kind: 'date',
      importable: true,
    },
    { key: 'daysLeft', title: { zh: '剩余天数', en: 'Days left' }, list: true, kind: 'number' },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
    {
      key: 'domains',
      title: { zh: '域名', en: 'Domains' },
      list: true,
      kind: 'list',
      importable: true,
      example: 'water.example.com',
    },
    // Import only (the row does not carry it, so exports leave it out): the tenant's administrator,
    // an existing account with this mobile or a new one.
    {
      key: 'admin.mobile',
      title: { zh: '管理员手机号', en: 'Administrator mobile' },
      importable: true,
      example: '13900000000',
    },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  fields: {
    domain: { zh: '域名', en: 'Domain' },
    package: { zh: '套餐', en: 'Package' },
    deleted: { zh: '回收站', en: 'Recycle bin' },
    admin: { zh: '租户管理员', en: 'Tenant administrator' },
    'admin.mobile': { zh: '管理员手机号', en: 'Administrator mobile' },
    'admin.username': { zh: '管理员账号', en: 'Administrator account' },
    'admin.name': { zh: '管理员姓名', en: 'Administrator name' },
    sendPasswordBySms: { zh: '短信发送初始密码', en: 'Send the initial password by SMS' },
    adminUsername: { zh: '管理员账号', en: 'Administrator account' },
    adminIsNew: { zh: '新建的账号', en: 'New account' },
    initialPassword: { zh: '初始密码', en: 'Initial password' },
    purged: { zh: '已删除的数据', en: 'Removed data' },
  },
  permissions: {
    list: 'tenant:list',
    create: 'tenant:create',
    update: 'tenant:update',
    delete: 'tenant:delete',
    export: 'tenant:export',
    import: 'tenant:import',
  },
  recycleBin: true,
  importKey: 'code',
  actions: {
    'set-packages': {
      permission: 'tenant:update',
      title: { zh: '分配套餐', en: 'Set packages' },
      body: tenantSetPackagesBodySchema,
    },
    enable: { permission: 'tenant:enable', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'tenant:enable', title: { zh: '停用', en: 'Disable' }, danger: true },
    delete: {
      permission: 'tenant:delete',
      title: { zh: '删除', en: 'Delete' },
      body: tenantDeleteBodySchema,
      danger: true,
    },
    restore: { permission: 'tenant:restore', title: { zh: '恢复', en: 'Restore' } },
    purge: {
      permission: 'tenant:purge',
      title: { zh: '彻底删除', en: 'Purge' },
      danger: true,
      answer: tenantRowSchema.extend({ purged: z.record(z.string(), z.number().int()) }),
    },
  },
});
