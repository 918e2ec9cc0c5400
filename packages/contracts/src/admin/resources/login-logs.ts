import { z } from 'zod';
import { defineResource, type ResourceDeclaration } from '../resource';
import {
  LOGIN_LOG_CLIENT_OPTIONS,
  LOGIN_LOG_DEVICE_OPTIONS,
  LOGIN_LOG_FLAG_OPTIONS,
  LOGIN_LOG_MODE_OPTIONS,
  LOGIN_LOG_RESULT_OPTIONS,
} from './login-log-options';

// The options' labels live apart (no zod there): the statistics pages name modes and devices with them.
export * from './login-log-options';

const YES_NO = [
  { value: 'true', label: { zh: '是', en: 'Yes' }, color: 'volcano' },
  { value: 'false', label: { zh: '否', en: 'No' } },
] as const;

/** One sign-in attempt as the login log shows it (read-only). */
export const loginLogRowSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  accountId: z.string().nullable(),
  username: z.string(),
  mode: z.string(),
  result: z.enum(['success', 'failure']),
  errorCode: z.string().nullable(),
  /** The failure's reason in words (the error code's message). */
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  /** "中国 广东省 深圳市", "本机", "内网". */
  region: z.string().nullable(),
  regionCountry: z.string().nullable(),
  regionProvince: z.string().nullable(),
  regionCity: z.string().nullable(),
  deviceType: z.string().nullable(),
  os: z.string().nullable(),
  browser: z.string().nullable(),
  client: z.string().nullable(),
  channel: z.string(),
  userAgent: z.string().nullable(),
  flags: z.array(z.enum(['new-region', 'new-device', 'failure-burst'])),
  flagged: z.boolean(),
  /** The account is locked out right now (the row offers 解锁). */
  locked: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type LoginLogRow = z.infer<typeof loginLogRowSchema>;

const columns: ResourceDeclaration['columns'] = [
  { key: 'createdAt', title: { zh: '时间', en: 'Time' }, list: true, kind: 'date' },
  { key: 'username', title: { zh: '账号', en: 'Account' }, list: true },
  { key: 'tenantName', title: { zh: '租户', en: 'Tenant' }, list: true },
  { key: 'mode', title: { zh: '登录方式', en: 'Mode' }, list: true, options: LOGIN_LOG_MODE_OPTIONS },
  { key: 'result', title: { zh: '结果', en: 'Result' }, list: true, options: LOGIN_LOG_RESULT_OPTIONS },
  { key: 'reason', title: { zh: '原因', en: 'Reason' }, list: true },
  { key: 'ip', title: { zh: '地址', en: 'Address' }, list: true },
  { key: 'region', title: { zh: '地区', en: 'Region' }, list: true },
  {
    key: 'deviceType',
    title: { zh: '设备类型', en: 'Device' },
    list: true,
    options: LOGIN_LOG_DEVICE_OPTIONS,
  },
  { key: 'os', title: { zh: '操作系统', en: 'OS' }, list: true },
  { key: 'browser', title: { zh: '浏览器', en: 'Browser' }, list: true },
  { key: 'client', title: { zh: '客户端', en: 'Client' }, list: true, options: LOGIN_LOG_CLIENT_OPTIONS },
  {
    key: 'flags',
    title: { zh: '异常', en: 'Flags' },
    list: true,
    kind: 'list',
    options: LOGIN_LOG_FLAG_OPTIONS,
  },
  { key: 'locked', title: { zh: '锁定', en: 'Locked' }, kind: 'boolean', options: YES_NO },
  { key: 'errorCode', title: { zh: '错误码', en: 'Error code' } },
  { key: 'channel', title: { zh: '渠道', en: 'Channel' } },
  { key: 'userAgent', title: { zh: 'User-Agent', en: 'User agent' } },
  { key: 'accountId', title: { zh: '账号 ID', en: 'Account id' } },
  { key: 'tenantId', title: { zh: '租户 ID', en: 'Tenant id' } },
];

const filters = {
  username: 'contains',
  mode: 'in',
  result: 'equals',
  ip: 'contains',
  region: 'contains',
  deviceType: 'equals',
  os: 'equals',
  browser: 'equals',
  client: 'equals',
  flagged: 'boolean',
  createdAt: 'dateRange',
} as const;

const fields = {
  flagged: { zh: '仅看异常', en: 'Flagged only' },
};

/** The tenant's login log (`/ump/admin/login-logs`): its own rows only (row-level security). */
export const loginLogsResource = defineResource({
  name: 'login-logs',
  scope: 'ump',
  title: { zh: '登录日志', en: 'Login log' },
  row: loginLogRowSchema,
  filters,
  sortable: ['createdAt'],
  defaultSort: '-createdAt',
  columns,
  fields,
  permissions: { list: 'login-log:list', export: 'login-log:export' },
  actions: { unlock: { permission: 'login-log:unlock', title: { zh: '解锁账号', en: 'Unlock account' } } },
});

/** Every tenant's login log and the platform's own sign-ins (`/dmp/admin/login-logs`). */
export const platformLoginLogsResource = defineResource({
  name: 'login-logs',
  scope: 'dmp',
  title: { zh: '登录日志（全部租户）', en: 'Login log (all tenants)' },
  row: loginLogRowSchema,
  filters: { tenant: 'contains', ...filters },
  sortable: ['createdAt'],
  defaultSort: '-createdAt',
  columns,
  fields: { ...fields, tenant: { zh: '租户', en: 'Tenant' } },
  permissions: { list: 'login-log:list-all', export: 'login-log:export-all' },
  actions: {
    unlock: { permission: 'login-log:unlock-all', title: { zh: '解锁账号', en: 'Unlock account' } },
  },
});
