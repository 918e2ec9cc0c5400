import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, createMemoryStorage, createRecordingCookieJar, ok } from '../../lib/test-doubles';
import {
  completeSignIn,
  destinationAfterSignIn,
  isMobileUserAgent,
  isPopupMode,
  type SignInCompletionEnvironment,
} from './complete-sign-in';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const tokens = { token: 'tok', expire: 7200, refreshToken: 'ref', tenantId: 't-water' };
const user = {
  id: 'u1',
  sn: 'SN1',
  username: 'water.admin',
  name: '王管理',
  mobile: null,
  isAdmin: true,
  tenantId: 't-water',
  tenantName: '示范水务集团',
};

const environment = (overrides: Partial<SignInCompletionEnvironment> = {}) => {
  const server = createFakeServer({ 'GET /ump/currUserInfo': ok(user) });
  const env: SignInCompletionEnvironment = {
    storage: createMemoryStorage(),
    cookies: createRecordingCookieJar(),
    userAgent: DESKTOP,
    popup: false,
    client: createApiClient({ fetch: server.fetch, getToken: () => 'tok' }),
    navigate: vi.fn(),
    notifyOpener: vi.fn(),
    ...overrides,
  };
  return { env, server };
};

describe('destinationAfterSignIn', () => {
  it('is index.html, or /mobile/index.html on a phone when isRedirect is "1"', () => {
    expect(destinationAfterSignIn(DESKTOP, { isRedirect: '1' })).toBe('index.html');
    expect(destinationAfterSignIn(IPHONE, { isRedirect: '0' })).toBe('index.html');
    expect(destinationAfterSignIn(IPHONE, { isRedirect: '1' })).toBe('/mobile/index.html');
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
  });
});

describe('isPopupMode', () => {
  it('is on with ?loginPop=1', () => {
    expect(isPopupMode('?loginPop=1')).toBe(true);
    expect(isPopupMode('?tenant=water&loginPop')).toBe(true);
    expect(isPopupMode('?loginPop=0')).toBe(false);
    expect(isPopupMode('')).toBe(false);
  });
});

describe('completeSignIn', () => {
  it('stores the token data, remembers the account and replaces the page with index.html', async () => {
    const { env } = environment();
    await expect(
      completeSignIn(tokens, { account: 'water.admin', remember: true, config: { isRedirect: '0' } }, env),
    ).resolves.toBe('navigated');
    expect(env.storage.getItem('UniWimAuthorization')).toBe('tok');
    expect(env.storage.getItem('uniwater_utoken')).toBe('tok');
    expect(env.storage.getItem('UniWimRefreshToken')).toBe('ref');
    expect(Number(env.storage.getItem('tokenTime'))).toBeGreaterThan(Date.now() + 7_000_000);
    const writes = (env.cookies as ReturnType<typeof createRecordingCookieJar>).writes;
    expect(writes[0]).toMatch(/^uniwim_username=water\.admin; max-age=864000;/);
    expect(writes.some((write) => /^uniwim_password=[^;]/.test(write))).toBe(false);
    expect(env.navigate).toHaveBeenCalledWith('index.html');
  });

  it('clears the remembered account when remember is off', async () => {
    const { env } = environment({ cookies: createRecordingCookieJar('uniwim_username=old') });
    await completeSignIn(
      tokens,
      { account: 'water.admin', remember: false, config: { isRedirect: '0' } },
      env,
    );
    expect((env.cookies as ReturnType<typeof createRecordingCookieJar>).writes[0]).toMatch(
      /^uniwim_username=; expires=Thu, 01 Jan 1970/,
    );
  });

  it('without an account (SMS sign-in, registration) leaves the remembered account alone', async () => {
    const { env } = environment({ cookies: createRecordingCookieJar('uniwim_username=water.admin') });
    await completeSignIn(tokens, { config: { isRedirect: '0' } }, env);
    expect((env.cookies as ReturnType<typeof createRecordingCookieJar>).writes).toEqual([]);
    expect(env.storage.getItem('UniWimAuthorization')).toBe('tok');
    expect(env.navigate).toHaveBeenCalledWith('index.html');
  });

  it('marks a two-factor sign-in as a tenant user (UniWimTenantUser "1"), and clears a previous mark', async () => {
    const { env } = environment();
    await completeSignIn(tokens, { config: { isRedirect: '0' }, tenantUser: true }, env);
    expect(env.storage.getItem('UniWimTenantUser')).toBe('1');
    await completeSignIn(tokens, { account: 'water.admin', config: { isRedirect: '0' } }, env);
    expect(env.storage.getItem('UniWimTenantUser')).toBeNull();
  });

  it('in pop-up mode fetches the user and tells the opener instead of leaving', async () => {
    const { env, server } = environment({ popup: true });
    await expect(
      completeSignIn(tokens, { account: 'water.admin', remember: false, config: { isRedirect: '0' } }, env),
    ).resolves.toBe('notifiedOpener');
    expect(server.requests[0]!.headers.Authorization).toBe('Bearer tok');
    expect(env.notifyOpener).toHaveBeenCalledWith({ type: 'uniwim-login', user });
    expect(env.navigate).not.toHaveBeenCalled();
  });
});
