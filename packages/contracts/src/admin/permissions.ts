import type { LocalText } from './resource';

/**
 * Every permission code, declared once. Admin menu items of type button carry them, roles grant
 * them, the server checks them on every admin route (403 FORBIDDEN naming the missing code), and
 * the web hides what the user may not do. `platform` codes are held through platform roles,
 * `tenant` codes through the roles of the active tenant.
 */
export interface PermissionDefinition {
  scope: 'platform' | 'tenant';
  title: LocalText;
}

const platform = (zh: string, en: string): PermissionDefinition => ({ scope: 'platform', title: { zh, en } });

export const PERMISSIONS = {
  'tenant:list': platform('查看租户', 'View tenants'),
  'tenant:create': platform('新增租户', 'Create tenants'),
  'tenant:update': platform('修改租户', 'Edit tenants'),
  'tenant:enable': platform('启用/停用租户', 'Enable or disable tenants'),
  'tenant:delete': platform('删除租户', 'Delete tenants'),
  'tenant:restore': platform('恢复租户', 'Restore tenants'),
  'tenant:purge': platform('彻底删除租户', 'Purge tenants'),
  'tenant:export': platform('导出租户', 'Export tenants'),
  'tenant:import': platform('导入租户', 'Import tenants'),
  'package:list': platform('查看套餐', 'View packages'),
  'package:create': platform('新增套餐', 'Create packages'),
  'package:update': platform('修改套餐', 'Edit packages'),
  'package:delete': platform('删除套餐', 'Delete packages'),
  'package:export': platform('导出套餐', 'Export packages'),
  'api-client:list': platform('查看接口凭据', 'View API credentials'),
  'api-client:create': platform('新增接口凭据', 'Create API credentials'),
  'api-client:update': platform('修改接口凭据', 'Edit API credentials'),
  'api-client:rotate-secret': platform('轮换密钥', 'Rotate secrets'),
  'api-client:revoke': platform('吊销接口凭据', 'Revoke API credentials'),
  'api-client:export': platform('导出接口凭据', 'Export API credentials'),
  'platform-user:list': platform('查看平台用户', 'View platform users'),
  'platform-user:create': platform('新增平台用户', 'Create platform users'),
  'platform-user:update': platform('修改平台用户', 'Edit platform users'),
  'platform-user:reset-password': platform('重置密码', 'Reset passwords'),
  'platform-user:unlock': platform('解锁平台用户', 'Unlock platform users'),
  'platform-user:sessions': platform('管理会话', 'Manage sessions'),
  'platform-user:delete': platform('删除平台用户', 'Delete platform users'),
  'platform-user:export': platform('导出平台用户', 'Export platform users'),
  'platform-role:list': platform('查看平台角色', 'View platform roles'),
  'platform-role:create': platform('新增平台角色', 'Create platform roles'),
  'platform-role:update': platform('修改平台角色', 'Edit platform roles'),
  'platform-role:delete': platform('删除平台角色', 'Delete platform roles'),
  'platform-settings:read': platform('查看系统配置', 'View platform settings'),
  'platform-settings:update': platform('修改系统配置', 'Edit platform settings'),
  'tenant-ledger:list': platform('查看租户台账', 'View the tenant register'),
  'tenant-ledger:export': platform('导出租户台账', 'Export the tenant register'),
  'operation-log:list': platform('查看操作日志', 'View operation logs'),
  'job:list': platform('查看任务', 'View jobs'),
  'job:list-all': platform('查看所有人的任务', "View everyone's jobs"),
  'tenant-job:list': {
    scope: 'tenant',
    title: { zh: '查看本人的导入导出任务', en: 'View own import and export jobs' },
  },
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionCode = keyof typeof PERMISSIONS;

export const isPermissionCode = (code: string): code is PermissionCode => Object.hasOwn(PERMISSIONS, code);

export const permissionCodesOf = (scope: PermissionDefinition['scope']): PermissionCode[] =>
  (Object.entries(PERMISSIONS) as [PermissionCode, PermissionDefinition][])
    .filter(([, definition]) => definition.scope === scope)
    .map(([code]) => code);
