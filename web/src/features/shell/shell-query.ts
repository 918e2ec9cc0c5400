import {
  isUsableToken,
  type KeyValueStorage,
  LocalStorageKeys,
  readStoredToken,
} from '../../lib/storage-keys';
import { clearTokenData } from '../../lib/token-storage';

/** Query parameters the shell reads on load (spec section 2, "Menu link handling"). */
export interface ShellQuery {
  /** Open this menu item (matched by menu id, else application id) instead of the first one. */
  menuId: string | null;
  /** Show only the opened page: no header, menu tree or tab bar (a link that previews one menu). */
  preview: boolean;
  /** source=App: the shell is embedded in the mobile or desktop app, which has its own chrome. */
  fromApp: boolean;
  /** A token handed over in uniwater_utoken (or token); "null" and empty mean none. */
  token: string | null;
  /** index.html?admin=1, the legacy address of the admin shell. */
  admin: boolean;
  /** ?tenant=<code or id>: whose public menus and look a visitor sees (else the Host's tenant). */
  tenant: string | null;
}

/** Names that carry a token in a link; removed from the address bar once the token is stored. */
export const TOKEN_QUERY_NAMES = ['uniwater_utoken', 'token'] as const;

const isOn = (value: string | null): boolean =>
  value !== null && !['0', 'false', 'no'].includes(value.trim().toLowerCase());

export const readShellQuery = (search: string): ShellQuery => {
  const params = new URLSearchParams(search);
  const token = TOKEN_QUERY_NAMES.map((name) => params.get(name)).find((value) => isUsableToken(value));
  const menuId = params.get('menuId')?.trim();
  const tenant = params.get('tenant')?.trim();
  return {
    menuId: menuId ? menuId : null,
    preview: isOn(params.get('preview')),
    fromApp: params.get('source') === 'App',
    token: token ?? null,
    admin: params.get('admin') === '1',
    tenant: tenant ? tenant : null,
  };
};

/**
 * Spec section 4 "Frame ready": a token from the query is saved. A different token than the stored
 * one starts another session, so the stored session's refresh token and expiry are dropped first
 * (refreshing with them would replace the handed-over token by the old session's).
 */
export const adoptQueryToken = (storage: KeyValueStorage, token: string): void => {
  if (readStoredToken(storage) !== token) clearTokenData(storage);
  storage.setItem(LocalStorageKeys.token, token);
  storage.setItem(LocalStorageKeys.utoken, token);
};

/**
 * The page's search string without the token parameters: the token should not stay in the address
 * bar, the history or a bookmark once it is in storage.
 */
export const searchWithoutToken = (search: string): string => {
  const params = new URLSearchParams(search);
  for (const name of TOKEN_QUERY_NAMES) params.delete(name);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
};
