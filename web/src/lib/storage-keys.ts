/**
 * Every key the browser keeps for the product (spec section 3, "Client storage"), in one place so
 * that clearing on page load and logout cannot miss one.
 */
export const LocalStorageKeys = {
  token: 'UniWimAuthorization',
  expire: 'UniWimExpire',
  refreshToken: 'UniWimRefreshToken',
  tenantId: 'UniWimTenantId',
  /**
   * When SMS codes were last requested, per purpose, with the number they went to: JSON such as
   * {"LOGIN_CODE":{"at":1700000000000,"mobile":"13900000002"}}. The 60 s countdown survives reloads.
   */
  smsTime: 'UniWimSmsTime',
  utoken: 'uniwater_utoken',
  /** Token expiry as a point in time. */
  tokenTime: 'tokenTime',
  /** Survives logout. */
  phoneShowYinuo: 'phoneShowYinuo',
  /**
   * "1" after a sign-in completed by the two-factor code step: the user signed in as a member of
   * the tenant (spec section 4, "Code-step success also marks the user as a tenant user"). Our name:
   * the spec does not give one. Session data, cleared with the token.
   */
  tenantUser: 'UniWimTenantUser',
  /** Our addition: the chosen interface language is a preference, not session data. */
  language: 'UniWimLanguage',
} as const;

export const SessionStorageKeys = {
  /** The server's RSA public key from GET /ump/key. */
  publicKey: 'publicKey',
} as const;

export const CookieNames = {
  /** Remember-me user name (10 days). */
  username: 'uniwim_username',
  /**
   * The legacy product stored the password here. This product never writes it; it is named only so
   * that a value left by the legacy product is cleared.
   */
  password: 'uniwim_password',
  targetSys: 'target_sys',
} as const;

/** Logout clears local and session storage except these (spec section 4, "Logout"). */
export const KEPT_ON_LOGOUT: readonly string[] = [LocalStorageKeys.phoneShowYinuo, LocalStorageKeys.language];

/**
 * The sign-in page clears local storage on load (spec section 4, "Page load"). The SMS countdown must
 * survive reloads (spec section 4, "SMS send button"), and phoneShowYinuo survives even a logout, so
 * both are kept along with the language preference.
 */
export const KEPT_ON_LOGIN_PAGE_LOAD: readonly string[] = [
  LocalStorageKeys.phoneShowYinuo,
  LocalStorageKeys.smsTime,
  LocalStorageKeys.language,
];

/** The part of the Web Storage API the helpers need; lets unit tests pass a plain fake. */
export type KeyValueStorage = Pick<Storage, 'length' | 'key' | 'getItem' | 'setItem' | 'removeItem'>;

/** The part of `document` that cookies need. */
export interface CookieJar {
  cookie: string;
}

export const clearStorageExcept = (storage: KeyValueStorage, keep: readonly string[]): void => {
  const keepSet = new Set(keep);
  const doomed: string[] = [];
  // Collect first: removing while iterating by index would skip keys.
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && !keepSet.has(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
};

export const clearLocalStorageExcept = (keep: readonly string[], storage: KeyValueStorage = localStorage) =>
  clearStorageExcept(storage, keep);

export const readCookie = (name: string, jar: CookieJar = document): string | null => {
  for (const part of jar.cookie.split(';')) {
    const separator = part.indexOf('=');
    const key = (separator < 0 ? part : part.slice(0, separator)).trim();
    if (key === name) {
      const raw = separator < 0 ? '' : part.slice(separator + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
};

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';

/**
 * Expires a cookie. A cookie is identified by name and path, and the legacy product may have set it
 * at the site root or at the page's own directory, so both are expired.
 */
export const clearCookie = (name: string, jar: CookieJar = document, currentPath?: string): void => {
  jar.cookie = `${name}=; ${EXPIRED}; path=/`;
  const directory = currentPath?.replace(/\/[^/]*$/, '');
  if (directory && directory !== '') jar.cookie = `${name}=; ${EXPIRED}; path=${directory}`;
};

/** "null", "undefined" and empty strings are what the legacy product wrote for "no token". */
export const isUsableToken = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '' && value !== 'null' && value !== 'undefined';

export const readStoredToken = (storage: Pick<Storage, 'getItem'> = localStorage): string | null => {
  const value = storage.getItem(LocalStorageKeys.token);
  return isUsableToken(value) ? value : null;
};
