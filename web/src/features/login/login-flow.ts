import type { LoginData, LoginResult, TenantLookup, TokenAnswer } from '@uniwim/contracts/client';
import { type ApiClient, ApiError } from '../../lib/api';
import { InsecureContextError } from '../../lib/rsa-encrypt';
import { isTokenAnswer } from '../../lib/token-storage';
import type { AccountFormValues } from './account-form';
import { encodeLoginData } from './login-data';
import type { PasswordEncryptor } from './password-encryptor';

/** Where a sign-in attempt ends (spec section 4, "Login flow"). */
export type LoginOutcome =
  | { kind: 'signedIn'; tokens: TokenAnswer }
  /** The token only allows changing the password: the forced change dialog opens. */
  | { kind: 'changePassword'; tokens: TokenAnswer }
  /** The SMS-code step must finish the sign-in. */
  | { kind: 'twoFactor'; mobile: string; tenantId: string | null; ticket: string }
  /** A legacy tenant system signed the user in; the browser goes to its page. */
  | { kind: 'legacyRedirect'; url: string }
  | { kind: 'failed'; message: string };

/** Texts of the spec's error catalogue that the page translates. */
export interface LoginFailureTexts {
  /** "登录失败，请重试！" */
  emptyAnswer: string;
  /** "登录失败，请联系管理员" */
  legacyFailed: string;
  /** The page cannot encrypt (no WebCrypto outside HTTPS). */
  insecureContext: string;
}

export interface LoginFlowDependencies {
  client: ApiClient;
  /** Fetches the public key and returns an encryptor; called once per attempt. */
  getEncryptor: () => Promise<PasswordEncryptor>;
  texts: LoginFailureTexts;
  /** The address the legacy system sends the user back to; location.origin for now. */
  legacyTargetUrl: string;
}

export interface LoginAttempt {
  /** Trimmed form values (see checkAccountForm). */
  values: AccountFormValues;
  /** The time id of the captcha image shown, when the captcha is on. */
  captchaId: string | null;
  /** Whether the remember checkbox is offered (rememberPwd "1"). */
  rememberOffered: boolean;
}

/** cloud "3" with sysType "s7" marks a tenant whose users sign in to its legacy system. */
export const isLegacyTenant = (tenant: Pick<TenantLookup, 'cloud' | 'sysType'>): boolean =>
  tenant.cloud === '3' && tenant.sysType === 's7';

const failureMessage = (error: unknown, texts: LoginFailureTexts): string => {
  if (error instanceof InsecureContextError) return texts.insecureContext;
  if (error instanceof ApiError || (error instanceof Error && error.message !== '')) return error.message;
  return texts.emptyAnswer;
};

const captchaFields = ({ values, captchaId }: LoginAttempt): Pick<LoginData, 'vali' | 'captchaId'> =>
  captchaId === null ? {} : { vali: values.captcha, captchaId };

const legacyLogin = async (
  attempt: LoginAttempt,
  tenantId: string,
  deps: LoginFlowDependencies,
): Promise<LoginOutcome> => {
  try {
    const encrypt = await deps.getEncryptor();
    const answer = await deps.client.post<{ url?: unknown } | null>(
      `/uniwim/ump/uniLogin?url=${encodeURIComponent(deps.legacyTargetUrl)}`,
      {
        username: attempt.values.account,
        password: await encrypt(attempt.values.password),
        ...captchaFields(attempt),
        tenantId,
      },
    );
    if (typeof answer?.url === 'string' && answer.url !== '')
      return { kind: 'legacyRedirect', url: answer.url };
  } catch {
    // Spec section 8: any legacy login failure shows the one message below.
  }
  return { kind: 'failed', message: deps.texts.legacyFailed };
};

const standardLogin = async (
  attempt: LoginAttempt,
  tenantId: string | undefined,
  deps: LoginFlowDependencies,
): Promise<LoginOutcome> => {
  const encrypt = await deps.getEncryptor();
  const data: LoginData = {
    username: attempt.values.account,
    password: await encrypt(attempt.values.password),
    ...captchaFields(attempt),
    ...(tenantId ? { tenantId } : {}),
    ...(attempt.rememberOffered ? { remember: attempt.values.remember } : {}),
  };
  const answer = await deps.client.post<LoginResult | null>('/dmp/login', { data: encodeLoginData(data) });
  if (!answer) return { kind: 'failed', message: deps.texts.emptyAnswer };
  if (answer.twoFactorAuth) {
    // Without the pending sign-in's ticket the code step could not complete anything.
    if (!answer.ticket) return { kind: 'failed', message: deps.texts.emptyAnswer };
    return {
      kind: 'twoFactor',
      mobile: answer.mobile ?? '',
      tenantId: answer.tenantId,
      ticket: answer.ticket,
    };
  }
  if (!isTokenAnswer(answer)) return { kind: 'failed', message: deps.texts.emptyAnswer };
  const tokens: TokenAnswer = {
    token: answer.token,
    expire: answer.expire,
    refreshToken: answer.refreshToken,
    tenantId: answer.tenantId,
  };
  return answer.changePwd ? { kind: 'changePassword', tokens } : { kind: 'signedIn', tokens };
};

/**
 * Spec section 4 "Login flow": when a tenant name is given, look the tenant up; a legacy tenant
 * (cloud "3", sysType "s7") signs in through its own system, every other one through the standard
 * encrypted login. Never throws: every failure becomes a message to show.
 */
export const signInWithPassword = async (
  attempt: LoginAttempt,
  deps: LoginFlowDependencies,
): Promise<LoginOutcome> => {
  try {
    let tenantId: string | undefined;
    if (attempt.values.tenantName !== '') {
      const tenant = await deps.client.get<TenantLookup | null>('/dmp/tenant/detailByName', {
        query: { name: attempt.values.tenantName },
      });
      if (!tenant?.id) return { kind: 'failed', message: deps.texts.emptyAnswer };
      if (isLegacyTenant(tenant)) return await legacyLogin(attempt, tenant.id, deps);
      tenantId = tenant.id;
    }
    return await standardLogin(attempt, tenantId, deps);
  } catch (error) {
    return { kind: 'failed', message: failureMessage(error, deps.texts) };
  }
};
