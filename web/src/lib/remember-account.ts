import { type CookieJar, CookieNames, clearCookie, readCookie } from './storage-keys';

/** Spec section 9: "remember" cookies last 10 days. */
export const REMEMBER_DAYS = 10;

/**
 * After a successful sign-in: remember the account for 10 days, or forget it. The password is never
 * stored (the legacy product kept it base64-encoded in a cookie); a value it left is cleared.
 */
export const applyRememberChoice = (
  account: string,
  remember: boolean,
  jar: CookieJar = document,
  path?: string,
): void => {
  if (remember) {
    const maxAge = REMEMBER_DAYS * 24 * 60 * 60;
    jar.cookie = `${CookieNames.username}=${encodeURIComponent(account)}; max-age=${maxAge}; path=/; SameSite=Lax`;
  } else {
    clearCookie(CookieNames.username, jar, path);
  }
  clearCookie(CookieNames.password, jar, path);
};

/** The account a previous "remember me" sign-in left, to pre-fill the form; null when none. */
export const readRememberedAccount = (jar: CookieJar = document): string | null => {
  const value = readCookie(CookieNames.username, jar)?.trim();
  return value ? value : null;
};
