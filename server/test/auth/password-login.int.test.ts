import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts, loginLogs, tenants } from '../../src/db/schema';
import { captchaStoreKey } from '../../src/modules/captcha/service';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

describe.each(testBackends())('password sign-in on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let ipCounter = 0;
  // Each test signs in from its own address so per-address limits and locks do not leak between tests.
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
    ip = { 'x-forwarded-for': `10.0.0.${ipCounter}` };
  });

  const login = (fields: Parameters<typeof client.login>[0]) =>
    client.login(fields, { ...ip, 'user-agent': 'vitest' });
  // What the admin pages do: change the row, then announce it (sign-in keeps accounts in memory).
  const setAccount = async (username: string, values: Partial<typeof accounts.$inferInsert>) => {
    await infra.db.asPlatform((tx) => tx.update(accounts).set(values).where(eq(accounts.username, username)));
    await app.services.accounts.changed();
  };
  const setTenant = async (values: Partial<typeof tenants.$inferInsert>) => {
    await infra.db.asPlatform((tx) => tx.update(tenants).set(values).where(eq(tenants.id, 't-energy')));
    await app.services.accounts.changed();
  };

  it('signs in without a tenant name into the first tenant, with the spec answer', async () => {
    const { res, body } = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(body.Code).toBe(0);
    expect(body.Response).toMatchObject({
      tenantId: 't-water',
      twoFactorAuth: false,
      changePwd: false,
      mobile: '139****0002',
      expire: 7200,
    });
    expect(body.Response.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.Response.refreshToken).not.toBe(body.Response.token);
    const me = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(body.Response.token),
    });
    expect(me.json().Response).toMatchObject({
      username: 'water.op',
      isAdmin: false,
      tenantName: '示范水务集团',
    });
  });

  it('signs in to the tenant named by the form', async () => {
    const { body } = await login({
      username: 'energy.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
    });
    expect(body.Response.tenantId).toBe('t-energy');
    const me = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(body.Response.token),
    });
    expect(me.json().Response.isAdmin).toBe(true);
  });

  it('answers the same for a wrong password and an unknown account', async () => {
    const wrong = await login({ username: 'water.admin', password: 'Wrong-passw0rd' });
    const unknown = await login({ username: 'nobody.here', password: 'Wrong-passw0rd' });
    expect(wrong.res.statusCode).toBe(401);
    expect(wrong.body).toMatchObject({ Code: 40102, Error: 'INVALID_CREDENTIALS' });
    expect(wrong.body.Message).toBe('用户名或密码错误，还可尝试4次');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a member of another tenant, a disabled account, a disabled or expired tenant', async () => {
    const other = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD, tenantId: 't-energy' });
    expect(other.res.statusCode).toBe(403);
    expect(other.body.Error).toBe('NOT_A_MEMBER');

    await setAccount('energy.staff', { status: 'disabled' });
    const disabled = await login({ username: 'energy.staff', password: TEST_ADMIN_PASSWORD });
    expect(disabled.body.Error).toBe('ACCOUNT_DISABLED');
    await setAccount('energy.staff', { status: 'active' });

    await setTenant({ status: 'disabled' });
    const closed = await login({
      username: 'energy.staff',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
    });
    expect(closed.body.Error).toBe('TENANT_DISABLED');
    await setTenant({ status: 'active', expiresAt: new Date(Date.now() - 1000) });
    const expired = await login({
      username: 'energy.staff',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
    });
    expect(expired.body.Error).toBe('TENANT_EXPIRED');
    await setTenant({ expiresAt: null });
  });

  it('refuses an unknown tenant id, undecryptable passwords and badly encoded data', async () => {
    const unknownTenant = await login({
      username: 'water.op',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-nope',
    });
    expect(unknownTenant.body.Error).toBe('TENANT_NOT_FOUND');

    const data = client.encode({ username: 'water.op', password: Buffer.from('plain').toString('base64') });
    const undecryptable = await app.server.inject({
      method: 'POST',
      url: '/dmp/login',
      payload: { data },
      headers: ip,
    });
    expect(undecryptable.statusCode).toBe(400);
    expect(undecryptable.json().Error).toBe('PASSWORD_UNDECRYPTABLE');

    for (const bad of [
      'not base64!',
      Buffer.from('{oops').toString('base64'),
      client.encode({ user: 'x' }),
    ]) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/dmp/login',
        payload: { data: bad },
        headers: ip,
      });
      expect(res.statusCode).toBe(400);
      expect(['BAD_ENCODING', 'BAD_REQUEST']).toContain(res.json().Error);
    }
  });

  it('locks an account after loginCountMax failures, says when to retry, and an admin can unlock it', async () => {
    // A success forgets earlier failures (an earlier test left one).
    expect((await login({ username: 'water.admin', password: TEST_ADMIN_PASSWORD })).body.Code).toBe(0);
    for (let i = 1; i <= 4; i++) {
      const { body } = await login({ username: 'water.admin', password: `Wrong-${i}-passw0rd` });
      expect(body.Error).toBe('INVALID_CREDENTIALS');
    }
    const fifth = await login({ username: 'water.admin', password: 'Wrong-5-passw0rd' });
    expect(fifth.res.statusCode).toBe(423);
    expect(fifth.body).toMatchObject({ Code: 42300, Error: 'LOCKED', Message: '账号已锁定，请30分钟后重试' });
    expect(fifth.body.Details.retryAfterSeconds).toBeGreaterThan(1790);

    // Locked even with the right password, from another address too.
    const right = await client.login(
      { username: 'water.admin', password: TEST_ADMIN_PASSWORD },
      { 'x-forwarded-for': '10.9.9.9' },
    );
    expect(right.body.Error).toBe('LOCKED');

    const admin = await login({ username: 'admin', password: TEST_ADMIN_PASSWORD });
    const unlock = await app.server.inject({
      method: 'POST',
      url: '/dmp/user/unlock',
      headers: bearer(admin.body.Response.token),
      payload: { username: 'water.admin' },
    });
    expect(unlock.json()).toMatchObject({ Code: 0, Response: { wasLocked: true } });
    const after = await login({ username: 'water.admin', password: TEST_ADMIN_PASSWORD });
    expect(after.body.Code).toBe(0);
  });

  it('does not let a non-admin unlock accounts', async () => {
    const op = await login({ username: 'water.op', password: TEST_ADMIN_PASSWORD });
    const res = await app.server.inject({
      method: 'POST',
      url: '/dmp/user/unlock',
      headers: bearer(op.body.Response.token),
      payload: { username: 'water.admin' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('requires a correct, single-use captcha when showVctCode is 1', async () => {
    await app.services.loginConfig.setTenantOverride('t-energy', { showVctCode: 1, title: '能源' });
    const missing = await login({
      username: 'energy.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
    });
    expect(missing.body.Error).toBe('CAPTCHA_INVALID');

    const captchaId = `${Date.now()}1234`;
    const image = await app.server.inject({
      method: 'GET',
      url: `/uniwim/ump/loginCode.png?time=${captchaId}`,
      headers: ip,
    });
    expect(image.headers['content-type']).toBe('image/png');
    const answer = await infra.store.get(captchaStoreKey(captchaId));
    expect(answer).toMatch(/^[A-Z0-9]{4}$/);
    const wrong = await login({
      username: 'energy.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
      captchaId,
      vali: 'ZZZZ',
    });
    expect(wrong.body.Error).toBe('CAPTCHA_INVALID');

    await app.server.inject({
      method: 'GET',
      url: `/uniwim/ump/loginCode.png?time=${captchaId}`,
      headers: ip,
    });
    const fresh = (await infra.store.get(captchaStoreKey(captchaId)))!;
    const ok = await login({
      username: 'energy.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
      captchaId,
      vali: fresh.toLowerCase(),
    });
    expect(ok.body.Code).toBe(0);
    const reused = await login({
      username: 'energy.admin',
      password: TEST_ADMIN_PASSWORD,
      tenantId: 't-energy',
      captchaId,
      vali: fresh,
    });
    expect(reused.body.Error).toBe('CAPTCHA_INVALID');
    await app.services.loginConfig.setTenantOverride('t-energy', {});
  });

  it('writes every attempt to the login log with address, agent, tenant, mode and result', async () => {
    await login({ username: 'energy.staff', password: TEST_ADMIN_PASSWORD });
    await login({ username: 'energy.staff', password: 'Wrong-passw0rd' });
    // Rows are written behind the answers: within half a second, or now.
    await app.services.loginLog.flush();
    // A failure without a tenant on the form belongs to no tenant: it is read on the platform path.
    const rows = await infra.db.asPlatform((tx) =>
      tx.select().from(loginLogs).where(eq(loginLogs.username, 'energy.staff')),
    );
    const inTenant = await infra.db.withTenant('t-energy', (tx) => tx.select().from(loginLogs));
    expect(inTenant.every((r) => r.tenantId === 't-energy')).toBe(true);
    const latest = rows.filter((r) => r.ip === ip['x-forwarded-for']);
    expect(latest.map((r) => [r.result, r.errorCode, r.mode, r.userAgent]).sort()).toEqual(
      [
        ['failure', 'INVALID_CREDENTIALS', 'password', 'vitest'],
        ['success', null, 'password', 'vitest'],
      ].sort(),
    );
  });

  it('looks a tenant up by exact name only', async () => {
    const found = await app.server.inject({
      method: 'GET',
      url: `/dmp/tenant/detailByName?name=${encodeURIComponent('示范水务集团')}`,
    });
    expect(found.json().Response).toEqual({ id: 't-water', cloud: '1', sysType: 's1' });
    const partial = await app.server.inject({
      method: 'GET',
      url: `/dmp/tenant/detailByName?name=${encodeURIComponent('示范')}`,
    });
    expect(partial.statusCode).toBe(404);
    expect(partial.json().Error).toBe('TENANT_NOT_FOUND');
  });
});
