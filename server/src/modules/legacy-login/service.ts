import { AppError, isAppError } from '../../platform/errors';
import type { LoginLog } from '../auth/login-log';
import type { RequestContext } from '../auth/request-context';
import type { CaptchaService } from '../captcha/service';
import type { KeyService } from '../keys/service';
import type { LoginConfigService } from '../login-config/service';
import type { TenantService } from '../tenants/service';

export interface LegacyLoginInput {
  username: string;
  password: string;
  vali?: string;
  captchaId?: string;
  tenantId: string;
  /** The address the page asked for; it must be the one configured for the tenant. */
  requestedUrl?: string;
}

export interface LegacyLoginDeps {
  tenants: TenantService;
  loginConfig: LoginConfigService;
  keys: KeyService;
  captcha: CaptchaService;
  loginLog: LoginLog;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export const LEGACY_TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 64 * 1024;

/** Same address for comparison: scheme and host lower-cased, default port and trailing slash dropped. */
export const sameAddress = (a: string, b: string): boolean => {
  try {
    const left = new URL(a);
    const right = new URL(b);
    const norm = (u: URL) => `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
    return norm(left) === norm(right);
  } catch {
    return false;
  }
};

/** The utoken of the legacy system's answer: `{Code: 0, Response: {utoken}}` or `{Code: 0, Response: "<utoken>"}`. */
export const utokenOf = (answer: unknown): string | null => {
  if (!answer || typeof answer !== 'object') return null;
  const { Code, Response } = answer as { Code?: unknown; Response?: unknown };
  if (Code !== 0) return null;
  const token =
    typeof Response === 'string'
      ? Response
      : (Response as { utoken?: unknown; token?: unknown } | null)?.utoken;
  return typeof token === 'string' && /^[A-Za-z0-9._~+/=-]{1,2048}$/.test(token) ? token : null;
};

/**
 * Sign-in to a tenant's legacy system (cloud "3", sysType "s7") through the platform. The platform
 * only ever calls the login address configured for that tenant: the address a page sends is
 * compared with it, never called. The password travels RSA-encrypted from the browser and is
 * passed on base64-encoded, which is what those systems expect.
 */
export const createLegacyLogin = (deps: LegacyLoginDeps) => {
  // Global fetch is read when called, not at start: reading it loads Node's HTTP client (undici).
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const timeoutMs = deps.timeoutMs ?? LEGACY_TIMEOUT_MS;

  const callLegacySystem = async (url: string, body: object): Promise<unknown> => {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (!response.ok || text.length > MAX_ANSWER_BYTES) return null;
    return JSON.parse(text);
  };

  return async (input: LegacyLoginInput, context: RequestContext): Promise<{ url: string }> => {
    const log = (result: 'success' | 'failure', errorCode: string | null) =>
      deps.loginLog.record({
        tenantId: input.tenantId,
        accountId: null,
        username: input.username,
        mode: 'legacy',
        result,
        errorCode,
        ip: context.ip,
        userAgent: context.userAgent,
        channel: context.channel,
      });
    const tenant = await deps.tenants.findById(input.tenantId);
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
    try {
      await deps.tenants.admission.admit(tenant.id);
      const loginUrl = tenant.legacyLoginUrl;
      if (!loginUrl) throw new AppError('LEGACY_NOT_CONFIGURED');
      if (input.requestedUrl && !sameAddress(input.requestedUrl, loginUrl))
        throw new AppError('LEGACY_URL_NOT_ALLOWED');
      const { config } = await deps.loginConfig.effective(tenant.id);
      if (config.showVctCode === 1) {
        const solved =
          input.vali && input.captchaId && (await deps.captcha.verify(input.captchaId, input.vali));
        if (!solved) throw new AppError('CAPTCHA_INVALID');
      }
      const password = await deps.keys.decrypt(input.password);
      if (password === null) throw new AppError('PASSWORD_UNDECRYPTABLE');

      const answer = await callLegacySystem(loginUrl, {
        username: input.username,
        password: Buffer.from(password, 'utf8').toString('base64'),
        vali: input.vali ?? '',
      }).catch(() => null);
      const utoken = utokenOf(answer);
      if (!utoken) throw new AppError('LEGACY_LOGIN_FAILED');
      const bulletin = new URL(tenant.legacyBulletinUrl ?? new URL('/bulletin', loginUrl).toString());
      bulletin.searchParams.set('utoken', utoken);
      await log('success', null);
      return { url: bulletin.toString() };
    } catch (error) {
      await log('failure', isAppError(error) ? error.errorName : 'INTERNAL');
      throw error;
    }
  };
};

export type LegacyLogin = ReturnType<typeof createLegacyLogin>;
