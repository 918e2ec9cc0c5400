import {
  type CookieJar,
  CookieNames,
  clearCookie,
  clearStorageExcept,
  KEPT_ON_LOGIN_PAGE_LOAD,
  type KeyValueStorage,
} from '../../lib/storage-keys';

export interface LoginPageLoadEnvironment {
  storage: KeyValueStorage;
  cookies: CookieJar;
  path: string;
}

/**
 * Spec section 4, "Page load": the sign-in page first forgets the previous session (target_sys
 * cookie, local storage), and only then loads the configuration.
 */
export const resetClientStateForLoginPage = (
  env: LoginPageLoadEnvironment = { storage: localStorage, cookies: document, path: location.pathname },
): void => {
  clearCookie(CookieNames.targetSys, env.cookies, env.path);
  clearStorageExcept(env.storage, KEPT_ON_LOGIN_PAGE_LOAD);
};
