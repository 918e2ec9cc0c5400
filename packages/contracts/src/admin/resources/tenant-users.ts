import { z } from 'zod';
import { isoDaySchema, isoInstantSchema } from '../../dates';
import { recordVersionSchema } from '../../integers';
import { secretAnswer } from '../../secret-answer';
import { MOBILE_PATTERN } from '../../validation';
import { defineResource, idsBodySchema } from '../resource';
import { STATUS_OPTIONS } from './tenants';

const id = z.string().trim().min(1).max(100);
const mobile = z.string().trim().regex(MOBILE_PATTERN, '手机号格式不正确');
const roleIds = z.array(id).max(50);
const roleNames = z.array(z.string().trim().min(1).max(50)).max(50);
const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9._-]{2,63}$/;
/** A moment, or a day (the account expires at that day's end, platform time). */
const expiresAt = isoInstantSchema.or(isoDaySchema).nullable();

/** A membership's status: an existing account added by mobile waits for its holder to accept. */
export const MEMBER_STATUS_OPTIONS = [
  ...STATUS_OPTIONS,
  { value: 'invited', label: { zh: '待接受邀请', en: 'Invited' }, color: 'gold' },
] as const;

export const MEMBER_SOURCE_OPTIONS = [
  { value: 'registration', label: { zh: '自助注册', en: 'Registration' } },
  { value: 'import', label: { zh: '导入', en: 'Import' } },
  { value: 'admin', label: { zh: '管理员创建', en: 'Administrator' } },
  { value: 'qr', label: { zh: '扫码首次登录', en: 'QR first sign-in' } },
  { value: 'sms', label: { zh: '短信首次登录', en: 'SMS first sign-in' } },
  { value: 'seed', label: { zh: '初始化', en: 'Seed' } },
] as const;

/** A member of the active tenant: the global account and its membership (department, roles, expiry). */
export const tenantUserRowSchema = z.object({
  /** The account's id. */
  id: z.string(),
  username: z.string(),
  name: z.string(),
  /** Masked (139****0001) unless the operator holds user:view-mobile. */
  mobile: z.string().nullable(),
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  roleIds: z.array(z.string()),
  roleNames: z.array(z.string()),
  /** The membership's status in this tenant; 'invited' until an existing account's holder accepts. */
  status: z.enum(['active', 'disabled', 'invited']),
  source: z.enum(['registration', 'import', 'admin', 'qr', 'sms', 'seed']),
  expiresAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  lastSignInIp: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type TenantUserRow = z.infer<typeof tenantUserRowSchema>;

/**
 * A new account (username and name), or an existing account added as a member by its mobile. The
 * department and roles may be given by id (the form) or by name (an import workbook).
 */
export const tenantUserCreateSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(USERNAME_PATTERN, '账号以字母开头，3-64位字母、数字、点、下划线或连字符')
    .optional(),
  name: z.string().trim().min(1, '请输入姓名').max(50).optional(),
  mobile: mobile.nullable().optional(),
  departmentId: id.nullable().optional(),
  departmentName: z.string().trim().min(1).max(64).optional(),
  roleIds: roleIds.optional(),
  roleNames: roleNames.optional(),
  expiresAt: expiresAt.optional(),
});
export type TenantUserCreate = z.infer<typeof tenantUserCreateSchema>;

/** What the tenant may change of a member: its place, roles and expiry (the account is global). */
export const tenantUserUpdateSchema = z.strictObject({
  departmentId: id.nullable().optional(),
  departmentName: z.string().trim().min(1).max(64).optional(),
  roleIds: roleIds.optional(),
  roleNames: roleNames.optional(),
  expiresAt: expiresAt.optional(),
});
export type TenantUserUpdate = z.infer<typeof tenantUserUpdateSchema>;

/** The version the record was read at (the action forms send it); the current one if absent. */
const readAt = recordVersionSchema.optional();
export const tenantUserResetPasswordSchema = z.strictObject({
  sendBySms: z.boolean().optional(),
  version: readAt,
});
export const tenantUserRolesSchema = z.strictObject({ roleIds, version: readAt });
export const tenantUserMoveSchema = z.strictObject({ departmentId: id, version: readAt });
export const tenantUserExpirySchema = z.strictObject({ expiresAt, version: readAt });

/** A role the user form may give: the tenant's roles, disabled ones shown but not chosen. */
export const tenantRoleOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
});

/** Batch actions on selected members: all or nothing. */
export const tenantUserBatchSchema = idsBodySchema.extend({
  action: z.enum(['enable', 'disable', 'add-role', 'remove-role', 'move']),
  roleId: id.optional(),
  departmentId: id.optional(),
});
export type TenantUserBatch = z.infer<typeof tenantUserBatchSchema>;

export const tenantUserSessionSchema = z.object({
  id: z.string(),
  channel: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  accessExpiresAt: z.string(),
});

const answerWithPassword = secretAnswer(
  tenantUserRowSchema.extend({ initialPassword: z.string().nullable() }),
);

export const tenantUsersResource = defineResource({
  name: 'users',
  scope: 'ump',
  title: { zh: '用户', en: 'User' },
  row: tenantUserRowSchema,
  /** The person by name and account: two members may share a name. */
  recordLabel: (row) => `${row.name}（${row.username}）`,
  create: tenantUserCreateSchema,
  createAnswer: answerWithPassword,
  update: tenantUserUpdateSchema,
  filters: {
    // The tree on the left: a department, with or without its sub-departments (default with).
    departmentId: 'equals',
    subDepartments: 'boolean',
    username: 'contains',
    name: 'contains',
    mobile: 'contains',
    status: 'equals',
    roleId: 'equals',
    source: 'equals',
    lastSignInAt: 'dateRange',
    createdAt: 'dateRange',
  },
  sortable: ['username', 'name', 'status', 'lastSignInAt', 'createdAt', 'expiresAt'],
  defaultSort: '-createdAt',
  searchable: ['username', 'name', 'mobile'],
  columns: [
    {
      key: 'username',
      title: { zh: '账号', en: 'Account' },
      list: true,
      importable: true,
      example: 'zhang.san',
    },
    { key: 'name', title: { zh: '姓名', en: 'Name' }, list: true, importable: true, example: '张三' },
    {
      key: 'mobile',
      title: { zh: '手机号', en: 'Mobile' },
      list: true,
      importable: true,
      example: '13912345678',
    },
    {
      key: 'departmentName',
      title: { zh: '部门', en: 'Department' },
      list: true,
      importable: true,
      example: '生产运营部',
    },
    {
      key: 'roleNames',
      title: { zh: '角色', en: 'Roles' },
      list: true,
      kind: 'list',
      importable: true,
      example: '运维人员',
    },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: MEMBER_STATUS_OPTIONS },
    { key: 'source', title: { zh: '来源', en: 'Source' }, options: MEMBER_SOURCE_OPTIONS },
    { key: 'expiresAt', title: { zh: '账号到期', en: 'Expires' }, kind: 'date', importable: true },
    { key: 'lastSignInAt', title: { zh: '最近登录', en: 'Last sign-in' }, list: true, kind: 'date' },
    { key: 'lastSignInIp', title: { zh: '最近登录地址', en: 'Last sign-in IP' } },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  fields: {
    departmentId: { zh: '部门', en: 'Department' },
    roleIds: { zh: '角色', en: 'Roles' },
    initialPassword: { zh: '初始密码', en: 'Initial password' },
    sendBySms: { zh: '通过短信发送新密码', en: 'Send the new password by SMS' },
  },
  /**
   * Issue 25: how the new users of an import get a way in (members who join by mobile with an
   * account of their own are invited instead, as when added one by one).
   */
  importChoices: {
    credentials: {
      title: { zh: '新用户如何登录', en: 'How new users sign in' },
      options: [
        {
          value: 'passwords',
          label: { zh: '下载初始密码', en: 'Download initial passwords' },
          hint: {
            zh: '导入后可下载一次初始密码表（1 小时内有效），由您转交；首次登录须修改密码。',
            en: 'After the import you may download the initial passwords once (within an hour) and hand them over; each must be changed at the first sign-in.',
          },
        },
        {
          value: 'sms',
          label: { zh: '发送激活短信', en: 'Send an activation SMS' },
          hint: {
            zh: '每位新用户收到一条短信，凭手机验证码设置自己的密码；须填写手机号。',
            en: 'Each new user gets an SMS and sets a password with a code sent to the phone; a mobile number is required.',
          },
        },
      ],
      default: 'passwords',
    },
  },
  permissions: {
    list: 'user:list',
    create: 'user:create',
    update: 'user:update',
    delete: 'user:delete',
    export: 'user:export',
    import: 'user:import',
  },
  importKey: 'username',
  actions: {
    enable: { permission: 'user:enable', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'user:enable', title: { zh: '停用', en: 'Disable' }, danger: true },
    'reset-password': {
      permission: 'user:reset-password',
      title: { zh: '重置密码', en: 'Reset password' },
      body: tenantUserResetPasswordSchema,
      answer: answerWithPassword,
    },
    unlock: { permission: 'user:unlock', title: { zh: '解锁', en: 'Unlock' } },
    'assign-roles': {
      permission: 'user:assign-roles',
      title: { zh: '分配角色', en: 'Assign roles' },
      body: tenantUserRolesSchema,
    },
    move: { permission: 'user:update', title: { zh: '调整部门', en: 'Move' }, body: tenantUserMoveSchema },
    'set-expiry': {
      permission: 'user:update',
      title: { zh: '设置到期日', en: 'Set expiry' },
      body: tenantUserExpirySchema,
    },
    'sign-out': {
      permission: 'user:sessions',
      title: { zh: '强制下线', en: 'End sessions' },
      danger: true,
    },
  },
});
