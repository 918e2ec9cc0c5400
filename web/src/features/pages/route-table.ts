import {
  ADMIN_ROUTES,
  APPLICATION_ROUTES,
  DEVELOPING_ROUTE,
  NOT_FOUND_ROUTE,
  PREVIEW_ROUTE,
} from '@uniwim/contracts/client';
import {
  ADMIN_RESOURCE_PATHS,
  PLATFORM_SETTINGS_PATH,
  TENANT_SETTINGS_PATH,
} from '../admin/admin-route-paths';
// Issue 15: the message centre
import { MESSAGE_CENTRE_ROUTE } from '../message-centre/message-route';

/** The pages page.html can show now; every other built-in route shows the developing page until it is built. */
export type PageView =
  | 'developing'
  | 'notFound'
  | 'preview'
  | 'download'
  | 'resource'
  | 'settings'
  | 'tenantSettings'
  // Issue 15: notices.
  | 'noticeDetail'
  // Issue 15: home and workbench
  | 'home'
  | 'workbench'
  // Issue 15: the message centre; the members' own to-do page (not an admin page).
  | 'messages'
  | 'todos';

/**
 * One built-in route of page.html and how the page treats it (spec section 2, "Shell and admin
 * routes"), declared once here.
 */
export interface PageRoute {
  path: string;
  view: PageView;
  /** Kept alive when left: shown again with its state (scroll, inputs, zoom) as it was. */
  cached: boolean;
  /** The page's own header bar. */
  header: boolean;
  /** The menu strip of the user's applications under the header. */
  menus: boolean;
  /**
   * Issue 25: shown only to users whose menus grant the route (a built application page); others
   * get the refusal page. Pages still under development and the product's own pages are open.
   */
  grantedByMenu: boolean;
}

/** Spec section 2: "Most routes are cached when left, except" these. */
export const NOT_CACHED_ROUTES: ReadonlySet<string> = new Set([
  '/deviceDetails',
  '/hedaHome',
  '/projectInfo',
  '/knowledgeSearch',
  '/knowledgeDetail',
]);
/** Spec section 2: "Informatization, train and courseMore show the menus". */
export const ROUTES_SHOWING_MENUS: ReadonlySet<string> = new Set([
  '/Informatization',
  '/train',
  '/courseMore',
]);
/** Spec section 2: "uploadBase and trainBaseDetail hide them" (and have their header hidden). */
export const ROUTES_WITHOUT_CHROME: ReadonlySet<string> = new Set(['/uploadBase', '/trainBaseDetail']);

const BUILT_VIEWS: Readonly<Record<string, PageView>> = {
  [DEVELOPING_ROUTE]: 'developing',
  [NOT_FOUND_ROUTE]: 'notFound',
  [PREVIEW_ROUTE]: 'preview',
  '/downloadPage': 'download',
  [PLATFORM_SETTINGS_PATH]: 'settings',
  [TENANT_SETTINGS_PATH]: 'tenantSettings',
  // Issue 15: the member's notices (the header's 通知公告).
  '/umpNoticeDetail': 'noticeDetail',
  // Issue 15: home and workbench
  '/homepage': 'home',
  '/saasWorkbench': 'workbench',
  // Issue 15: the message centre; /todoList is every member's inbox, titled as such (not 系统管理).
  [MESSAGE_CENTRE_ROUTE]: 'messages',
  '/todoList': 'todos',
};

const APPLICATION_ROUTE_SET: ReadonlySet<string> = new Set(APPLICATION_ROUTES);
/** Application routes every user may open: the placeholders of spec section 2. */
const OPEN_VIEWS: ReadonlySet<PageView> = new Set(['developing', 'notFound']);

const applicationRoute = (path: string): PageRoute => {
  const view = BUILT_VIEWS[path] ?? 'developing';
  return {
    path,
    view,
    cached: !NOT_CACHED_ROUTES.has(path),
    header: !ROUTES_WITHOUT_CHROME.has(path),
    menus: ROUTES_SHOWING_MENUS.has(path),
    grantedByMenu: APPLICATION_ROUTE_SET.has(path) && !OPEN_VIEWS.has(view),
  };
};

/** Spec section 2: admin routes are "mostly not kept alive"; they reload their data when shown again. */
const adminRoute = (path: string): PageRoute => ({
  path,
  view: BUILT_VIEWS[path] ?? (ADMIN_RESOURCE_PATHS.has(path) ? 'resource' : 'developing'),
  cached: false,
  header: true,
  menus: false,
  // Admin routes are refused by their permission codes (ResourceView's gate).
  grantedByMenu: false,
});

export const PAGE_ROUTES: readonly PageRoute[] = [
  ...ADMIN_ROUTES.map(adminRoute),
  ...APPLICATION_ROUTES.map(applicationRoute),
  // The effect-drawing viewer: cached, so its zoom survives a look at another tab.
  applicationRoute(PREVIEW_ROUTE),
  // Issue 15: the message centre (the header's 消息, "view all").
  applicationRoute(MESSAGE_CENTRE_ROUTE),
];

const routesByPath = new Map(PAGE_ROUTES.map((route) => [route.path, route]));

/** The route of a hash path, exactly as spelled (the spec's paths are case-sensitive); undefined → /404. */
export const findPageRoute = (pathname: string): PageRoute | undefined => routesByPath.get(pathname);

/** At most this many left routes stay alive; the longest unseen one is let go first. */
export const MAX_KEPT_ROUTES = 10;

/**
 * Which routes stay mounted after a navigation: the kept paths in order of last visit (oldest
 * first), with the shown one last when it is cached.
 */
export const keptAfterVisit = (
  kept: readonly string[],
  shown: PageRoute,
  limit = MAX_KEPT_ROUTES,
): string[] => {
  const others = kept.filter((path) => path !== shown.path);
  const next = shown.cached ? [...others, shown.path] : others;
  return next.slice(Math.max(0, next.length - limit));
};
