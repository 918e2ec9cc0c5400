import type { AdminScope } from './admin/resource';

/**
 * Issue 25: which admin page a link or an address opens, and whose data it shows. A route may be
 * opened in another scope than its own by its declared parameter `scope` (the platform's menu opens
 * /umpDict?scope=dmp, the platform's dictionaries). Every other parameter of an address belongs to
 * the frame (uniwater_utoken, component_title, the menu ids…) and never changes which page it is:
 * the page registry (web) and the admin menu (server) both read a link through adminPageOf.
 */

/** The one declared parameter of admin routes. */
export const ADMIN_PAGE_SCOPE_PARAMETER = 'scope';

/** Routes whose page, opened without a scope, is the platform's. */
const PLATFORM_ROUTES = [
  '/dmpTenantManage',
  '/dmpEmpower',
  '/dmpInterfaceAuthorization',
  '/dmpUser',
  '/dmpSysConfigManagement',
  '/tenantLedger',
  '/umpApplicationManager',
  '/umpApplicationMenu',
  '/umpVersioning',
] as const;

/** Routes whose page, opened without a scope, reads and writes the active tenant's data. */
const TENANT_ROUTES = [
  '/tenantSettings',
  '/umpUser',
  '/umpRoleManager',
  '/userLedger',
  '/umpDict',
  '/umpParameters',
  '/searchSet',
  '/resourceManagement',
  '/umpNotice',
  '/messageMessageTemplate',
  '/messageMessageClass',
  '/todoList',
  '/loginLog',
  '/accessLogs',
  '/ump/waterLog',
  '/loginStatistics',
  '/systemVisitStatistics',
] as const;

/**
 * Admin routes that work in whichever scope the user is in: the download centre (the jobs of the
 * scope one is in) and a member's notice.
 */
const EITHER_SCOPE_ROUTES = ['/downloadPage', '/umpNoticeDetail'] as const;

const DEFAULT_SCOPE: ReadonlyMap<string, AdminScope | null> = new Map<string, AdminScope | null>([
  ...PLATFORM_ROUTES.map((path): [string, AdminScope] => [path, 'dmp']),
  ...TENANT_ROUTES.map((path): [string, AdminScope] => [path, 'ump']),
  ...EITHER_SCOPE_ROUTES.map((path): [string, null] => [path, null]),
]);

/** Every admin route has its scope declared above (a unit test holds the lists to ADMIN_ROUTES). */
export const ADMIN_ROUTES_WITH_A_SCOPE: readonly string[] = [...DEFAULT_SCOPE.keys()];

export interface AdminPage {
  /** The route (the address's path, before any query). */
  path: string;
  /** The scope the address names in its declared parameter, when not the route's own; else null. */
  requestedScope: AdminScope | null;
  /** Whose data the page shows: the requested scope, else the route's own; null for either. */
  scope: AdminScope | null;
  /**
   * The page's key in the registry: the path, with `?scope=` when the address names one. Two
   * addresses of the same key open the same page, whatever else they carry.
   */
  key: string;
}

const scopeValue = (value: string | null): AdminScope | null | 'unknown' => {
  if (value === null || value === '') return null;
  return value === 'dmp' || value === 'ump' ? value : 'unknown';
};

/**
 * The admin page of a link or an address ("/umpDict?scope=dmp&uniwater_utoken=…"), or undefined
 * when its path is no admin route or its scope parameter names no scope.
 */
export const adminPageOf = (pathAndQuery: string): AdminPage | undefined => {
  const withoutHash = pathAndQuery.split('#', 1)[0]!;
  const queryAt = withoutHash.indexOf('?');
  const path = queryAt < 0 ? withoutHash : withoutHash.slice(0, queryAt);
  if (!DEFAULT_SCOPE.has(path)) return undefined;
  const params = new URLSearchParams(queryAt < 0 ? '' : withoutHash.slice(queryAt + 1));
  const requested = scopeValue(params.get(ADMIN_PAGE_SCOPE_PARAMETER));
  if (requested === 'unknown') return undefined;
  const own = DEFAULT_SCOPE.get(path) ?? null;
  // Naming the route's own scope opens the route's own page.
  const other = requested !== null && requested !== own ? requested : null;
  return {
    path,
    requestedScope: other,
    scope: requested ?? own,
    key: other ? `${path}?${ADMIN_PAGE_SCOPE_PARAMETER}=${other}` : path,
  };
};

/** Whether a link opens a page of one tenant's data, which only works once a tenant is chosen. */
export const needsTenant = (link: string): boolean => adminPageOf(link)?.scope === 'ump';
