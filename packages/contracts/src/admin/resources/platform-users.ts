import { z } from 'zod';
import { secretAnswer } from '../../secret-answer';
import { MOBILE_PATTERN } from '../../validation';
import { defineResource } from '../resource';
import { STATUS_OPTIONS } from './tenants';

const mobile = z.string().trim().regex(MOBILE_PATTERN, '手机号格式不正确');
const roleIds = z.array(z.string().trim().min(1).max(100)).max(50);
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,63}$/;

/** An operator of the platform: an account holding the super administrator flag or platform roles. */
export const platformUserRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  /** The built-in super administrator: every platform permission. */
  superAdmin: z.boolean(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type PlatformUserRow = z.infer<typeof platformUserRowSchema>;

export const platformUserCreateSchema = z.strictObject({
  username: z.string().trim().regex(USERNAME_PATTERN, '账号以字母开头，3-64位字母、数字、点、下划线或连字符'),
  name: z.string().trim().min(1, '请输入姓名').max(50),
  mobile: mobile.nullable().optional(),
  superAdmin: z.boolean().optional(),
  roleIds: roleIds.optional(),
});
export type PlatformUserCreate = z.infer<typeof platformUserCreateSchema>;

export const platformUserUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, '请输入姓名').max(50).optional(),
  mobile: mobile.nullable().optional(),
  superAdmin: z.boolean().optional(),
  roleIds: roleIds.optional(),
});
export type PlatformUserUpdate = z.infer<typeof platformUserUpdateSchema>;

/** A password reset answers the new password once (or sends it by SMS). */
export const resetPasswordBodySchema = z.strictObject({ sendBySms: z.boolean().optional() });

export const platformUserSessionSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  channel: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  accessExpiresAt: z.string(),
});

const answerWithPassword = secretAnswer(
  platformUserRowSchema.extend({ initialPassword: z.string().nullable() }),
);

export const platformUsersResource = defineResource({
  name: 'platform-users',
  scope: 'dmp',
  title: { zh: '平台用户', en: 'Platform user' },
  row: platformUserRowSchema,
  /** The person by name and account: two members may share a name. */
  recordLabel: (row) => `${row.name}（${row.username}）`,
  create: platformUserCreateSchema,
  createAnswer: answerWithPassword,
  update: platformUserUpdateSchema,
  filters: {
    username: 'contains',
    name: 'contains',
    mobile: 'contains',
    status: 'equals',
    createdAt: 'dateRange',
  },
  sortable: ['username', 'name', 'status', 'lastSignInAt', 'createdAt'],
  defaultSort: '-createdAt',
  searchable: ['username', 'name'],
  columns: [
    { key: 'username', title: { zh: '账号', en: 'Account' }, list: true },
    { key: 'name', title: { zh: '姓名', en: 'Name' }, list: true },
    { key: 'mobile', title: { zh: '手机号', en: 'Mobile' }, list: true },
    {
      key: 'superAdmin',
      title: { zh: '超级管理员', en: 'Super administrator' },
      list: true,
      kind: 'boolean',
    },
    { key: 'roleNames', title: { zh: '平台角色', en: 'Platform roles' }, list: true, kind: 'list' },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
    { key: 'lastSignInAt', title: { zh: '最近登录', en: 'Last sign-in' }, list: true, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  fields: {
    roleIds: { zh: '平台角色', en: 'Platform roles' },
    initialPassword: { zh: '初始密码', en: 'Initial password' },
  },
  permissions: {
    list: 'platform-user:list',
    create: 'platform-user:create',
    update: 'platform-user:update',
    delete: 'platform-user:delete',
    export: 'platform-user:export',
  },
  actions: {
    enable: { permission: 'platform-user:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'platform-user:update', title: { zh: '停用', en: 'Disable' }, danger: true },
    'reset-password': {
      permission: 'platform-user:reset-password',
      title: { zh: '重置密码', en: 'Reset password' },
      body: resetPasswordBodySchema,
      answer: answerWithPassword,
    },
    unlock: { permission: 'platform-user:unlock', title: { zh: '解锁', en: 'Unlock' } },
    'sign-out': {
      permission: 'platform-user:sessions',
      title: { zh: '强制下线', en: 'Sign out everywhere' },
      danger: true,
    },
  },
});

export const platformRoleRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  builtin: z.boolean(),
  holders: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
});

const permissionCodes = z.array(z.string().regex(/^[a-z-]+:[a-z-]+$/, '权限码格式不正确')).max(500);

export const platformRoleCreateSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]{1,63}$/, '编码以小写字母开头，可含小写字母、数字和连字符'),
  name: z.string().trim().min(1, '请输入名称').max(50),
  permissions: permissionCodes,
});
export const platformRoleUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, '请输入名称').max(50).optional(),
  permissions: permissionCodes.optional(),
});

export const platformRolesResource = defineResource({
  name: 'platform-roles',
  scope: 'dmp',
  title: { zh: '平台角色', en: 'Platform role' },
  row: platformRoleRowSchema,
  create: platformRoleCreateSchema,
  update: platformRoleUpdateSchema,
  filters: { code: 'contains', name: 'contains' },
  sortable: ['code', 'name', 'holders', 'createdAt'],
  defaultSort: 'code',
  searchable: ['code', 'name'],
  columns: [
    { key: 'code', title: { zh: '编码', en: 'Code' }, list: true },
    { key: 'name', title: { zh: '名称', en: 'Name' }, list: true },
    { key: 'permissions', title: { zh: '权限', en: 'Permissions' }, list: true, kind: 'list' },
    { key: 'holders', title: { zh: '用户数', en: 'Holders' }, list: true, kind: 'number' },
    { key: 'builtin', title: { zh: '内置', en: 'Built-in' }, list: true, kind: 'boolean' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  permissions: {
    list: 'platform-role:list',
    create: 'platform-role:create',
    update: 'platform-role:update',
    delete: 'platform-role:delete',
  },
});
