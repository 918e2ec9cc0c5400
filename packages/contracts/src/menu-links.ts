import type { MenuItemNode } from './menus';

/**
 * Spec section 2 "Shell and admin routes": every route page.html hosts (admin routes and
 * application routes) plus /preview, the effect-drawing viewer that "Menu link handling" names.
 * A menu link equal to one of these (query and hash aside) opens as page.html#{link}.
 */
export const ADMIN_ROUTES = [
  '/dmpTenantManage',
  '/tenantSettings',
  '/dmpEmpower',
  '/dmpInterfaceAuthorization',
  '/dmpUser',
  '/umpApplicationManager',
  '/dmpSysConfigManagement',
  '/umpVersioning',
  '/umpUser',
  '/umpApplicationMenu',
  '/umpRoleManager',
  '/umpDict',
  '/umpParameters',
  '/messageMessageTemplate',
  '/messageMessageClass',
  '/userLedger',
  '/tenantLedger',
  '/umpNotice',
  '/umpNoticeDetail',
  '/todoList',
  '/searchSet',
  '/downloadPage',
  '/ump/waterLog',
  '/loginStatistics',
  '/systemVisitStatistics',
  '/loginLog',
  '/accessLogs',
  '/resourceManagement',
] as const;

export const APPLICATION_ROUTES = [
  '/developingPage',
  '/404',
  '/homepage',
  '/saasWorkbench',
  '/deviceList',
  '/deviceDetails',
  '/deviceContrast',
  '/devicePumpContrast',
  '/deviceAdd',
  '/deviceMyUpload',
  '/deviceManager',
  '/devicePumpCurve',
  '/deviceVideoPlay',
  '/digital',
  '/dataService',
  '/dataServiceDetail',
  '/modelDtl',
  '/hedaHome',
  '/projectFileInfo',
  '/projectInfo',
  '/projectDetail',
  '/fileInfo',
  '/hardwareDetail',
  '/hedaCases',
  '/hedaCasespaishui',
  '/hedaCasesshuili',
  '/hedaCasesnys',
  '/knowledge',
  '/knowledgeSearch',
  '/knowledgeDetail',
  '/Informatization',
  '/InformatizationDetail',
  '/digitalAccomDtl',
  '/train',
  '/courseMore',
  '/uploadBase',
  '/trainBaseDetail',
  '/marketonline',
] as const;

export const PREVIEW_ROUTE = '/preview';
export const DEVELOPING_ROUTE = '/developingPage';
export const NOT_FOUND_ROUTE = '/404';

/** Issue 15: the member's message centre (the header's 消息, its "view all"), a page of the product. */
export const MESSAGE_CENTRE_ROUTE = '/messageCenter';

export const BUILT_IN_ROUTES: readonly string[] = [
  ...ADMIN_ROUTES,
  ...APPLICATION_ROUTES,
  PREVIEW_ROUTE,
  MESSAGE_CENTRE_ROUTE,
];

const BUILT_IN_ROUTE_SET = new Set(BUILT_IN_ROUTES);

/** The default address of the page that hosts built-in routes, relative to the shell page. */
export const DEFAULT_PAGE_BASE = 'page.html';

export interface LinkContext {
  /** The signed-in user's token; null for a visitor. Used by runCommand links. */
  token: string | null;
  /** Address of page.html; DEFAULT_PAGE_BASE when absent. */
  pageBase?: string;
  /** A visitor's id (browser fingerprint), copied onto normalised menus as VisitorId. */
  visitorId?: string | null;
}

export type LinkKind =
  /** A built-in route of page.html (also /developingPage and /preview). */
  | 'route'
  /** An application page (http, https or a relative address) shown in a frame. */
  | 'frame'
  /** A desktop client launched through its URL scheme: never framed, opened by the browser. */
  | 'external-command'
  /** A link with a dangerous or unknown scheme: never opened; url is empty. */
  | 'blocked';

export interface ResolvedLink {
  kind: LinkKind;
  url: string;
}

type LinkFields = Pick<MenuItemNode, 'link' | 'fullLink' | 'effectDrawing'>;

const RUN_COMMAND_PREFIX = 'runcommand:';
const PAGE_PREFIX = '/p/';
/** A URL scheme as RFC 3986 writes it; anything else in a runCommand link is refused. */
const SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*$/i;
/** Schemes that run code or smuggle content when a browser opens them. */
const DANGEROUS_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about']);

/**
 * Browsers drop ASCII tabs and newlines anywhere in a URL and leading control characters and spaces,
 * so "java\tscript:" runs as javascript:. Scheme checks look at the link the way the browser will.
 */
const asBrowserReadsIt = (link: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  link.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');

/** The scheme of an absolute URL, lower-cased; null for relative addresses. */
const schemeOf = (link: string): string | null => {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(link);
  return match ? match[1]!.toLowerCase() : null;
};

/** Path of a link without its query and hash, the part compared against BUILT_IN_ROUTES. */
const pathOf = (link: string): string => link.split(/[?#]/, 1)[0]!;

export const isBuiltInRoute = (link: string): boolean => BUILT_IN_ROUTE_SET.has(pathOf(link));

/** page.html#{route}: the shell frames page.html, which shows the route by its hash. */
export const pageRouteUrl = (route: string, pageBase: string = DEFAULT_PAGE_BASE): string =>
  `${pageBase}#${route.startsWith('/') ? route : `/${route}`}`;

/** Spec section 2: an item with only an effect drawing opens /preview with an imgUrl query. */
export const previewUrl = (imageUrl: string, pageBase: string = DEFAULT_PAGE_BASE): string =>
  pageRouteUrl(`${PREVIEW_ROUTE}?imgUrl=${encodeURIComponent(imageUrl)}`, pageBase);

const blocked: ResolvedLink = { kind: 'blocked', url: '' };

const resolveRunCommand = (link: string, token: string | null): ResolvedLink => {
  const scheme = link.slice(RUN_COMMAND_PREFIX.length).trim();
  if (!SCHEME_PATTERN.test(scheme) || DANGEROUS_SCHEMES.has(scheme.toLowerCase())) return blocked;
  // A visitor has no token: the client is still launched and asks for a sign-in itself.
  return { kind: 'external-command', url: `${scheme}://${token ? encodeURIComponent(token) : ''}` };
};

/**
 * Spec section 2 "Menu link handling": what a menu item opens.
 * - no link: /developingPage, or /preview?imgUrl= when the item has an effect drawing;
 * - built-in routes: page.html#{path}; "/p/..." links lose the "/p" prefix and open in page.html;
 * - runCommand:{scheme}: {scheme}://{token};
 * - http(s) and relative addresses: framed (the fullLink, which carries the application's address);
 * - javascript:, data:, vbscript:, file: and every other scheme: blocked, never opened.
 */
export const resolveMenuLink = (node: LinkFields, ctx: LinkContext): ResolvedLink => {
  const pageBase = ctx.pageBase ?? DEFAULT_PAGE_BASE;
  const link = asBrowserReadsIt(node.link ?? '').trim();
  if (link === '') {
    const drawing = (node.effectDrawing ?? '').trim();
    return drawing === ''
      ? { kind: 'route', url: pageRouteUrl(DEVELOPING_ROUTE, pageBase) }
      : { kind: 'route', url: previewUrl(drawing, pageBase) };
  }
  if (link.toLowerCase().startsWith(RUN_COMMAND_PREFIX)) return resolveRunCommand(link, ctx.token);
  if (link.startsWith(PAGE_PREFIX)) {
    return { kind: 'route', url: pageRouteUrl(link.slice(PAGE_PREFIX.length - 1), pageBase) };
  }
  if (isBuiltInRoute(link)) return { kind: 'route', url: pageRouteUrl(link, pageBase) };

  // The full link is what the frame loads; it must pass the same scheme check as the link.
  const target = asBrowserReadsIt(node.fullLink ?? '').trim() || link;
  for (const candidate of [link, target]) {
    const scheme = schemeOf(candidate);
    if (scheme !== null && scheme !== 'http' && scheme !== 'https') return blocked;
  }
  return { kind: 'frame', url: target };
};

/** True when a link would be refused by resolveMenuLink (for checks outside menus, e.g. query parameters). */
export const isBlockedLink = (link: string): boolean => {
  const scheme = schemeOf(asBrowserReadsIt(link).trim());
  return scheme !== null && scheme !== 'http' && scheme !== 'https';
};

/** Spec section 2 "Other helper targets": the shell opened in admin mode. */
export const adminIndexUrl = (base = 'index.html'): string => `${base}?admin=1`;

/** Spec section 2 "Other helper targets": the admin page (non-admins are sent away from it). */
export const adminPageUrl = (base = 'admin.html'): string => base;
