import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { loginClient } from '../support/login-client';
import { resetSecurityFloors, setSecurityFloors } from '../support/platform-settings';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

/**
 * Issue 11, defects 3 and 4: the lock-out that guards an account is the strictest of its tenants'
 * settings and the platform's, whatever tenant the request names; with no lock-out at all, the
 * wrong-password answer tells no remaining count (it said "还可尝试Infinity次").
 */
describe.each(testBackends())('lock-out whatever tenant a sign-in names, on $name', (backend) => {
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
    ip = { 'x-forwarded-for': `10.11.0.${ipCounter}` };
  });
  afterEach(async () => {
    await app.services.loginConfig.setTenantOverride('t-energy', {});
    await app.services.loginConfig.setTenantOverride('t-water', {});
    await app.services.loginConfig.setPlatformDefault({});
    await resetSecurityFloors(app);
    await app.services.lockout.unlock('water.admin');
  });

  const login = (fields: Parameters<typeof client.login>[0]) => client.login(fields, ip);

  it("counts guesses at water.admin's password made through energy, which switched lock-out off", async () => {
    await app.services.loginConfig.setTenantOverride('t-energy', { lockingIsOpen: '0' });
    for (let i = 1; i <= 4; i++) {
      const { body } = await login({
        username: 'water.admin',
        password: `Wrong-${i}-pw`,
        tenantId: 't-energy',
      });
      expect(body).toMatchObject({
        Error: 'INVALID_CREDENTIALS',
        Message: `用户名或密码错误，还可尝试${5 - i}次`,
      });
    }
    const fifth = await login({ username: 'water.admin', password: 'Wrong-5-pw', tenantId: 't-energy' });
    expect(fifth.body.Error).toBe('LOCKED');
    // The right password no longer tells NOT_A_MEMBER apart from a wrong one: the account is locked.
    const right = await login({
      username: 'water.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
    });
    expect(right.body.Error).toBe('LOCKED');
    const atHome = await login({
      username: 'water.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-water',
    });
    expect(atHome.body.Error).toBe('LOCKED');
  });

  it("applies the strictest of the account's tenants, the named tenant and the platform", async () => {
    await app.services.loginConfig.setTenantOverride('t-water', { loginCountMax: '3', loginTime: '45' });
    await app.services.loginConfig.setTenantOverride('t-energy', { lockingIsOpen: '0' });
    for (let i = 1; i <= 2; i++) {
      const { body } = await login({
        username: 'water.admin',
        password: `Wrong-${i}-pw`,
        tenantId: 't-energy',
      });
      expect(body.Message).toBe(`用户名或密码错误，还可尝试${3 - i}次`);
    }
    const third = await login({ username: 'water.admin', password: 'Wrong-3-pw', tenantId: 't-energy' });
    expect(third.body).toMatchObject({ Error: 'LOCKED', Message: '账号已锁定，请45分钟后重试' });
  });

  it('a tenant that switches lock-out off cannot go below the platform floor', async () => {
    await app.services.loginConfig.setTenantOverride('t-water', { lockingIsOpen: '0' });
    const { body } = await login({ username: 'water.admin', password: 'Wrong-1-pw', tenantId: 't-water' });
    expect(body.Message).toBe('用户名或密码错误，还可尝试4次');
  });

  it('tells no remaining count when no lock-out applies anywhere', async () => {
    await setSecurityFloors(app, { lockoutAlwaysOn: false });
    await app.services.loginConfig.setPlatformDefault({ lockingIsOpen: '0' });
    await app.services.loginConfig.setTenantOverride('t-water', { lockingIsOpen: '0' });
    for (let i = 1; i <= 6; i++) {
      const { body } = await login({
        username: 'water.admin',
        password: `Wrong-${i}-pw`,
        tenantId: 't-water',
      });
      expect(body).toMatchObject({ Error: 'INVALID_CREDENTIALS', Message: '用户名或密码错误' });
    }
  });
});
