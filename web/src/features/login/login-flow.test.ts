import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { base64ToUtf8 } from '../../lib/base64';
import { InsecureContextError } from '../../lib/rsa-encrypt';
import { createFakeServer, failure, ok, type RecordedRequest } from '../../lib/test-doubles';
import type { AccountFormValues } from './account-form';
import { isLegacyTenant, type LoginAttempt, signInWithPassword } from './login-flow';

const texts = {
  emptyAnswer: '登录失败，请重试！',
  legacyFailed: '登录失败，请联系管理员',
  insecureContext: '不安全',
};
const tokens = { token: 'tok', expire: 7200, refreshToken: 'ref', tenantId: 't-water' };
const loginAnswer = { ...tokens, twoFactorAuth: false, mobile: '139****0001', changePwd: false };

const values = (overrides: Partial<AccountFormValues> = {}): AccountFormValues => ({
  tenantName: '',
  account: 'water.admin',
  password: 'secret',
  captcha: '',
  remember: false,
  ...overrides,
});

const attempt = (overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
  values: values(),
  captchaId: null,
  rememberOffered: true,
  ...overrides,
});

const run = (routes: Parameters<typeof createFakeServer>[0], login: LoginAttempt = attempt()) => {
  const server = createFakeServer(routes);
  const outcome = signInWithPassword(login, {
    client: createApiClient({ fetch: server.fetch }),
    getEncryptor: async () => async (text) => `enc(${text})`,
    texts,
    legacyTargetUrl: 'http://water.localhost:4599',
  });
  return { server, outcome };
};

const loginData = (request: RecordedRequest | undefined) =>
  JSON.parse(base64ToUtf8((request!.body as { data: string }).data)) as Record<string, unknown>;

describe('signInWithPassword: standard login', () => {
  it('posts {data} with the encrypted password and the remember choice, and signs in', async () => {
    const { server, outcome } = run({ 'POST /dmp/login': ok(loginAnswer) });
    await expect(outcome).resolves.toEqual({ kind: 'signedIn', tokens });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe('/dmp/login');
    expect(Object.keys(server.requests[0]!.body as object)).toEqual(['data']);
    expect(loginData(server.requests[0])).toEqual({
      username: 'water.admin',
      password: 'enc(secret)',
      remember: false,
    });
  });

  it('sends the captcha answer with its id, and no remember flag when the checkbox is not offered', async () => {
    const { server, outcome } = run(
      { 'POST /dmp/login': ok(loginAnswer) },
      attempt({
        values: values({ captcha: 'ab12' }),
        captchaId: '17000000001230421',
        rememberOffered: false,
      }),
    );
    await outcome;
    expect(loginData(server.requests[0])).toEqual({
      username: 'water.admin',
      password: 'enc(secret)',
      vali: 'ab12',
      captchaId: '17000000001230421',
    });
  });

  it('looks the tenant up by name first and signs in to it', async () => {
    const { server, outcome } = run(
      {
        'GET /dmp/tenant/detailByName': ok({ id: 't-water', cloud: '1', sysType: 's1' }),
        'POST /dmp/login': ok(loginAnswer),
      },
      attempt({ values: values({ tenantName: '示范水务集团' }) }),
    );
    await expect(outcome).resolves.toMatchObject({ kind: 'signedIn' });
    expect(server.requests[0]!.url).toBe(
      `/dmp/tenant/detailByName?name=${encodeURIComponent('示范水务集团')}`,
    );
    expect(loginData(server.requests[1])).toMatchObject({ tenantId: 't-water' });
  });

  it('opens the change-password step or the code step when the answer asks for it', async () => {
    await expect(
      run({ 'POST /dmp/login': ok({ ...loginAnswer, changePwd: true }) }).outcome,
    ).resolves.toEqual({
      kind: 'changePassword',
      tokens,
    });
    await expect(
      run({
        'POST /dmp/login': ok({
          ...loginAnswer,
          token: '',
          refreshToken: '',
          expire: 0,
          twoFactorAuth: true,
          ticket: 'tk-1',
        }),
      }).outcome,
    ).resolves.toEqual({ kind: 'twoFactor', mobile: '139****0001', tenantId: 't-water', ticket: 'tk-1' });
  });

  it('cannot open the code step without the pending sign-in it completes', async () => {
    await expect(
      run({
        'POST /dmp/login': ok({
          ...loginAnswer,
          token: '',
          refreshToken: '',
          expire: 0,
          twoFactorAuth: true,
        }),
      }).outcome,
    ).resolves.toEqual({ kind: 'failed', message: '登录失败，请重试！' });
  });

  it("shows the server's message on a refused login", async () => {
    const { outcome } = run({ 'POST /dmp/login': failure(40102, '用户名或密码错误', 401) });
    await expect(outcome).resolves.toEqual({ kind: 'failed', message: '用户名或密码错误' });
  });

  it('shows 登录失败，请重试！ on an empty answer', async () => {
    await expect(run({ 'POST /dmp/login': ok(null) }).outcome).resolves.toEqual({
      kind: 'failed',
      message: '登录失败，请重试！',
    });
    await expect(run({ 'POST /dmp/login': ok({ twoFactorAuth: false }) }).outcome).resolves.toMatchObject({
      message: '登录失败，请重试！',
    });
  });

  it('shows the network error', async () => {
    const { outcome } = run({ 'POST /dmp/login': new TypeError('Failed to fetch') });
    await expect(outcome).resolves.toEqual({ kind: 'failed', message: '网络连接失败，请检查网络后重试' });
  });

  it('stops at an unknown tenant with its message', async () => {
    const { server, outcome } = run(
      { 'GET /dmp/tenant/detailByName': failure(40402, '租户不存在', 404) },
      attempt({ values: values({ tenantName: '没有这个' }) }),
    );
    await expect(outcome).resolves.toEqual({ kind: 'failed', message: '租户不存在' });
    expect(server.requests).toHaveLength(1);
  });

  it('explains a page that cannot encrypt', async () => {
    const server = createFakeServer({});
    const outcome = await signInWithPassword(attempt(), {
      client: createApiClient({ fetch: server.fetch }),
      getEncryptor: async () => {
        throw new InsecureContextError('no WebCrypto');
      },
      texts,
      legacyTargetUrl: '',
    });
    expect(outcome).toEqual({ kind: 'failed', message: '不安全' });
  });
});

describe('signInWithPassword: legacy tenants', () => {
  const legacyTenant = { 'GET /dmp/tenant/detailByName': ok({ id: 't-old', cloud: '3', sysType: 's7' }) };
  const legacyAttempt = attempt({
    values: values({ tenantName: '老系统', captcha: 'ab12' }),
    captchaId: '17000000001230421',
  });

  it('recognises cloud "3" with sysType "s7" only', () => {
    expect(isLegacyTenant({ cloud: '3', sysType: 's7' })).toBe(true);
    expect(isLegacyTenant({ cloud: '3', sysType: 's1' })).toBe(false);
    expect(isLegacyTenant({ cloud: '1', sysType: 's7' })).toBe(false);
  });

  it('signs in through uniLogin with the target address and goes where it answers', async () => {
    const { server, outcome } = run(
      { ...legacyTenant, 'POST /uniwim/ump/uniLogin': ok({ url: 'http://legacy/bulletin?utoken=u1' }) },
      legacyAttempt,
    );
    await expect(outcome).resolves.toEqual({
      kind: 'legacyRedirect',
      url: 'http://legacy/bulletin?utoken=u1',
    });
    expect(server.requests[1]!.url).toBe(
      `/uniwim/ump/uniLogin?url=${encodeURIComponent('http://water.localhost:4599')}`,
    );
    expect(server.requests[1]!.body).toEqual({
      username: 'water.admin',
      password: 'enc(secret)',
      vali: 'ab12',
      captchaId: '17000000001230421',
      tenantId: 't-old',
    });
  });

  it('shows 登录失败，请联系管理员 on any legacy failure', async () => {
    for (const answer of [failure(50201, 'upstream down', 502), ok(null), ok({ url: '' })]) {
      const { outcome } = run({ ...legacyTenant, 'POST /uniwim/ump/uniLogin': answer }, legacyAttempt);
      await expect(outcome).resolves.toEqual({ kind: 'failed', message: '登录失败，请联系管理员' });
    }
  });
});
