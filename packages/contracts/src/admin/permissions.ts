import type { LocalText } from './resource';

/**
 * Every permission code, declared once. Admin menu items of type button carry them, roles grant
 * them, the server checks them on every admin route (403 FORBIDDEN naming the missing code), and
 * the web hides what the user may not do. `platform` codes are held through platform roles,
 * `tenant` codes through the roles of the active tenant.
 */
export interface PermissionDefinition {
  /** `both`: the same code on the platform (its own files) and in a tenant (the tenant's files). */
  scope: 'platform' | 'tenant' | 'both';
  title: LocalText;
}

const platform = (zh: string, en: string): PermissionDefinition => ({ scope: 'platform', title: { zh, en } });
const tenant = (zh: string, en: string): PermissionDefinition => ({ scope: 'tenant', title: { zh, en } });
const both = (zh: string, en: string): PermissionDefinition => ({ scope: 'both', title: { zh, en } });

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
  'user-ledger:list-all': platform('查看全部租户的用户台账', "View every tenant's user register"),
  'user-ledger:export-all': platform('导出全部租户的用户台账', "Export every tenant's user register"),
  // Dictionaries and parameters (issue 14): the platform's, and the tenant's own.
  'platform-dictionary:list': platform('查看平台字典', 'View platform dictionaries'),
  'platform-dictionary:create': platform('新增平台字典', 'Create platform dictionaries'),
  'platform-dictionary:update': platform('修改平台字典', 'Edit platform dictionaries'),
  'platform-dictionary:delete': platform('删除平台字典', 'Delete platform dictionaries'),
  'platform-dictionary:export': platform('导出平台字典', 'Export platform dictionaries'),
  'platform-parameter:list': platform('查看平台参数', 'View platform parameters'),
  'platform-parameter:create': platform('新增平台参数', 'Create platform parameters'),
  'platform-parameter:update': platform('修改平台参数', 'Edit platform parameters'),
  'platform-parameter:delete': platform('删除平台参数', 'Delete platform parameters'),
  'platform-parameter:export': platform('导出平台参数', 'Export platform parameters'),
  'dictionary:list': tenant('查看数据字典', 'View dictionaries'),
  'dictionary:create': tenant('新增数据字典', 'Create dictionaries'),
  'dictionary:update': tenant('修改数据字典', 'Edit dictionaries'),
  'dictionary:delete': tenant('删除数据字典', 'Delete dictionaries'),
  'dictionary:export': tenant('导出数据字典', 'Export dictionaries'),
  'parameter:list': tenant('查看参数', 'View parameters'),
  'parameter:update': tenant('修改参数', 'Edit parameters'),
  'parameter:export': tenant('导出参数', 'Export parameters'),
  // Issue 14: the application catalogue and the global menu trees (platform).
  'application:list': platform('查看应用', 'View applications'),
  'application:create': platform('新增应用', 'Create applications'),
  'application:update': platform('修改应用', 'Edit applications'),
  'application:publish': platform('发布/下线应用', 'Publish or take applications offline'),
  'application:delete': platform('删除应用', 'Delete applications'),
  'application:export': platform('导出应用', 'Export applications'),
  'menu:list': platform('查看应用菜单', 'View application menus'),
  'menu:create': platform('新增应用菜单', 'Create application menu items'),
  'menu:update': platform('修改应用菜单', 'Edit application menu items'),
  'menu:delete': platform('删除应用菜单', 'Delete application menu items'),
  'menu:export': platform('导出菜单树', 'Export menu trees'),
  'menu:import': platform('导入菜单树', 'Import menu trees'),
  'version:list': platform('查看版本', 'View application versions'),
  'version:create': platform('新增版本', 'Create application versions'),
  'version:update': platform('修改版本', 'Edit application versions'),
  'version:publish': platform('发布版本', 'Publish application versions'),
  'version:revoke': platform('撤回版本', 'Revoke application versions'),
  'version:delete': platform('删除版本', 'Delete application versions'),
  'version:export': platform('导出版本', 'Export application versions'),
  'tenant-job:list': tenant('查看本人的导入导出任务', 'View own import and export jobs'),
  // The tenant's own administration (issue 13): held through the roles of the active tenant.
  'tenant-settings:read': tenant('查看租户设置', 'View tenant settings'),
  'tenant-settings:update': tenant('修改租户设置', 'Edit tenant settings'),
  'tenant-settings:security': tenant('修改安全策略', 'Edit the security policy'),
  'department:list': tenant('查看部门', 'View departments'),
  'department:create': tenant('新增部门', 'Create departments'),
  'department:update': tenant('修改部门', 'Edit departments'),
  'department:delete': tenant('删除部门', 'Delete departments'),
  'user:list': tenant('查看用户', 'View users'),
  'user:view-mobile': tenant('查看完整手机号', 'See full mobile numbers'),
  'user:create': tenant('新增用户', 'Create users'),
  'user:update': tenant('修改用户', 'Edit users'),
  'user:enable': tenant('启用/停用用户', 'Enable or disable users'),
  'user:reset-password': tenant('重置用户密码', 'Reset user passwords'),
  'user:unlock': tenant('解锁用户', 'Unlock users'),
  'user:sessions': tenant('管理用户会话', 'Manage user sessions'),
  'user:assign-roles': tenant('分配角色', 'Assign roles'),
  'user:delete': tenant('删除用户', 'Delete users'),
  'user:export': tenant('导出用户', 'Export users'),
  'user:import': tenant('导入用户', 'Import users'),
  'role:list': tenant('查看角色', 'View roles'),
  'role:create': tenant('新增角色', 'Create roles'),
  'role:update': tenant('修改角色', 'Edit roles'),
  'role:grant': tenant('角色授权', 'Grant menus and permissions'),
  'role:assign-users': tenant('分配角色用户', 'Assign users to roles'),
  'role:delete': tenant('删除角色', 'Delete roles'),
  'role:effective-permissions': tenant('查看有效权限', 'View effective permissions'),
  'user-ledger:list': tenant('查看用户台账', 'View the user register'),
  'user-ledger:export': tenant('导出用户台账', 'Export the user register'),
  // Issue 14: the tenant's own public menu items.
  'tenant-menu:list': tenant('查看公共菜单', 'View public menu items'),
  'tenant-menu:create': tenant('新增公共菜单', 'Create public menu items'),
  'tenant-menu:update': tenant('修改公共菜单', 'Edit public menu items'),
  'tenant-menu:delete': tenant('删除公共菜单', 'Delete public menu items'),
  // The header search's settings (issue 14, /searchSet).
  'search-settings:read': tenant('查看搜索设置', 'View search settings'),
  'search-settings:update': tenant('修改搜索设置', 'Edit search settings'),
  // Files (issue 14, /resourceManagement): the platform's own files and each tenant's.
  'file:list': both('查看文件', 'View files'),
  'file:upload': both('上传文件', 'Upload files'),
  'file:delete': both('删除文件', 'Delete files'),
  'file:quota': platform('设置租户存储配额', 'Set tenant storage quotas'),
  // Issue 15: notices (/umpNotice), the tenant's and the platform's own (shown to every tenant).
  'notice:list': tenant('查看通知公告', 'View notices'),
  'notice:create': tenant('新增通知公告', 'Create notices'),
  'notice:update': tenant('修改通知公告', 'Edit notices'),
  'notice:delete': tenant('删除通知公告', 'Delete notices'),
  'notice:publish': tenant('发布/撤回通知公告', 'Publish or revoke notices'),
  'platform-notice:list': platform('查看平台通知公告', 'View platform notices'),
  'platform-notice:create': platform('新增平台通知公告', 'Create platform notices'),
  'platform-notice:update': platform('修改平台通知公告', 'Edit platform notices'),
  'platform-notice:delete': platform('删除平台通知公告', 'Delete platform notices'),
  'platform-notice:publish': platform('发布/撤回平台通知公告', 'Publish or revoke platform notices'),
  // Issue 15: messages and to-dos
  'todo:list': tenant('查看待办', "View members' to-dos"),
  'todo:update': tenant('处理待办', "Mark members' to-dos done or open"),
  'todo:delete': tenant('删除待办', "Delete members' to-dos"),
  'todo:export': tenant('导出待办', "Export members' to-dos"),
  'message-class:list': tenant('查看消息分类', 'View message classes'),
  'message-class:create': tenant('新增消息分类', 'Create message classes'),
  'message-class:update': tenant('修改消息分类', 'Edit message classes'),
  'message-class:delete': tenant('删除消息分类', 'Delete message classes'),
  'message-class:export': tenant('导出消息分类', 'Export message classes'),
  'message-template:list': tenant('查看消息模板', 'View message templates'),
  'message-template:create': tenant('新增消息模板', 'Create message templates'),
  'message-template:update': tenant('修改消息模板', 'Edit message templates'),
  'message-template:delete': tenant('删除消息模板', 'Delete message templates'),
  'message-template:export': tenant('导出消息模板', 'Export message templates'),
  // Issue 15: the message outbox and templated sending
  'message-template:test': tenant('发送测试消息', 'Send a test of a message template'),
  'message-outbox:list': tenant('查看消息发送记录', 'View the message outbox'),
  'message-outbox:retry': tenant('重新发送失败的消息', 'Send given-up messages again'),
  // Issue 16: login log
  'login-log:list': tenant('查看登录日志', 'View the login log'),
  'login-log:export': tenant('导出登录日志', 'Export the login log'),
  'login-log:unlock': tenant('从登录日志解锁账号', 'Unlock accounts from the login log'),
  'login-log:list-all': platform('查看全部租户的登录日志', "View every tenant's login log"),
  'login-log:export-all': platform('导出全部租户的登录日志', "Export every tenant's login log"),
  'login-log:unlock-all': platform(
    '从登录日志解锁账号（全部租户）',
    'Unlock accounts from the login log (all tenants)',
  ),
  // Issue 16: access, operation, API call and watermark logs
  'access-log:list': tenant('查看访问日志', 'View the access log'),
  'access-log:export': tenant('导出访问日志', 'Export the access log'),
  'access-log:list-all': platform('查看全部租户的访问日志', "View every tenant's access log"),
  'access-log:export-all': platform('导出全部租户的访问日志', "Export every tenant's access log"),
  'operation-log:list-tenant': tenant('查看本租户操作日志', "View the tenant's operation log"),
  'operation-log:export-tenant': tenant('导出本租户操作日志', "Export the tenant's operation log"),
  'api-access-log:list': tenant('查看接口调用日志', 'View API calls'),
  'api-access-log:export': tenant('导出接口调用日志', 'Export API calls'),
  'api-access-log:list-all': platform('查看全部接口调用日志', 'View every API call'),
  'api-access-log:export-all': platform('导出全部接口调用日志', 'Export every API call'),
  'watermark-log:list': tenant('查看水印日志', 'View the watermark log'),
  'watermark-log:export': tenant('导出水印日志', 'Export the watermark log'),
  'watermark-log:list-all': platform('查看全部租户的水印日志', "View every tenant's watermark log"),
  'watermark-log:export-all': platform('导出全部租户的水印日志', "Export every tenant's watermark log"),
  // Issue 16: statistics and retention (/loginStatistics, /systemVisitStatistics)
  'statistics:view': both('查看登录和访问统计', 'View sign-in and visit statistics'),
  'statistics:rebuild': platform('重建统计', 'Rebuild statistics'),
  'log-retention:update': tenant('修改日志保留期限', 'Edit log retention'),
} as const satisfies Record<string, PermissionDefinition>;

export type PermissionCode = keyof typeof PERMISSIONS;

export const isPermissionCode = (code: string): code is PermissionCode => Object.hasOwn(PERMISSIONS, code);

/** Whether a code is held in a scope (a `both` code in either). */
export const permissionHasScope = (code: string, scope: 'platform' | 'tenant'): boolean => {
  if (!isPermissionCode(code)) return false;
  const defined: PermissionDefinition['scope'] = PERMISSIONS[code].scope;
  return defined === scope || defined === 'both';
};

export const permissionCodesOf = (scope: 'platform' | 'tenant'): PermissionCode[] =>
  (Object.keys(PERMISSIONS) as PermissionCode[]).filter((code) => permissionHasScope(code, scope));
