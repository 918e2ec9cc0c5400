/**
 * The admin routes (spec section 2) built on resource declarations. Only the paths live here, so
 * page.html's first chunk knows which view to load without carrying the declarations (and zod);
 * admin-routes.ts, loaded with the view, maps each path to its page.
 */
export const ADMIN_RESOURCE_PATHS: ReadonlySet<string> = new Set([
  '/dmpTenantManage',
  '/dmpEmpower',
  '/dmpInterfaceAuthorization',
  '/dmpUser',
  '/umpApplicationManager',
  '/umpApplicationMenu',
  '/tenantLedger',
  '/umpUser',
  '/umpRoleManager',
  '/userLedger',
  '/umpVersioning',
  '/searchSet',
  '/resourceManagement',
  '/umpDict',
  '/umpParameters',
  // Issue 15: notices.
  '/umpNotice',
  // Issue 15: messages and to-dos
  '/todoList',
  '/messageMessageClass',
  '/messageMessageTemplate',
  // Issue 16: login log
  '/loginLog',
  // Issue 16: access logs and the watermark log
  '/accessLogs',
  '/ump/waterLog',
  // Issue 16: statistics
  '/loginStatistics',
  '/systemVisitStatistics',
]);

/** The user register of every tenant: /userLedger in the platform's scope (its menu entry's link). */
export const PLATFORM_USER_LEDGER_PATH = '/userLedger?scope=dmp';

/** A tenant's own public menu items: /umpApplicationMenu in the tenant's scope (its menu entry's link). */
export const TENANT_MENUS_PATH = '/umpApplicationMenu?scope=ump';

/** The platform's own files: /resourceManagement in the platform's scope (its menu entry's link). */
export const PLATFORM_FILES_PATH = '/resourceManagement?scope=dmp';
/** The platform's dictionaries and parameters: /umpDict and /umpParameters in the platform's scope (issue 14). */
export const PLATFORM_DICTIONARIES_PATH = '/umpDict?scope=dmp';
export const PLATFORM_PARAMETERS_PATH = '/umpParameters?scope=dmp';

/** The platform settings page (issue 12): typed groups, not a declared list, so a view of its own. */
export const PLATFORM_SETTINGS_PATH = '/dmpSysConfigManagement';

/** The tenant's own settings (issue 13): typed groups and the sign-in page designer, a view of its own. */
export const TENANT_SETTINGS_PATH = '/tenantSettings';

// Issue 15: the platform's notices, shown to every tenant: /umpNotice in the platform's scope.
export const PLATFORM_NOTICES_PATH = '/umpNotice?scope=dmp';

// Issue 16: every tenant's login log: /loginLog in the platform's scope (its menu entry's link).
export const PLATFORM_LOGIN_LOG_PATH = '/loginLog?scope=dmp';
// Issue 16: every tenant's access logs and watermark log (migration 0037's menu entries).
export const PLATFORM_ACCESS_LOGS_PATH = '/accessLogs?scope=dmp';
export const PLATFORM_WATERMARK_LOGS_PATH = '/ump/waterLog?scope=dmp';
// Issue 16: statistics of every tenant: /loginStatistics and /systemVisitStatistics in the platform's scope.
export const PLATFORM_LOGIN_STATISTICS_PATH = '/loginStatistics?scope=dmp';
export const PLATFORM_VISIT_STATISTICS_PATH = '/systemVisitStatistics?scope=dmp';
