import {
  type CurrentUser,
  decodeLoginConfig,
  defaultLoginConfig,
  type LoginConfig,
  type MenuItemNode,
} from '@uniwim/contracts/client';
import { type ApiClient, ApiError } from '../../lib/api';
import { SessionExpiredError } from '../../lib/token-refresh';
import { fetchCurrentUser } from '../session/current-user';

/** index.html (the user's applications) or admin.html (the admin menu tree). */
export type ShellKind = 'index' | 'admin';

export const MENU_TREE_PATHS = {
  /** The user's tree merged with the public items; the public items alone without a token. */
  index: '/ump/menu/mergeUserMenuTree',
  admin: '/ump/adminMenu/adminMenuTree',
} as const;

export const SHELL_PAGES = { index: 'index.html', admin: 'admin.html', login: 'login.html' } as const;

export interface ShellData {
  config: LoginConfig;
  /** Null for a visitor. */
  user: CurrentUser | null;
  menus: MenuItemNode[];
}

export type ShellLoadOutcome =
  | { kind: 'ready'; data: ShellData }
  /** Leave the page (a non-admin on admin.html; a visitor with nothing public to see). */
  | { kind: 'redirect'; href: string }
  /** Spec section 4 "Frame ready": any failure of a signed-in load logs out. */
  | { kind: 'logout' }
  /** A refused token refresh: its alert is already up and logs out when acknowledged. */
  | { kind: 'session-expired' };

export interface ShellLoadInput {
  kind: ShellKind;
  /** The stored token (after a query token was adopted); null for a visitor. */
  token: string | null;
  /** menuId of the query: a signed-in configuration is then read through that menu. */
  menuId: string | null;
  /** ?tenant= of the page: a visitor sees that tenant's look and public menus (else the Host's). */
  tenant?: string | null;
}

/** GET /ump/cfg-encrypt answers base64 of the configuration's JSON (an encoding, not a secret). */
const fetchAnonymousConfig = async (client: ApiClient, tenant: string | null): Promise<LoginConfig> => {
  const encoded = await client.get<unknown>('/ump/cfg-encrypt', { query: { tenant } });
  if (typeof encoded !== 'string') throw new TypeError('The configuration is not a string');
  return decodeLoginConfig(encoded);
};

/**
 * Spec section 7: GET /ump/cfg with a token, GET /dmp/tenant/sysConfig/get with a token and a
 * menuId. A menu id the tenant cannot see must not end the session, so that case falls back to /ump/cfg.
 */
const fetchSignedInConfig = async (client: ApiClient, menuId: string | null): Promise<LoginConfig> => {
  if (menuId) {
    try {
      return await client.get<LoginConfig>('/dmp/tenant/sysConfig/get', { query: { menuId } });
    } catch (error) {
      if (!(error instanceof ApiError) || error.errorName !== 'MENU_NOT_FOUND') throw error;
    }
  }
  return client.get<LoginConfig>('/ump/cfg');
};

const fetchMenuTree = async (
  client: ApiClient,
  kind: ShellKind,
  tenant: string | null = null,
): Promise<MenuItemNode[]> => {
  const tree = await client.get<MenuItemNode[] | null>(MENU_TREE_PATHS[kind], { query: { tenant } });
  if (!Array.isArray(tree)) throw new TypeError('The menu tree is not a list');
  return tree;
};

const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.status === 403;

/** A visitor: the public menus, under the anonymous configuration (its failure keeps the default look). */
const loadVisitor = async (client: ApiClient, tenant: string | null): Promise<ShellLoadOutcome> => {
  const [config, menus] = await Promise.all([
    fetchAnonymousConfig(client, tenant).catch(() => defaultLoginConfig()),
    fetchMenuTree(client, 'index', tenant),
  ]);
  // Without any public application a visitor has nothing to do here: the sign-in page is the way in.
  if (menus.length === 0) return { kind: 'redirect', href: SHELL_PAGES.login };
  return { kind: 'ready', data: { config, user: null, menus } };
};

/**
 * Spec section 4 "Frame ready" for the shell pages: no token, only the merged (public) menu tree;
 * otherwise the configuration, the user and the menus, fetched together so the first frame is not
 * held up by a chain of round trips. Any failure of a signed-in load logs out. admin.html sends
 * non-admins away (spec section 6) and visitors to the sign-in page.
 * A visitor's failure throws: the page shows it with a retry instead of logging out nobody.
 */
export const loadShell = async (client: ApiClient, input: ShellLoadInput): Promise<ShellLoadOutcome> => {
  if (!input.token) {
    if (input.kind === 'admin') return { kind: 'redirect', href: SHELL_PAGES.login };
    return loadVisitor(client, input.tenant ?? null);
  }
  const userLoad = fetchCurrentUser(client);
  // admin.html asks for the admin tree once the user is known to administer something: a member is
  // sent to index.html without a request the server would refuse (issue 25).
  const menusLoad =
    input.kind === 'admin'
      ? userLoad.then((known) => (known.isAdmin ? fetchMenuTree(client, 'admin') : []))
      : fetchMenuTree(client, input.kind);
  const [config, user, menus] = await Promise.allSettled([
    fetchSignedInConfig(client, input.menuId),
    userLoad,
    menusLoad,
  ]);
  const failures = [config, user, menus].flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.some((error) => error instanceof SessionExpiredError)) return { kind: 'session-expired' };
  if (input.kind === 'admin') {
    if (user.status === 'fulfilled' && !user.value.isAdmin)
      return { kind: 'redirect', href: SHELL_PAGES.index };
    if (user.status === 'fulfilled' && menus.status === 'rejected' && isForbidden(menus.reason))
      return { kind: 'redirect', href: SHELL_PAGES.index };
  }
  if (config.status === 'rejected' || user.status === 'rejected' || menus.status === 'rejected')
    return { kind: 'logout' };
  return { kind: 'ready', data: { config: config.value, user: user.value, menus: menus.value } };
};
