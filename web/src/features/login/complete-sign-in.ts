import type { CurrentUser, LoginConfig, TokenAnswer } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';
import { applyRememberChoice } from '../../lib/remember-account';
import { type CookieJar, type KeyValueStorage, LocalStorageKeys } from '../../lib/storage-keys';
import { storeTokenData } from '../../lib/token-storage';

/** The message a pop-up sign-in posts to the window that opened it. */
export interface PopupLoginMessage {
  type: 'uniwim-login';
  user: CurrentUser;
}

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|BlackBerry|IEMobile|Opera Mini|HarmonyOS/i;

export const isMobileUserAgent = (userAgent: string): boolean => MOBILE_USER_AGENT.test(userAgent);

/** Pop-up mode is asked for with login.html?loginPop=1 (any value but "0" and "false"). */
export const isPopupMode = (search: string): boolean => {
  const value = new URLSearchParams(search).get('loginPop');
  return value !== null && value !== '0' && value !== 'false';
};

/** Spec section 2: after sign-in the product's index page; on a phone /mobile/ when isRedirect is "1". */
export const destinationAfterSignIn = (userAgent: string, config: Pick<LoginConfig, 'isRedirect'>): string =>
  config.isRedirect === '1' && isMobileUserAgent(userAgent) ? '/mobile/index.html' : 'index.html';

export interface SignInCompletionEnvironment {
  storage: KeyValueStorage;
  cookies: CookieJar;
  userAgent: string;
  popup: boolean;
  client: ApiClient;
  /** location.replace in the browser. */
  navigate: (href: string) => void;
  /** Posts to the opener or parent window, to this origin only. */
  notifyOpener: (message: PopupLoginMessage) => void;
}

export type SignInCompletion = 'navigated' | 'notifiedOpener';

/**
 * Spec section 4 "Success": store the token data (and the tenant-user mark of the code step), set or
 * clear the remember cookie, then leave for
 * the product, or in pop-up mode fetch the user and tell the opener instead.
 */
export interface SignInChoice {
  /**
   * The account signed in with and whether to remember it. Without an account (SMS sign-in,
   * registration) the remembered account is left as it is.
   */
  account?: string;
  remember?: boolean;
  config: Pick<LoginConfig, 'isRedirect'>;
  /** Set by the two-factor code step (spec section 4): stored as UniWimTenantUser "1". */
  tenantUser?: boolean;
}

export const completeSignIn = async (
  tokens: TokenAnswer,
  choice: SignInChoice,
  env: SignInCompletionEnvironment,
): Promise<SignInCompletion> => {
  storeTokenData(env.storage, tokens);
  if (choice.tenantUser) env.storage.setItem(LocalStorageKeys.tenantUser, '1');
  else env.storage.removeItem(LocalStorageKeys.tenantUser);
  if (choice.account !== undefined)
    applyRememberChoice(choice.account, choice.remember === true, env.cookies);
  if (env.popup) {
    const user = await env.client.get<CurrentUser>('/ump/currUserInfo');
    env.notifyOpener({ type: 'uniwim-login', user });
    return 'notifiedOpener';
  }
  env.navigate(destinationAfterSignIn(env.userAgent, choice.config));
  return 'navigated';
};

const openerWindow = (): Window | null => {
  if (window.opener && window.opener !== window) return window.opener as Window;
  return window.parent !== window ? window.parent : null;
};

export const browserCompletionEnvironment = (client: ApiClient): SignInCompletionEnvironment => ({
  storage: localStorage,
  cookies: document,
  userAgent: navigator.userAgent,
  popup: isPopupMode(location.search),
  client,
  navigate: (href) => location.replace(href),
  notifyOpener: (message) => openerWindow()?.postMessage(message, location.origin),
});
