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
  '/tenantLedger',
]);

/** The platform settings page (issue 12): typed groups, not a declared list, so a view of its own. */
export const PLATFORM_SETTINGS_PATH = '/dmpSysConfigManagement';
