import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { loginClient } from '../support/login-client';
import { resetSecurityFloors, setSecurityFloors } from '../support/platform-settings';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 12: the platform's security floors hold at sign-in whatever a tenant set — lock-out, the
 * password rule, token lifetimes, and the SMS step for platform operators.
 */
describe.each(testBackends())('platform floors at sign-in, on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let ipCounter = 0;
  let ip: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });
  beforeEach(() => {
    ipCounter += 1;
    ip = { 'x-forwarded-for': `10.12.0.${ipCounter}` };
  });
  afterEach(async () => {
    await app.services.loginConfig.setTenantOverride('t-water', {});
    await resetSecurityFloors(app);
    await app.services.lockout.unlock('water.op');
  });

  const login = (fields: Parameters<typeof client.login>[0]) => client.login(fields, ip);

  it('locks out at the floor though the tenant turned lock-out off', async () => {
    await app.services.loginConfig.setTenantOverride('t-water', { lockingIsOpen: '0' });
    await setSecurityFloors(app, { lockoutMaxFailuresAtMost: 2, lockoutMinutesAtLeast: 50 });
    const first = await login({ username: 'water.op', password: 'Wrong-1-pw', tenantId: 't-water' });
    expect(first.body.Message).toBe('用户名或密码错误，还可尝试1次');
    const second = await login({ username: 'water.op', password: 'Wrong-2-pw', tenantId: 't-water' });
    expect(second.body).toMatchObject({ Error: 'LOCKED', Message: '账号已锁定，请50分钟后重试' });
  });

  it("lifts a tenant's weaker password rule to the floor: a password below it must be changed", async () => {
    // The seeded password has 20 characters of every class: it passes any rule of 20 or fewer.
    await app.services.loginConfig.setTenantOverride('t-water', { pwdRuleType: 6, pwdMinLength: 4 });
    const within = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD, tenantId: 't-water' });
    expect(within.body.Response.changePwd).toBe(false);

    await setSecurityFloors(app, { passwordMinLength: 24 });
    const below = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD, tenantId: 't-water' });
    expect(below.body.Response.changePwd).toBe(true);
    // And the change itself is held to the floor.
    const change = await client.changePassword(
      below.body.Response.token,
      TEST_ADMIN_PASSWORD,
      'Short-Pw-123',
    );
    expect(change.body).toMatchObject({ Error: 'PASSWORD_POLICY', Message: '密码长度不能少于24位' });
  });

  it('issues tokens no longer than the longest session and refresh lifetimes', async () => {
    await setSecurityFloors(app, { accessTokenMaxMinutes: 30, refreshTokenMaxHours: 1 });
    const { body } = await login({
      username: 'water.op',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-water',
    });
    expect(body.Response.expire).toBe(1800);
    const refreshed = await app.server.inject({
      method: 'POST',
      url: '/dmp/refreshToken',
      payload: { refreshToken: body.Response.refreshToken },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().Response.expire).toBe(1800);
  });

  it('asks a platform operator signing in to the platform for the SMS code when the floor says so', async () => {
    const before = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(before.body.Response).toMatchObject({ twoFactorAuth: false });
    expect(before.body.Response.token).not.toBe('');

    await setSecurityFloors(app, { twoFactorForOperators: true });
    const after = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(after.body.Response).toMatchObject({ twoFactorAuth: true, token: '', mobile: '138****0000' });
    // A tenant member signing in to the tenant is not an operator's platform sign-in.
    const member = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD, tenantId: 't-water' });
    expect(member.body.Response.twoFactorAuth).toBe(false);
  });
});
