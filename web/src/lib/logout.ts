import { clearStorageExcept, KEPT_ON_LOGOUT, type KeyValueStorage, readStoredToken } from './storage-keys';

export const LOGOUT_PATH = '/uniwim/ump/loginLog/logOut';

export interface LogoutEnvironment {
  localStorage: KeyValueStorage;
  sessionStorage: KeyValueStorage;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
  /** Leaves the page; location.replace in the browser. */
  navigate: (href: string) => void;
}

export interface LogoutOptions {
  /** The token to sign out; by default the stored one. A failed refresh passes the one it removed. */
  token?: string | null;
  /** The sign-in page; the site root's by default. */
  loginHref?: string;
}

const browserEnvironment = (): LogoutEnvironment => ({
  localStorage,
  sessionStorage,
  fetch: (url, init) => fetch(url, init),
  navigate: (href) => location.replace(href),
});

/**
 * Spec section 4 "Logout": tell the server (its answer and any failure are ignored), clear local
 * and session storage except phoneShowYinuo (and the language preference), go to the sign-in page.
 */
export const logout = async (
  options: LogoutOptions = {},
  env: LogoutEnvironment = browserEnvironment(),
): Promise<void> => {
  const token = options.token === undefined ? readStoredToken(env.localStorage) : options.token;
  try {
    await env.fetch(LOGOUT_PATH, {
      method: 'GET',
      headers: {
        Accept: 'application/json',
        FROM_CHANNEL: 'web',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    // Ignored: the local session ends whatever the server says.
  }
  clearStorageExcept(env.localStorage, KEPT_ON_LOGOUT);
  clearStorageExcept(env.sessionStorage, KEPT_ON_LOGOUT);
  env.navigate(options.loginHref ?? '/login.html');
};
