import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

interface LogRow {
  tenantId: string | null;
  username: string;
  result: string;
  reason: string | null;
}

/**
 * Issue 24, defect 8: a wrong password sent from the platform's page (no tenant in the form, no
 * tenant's domain) is logged under the tenant the account would have entered, so that tenant's login
 * log and failure statistics see it; the caller learns nothing more than before.
 */
describe.each(testBackends())('failed sign-ins without a tenant on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let waterAdmin: Record<string, string>;
  let platformAdmin: Record<string, string>;
  let ipCounter = 0;
  let ip: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    client = loginClient(app);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });
  beforeEach(() => {
    ipCounter += 1;
    ip = { 'x-forwarded-for': `10.8.0.${ipCounter}` };
  });

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await app.server.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response;
  };
  const logOf = async (url: string, headers: Record<string, string>, username: string) => {
    await app.services.loginLog.flush();
    const page = (await get(`${url}?username=${encodeURIComponent(username)}&pageSize=50`, headers)) as {
      items: LogRow[];
    };
    return page.items;
  };

  it("logs a water member's wrong password under water, where water's log and statistics count it", async () => {
    const failuresBefore = (await get('/ump/admin/statistics/login', waterAdmin)).kpis.failures
      .value as number;
    const { res, body } = await client.login({ username: 'water.op', password: 'Wrong-Passw0rd!' }, ip);
    expect(res.statusCode).toBe(401);
    expect(body.Error).toBe('INVALID_CREDENTIALS');

    const waterRows = await logOf('/ump/admin/login-logs', waterAdmin, 'water.op');
    expect(waterRows).toEqual([
      expect.objectContaining({ tenantId: 't-water', username: 'water.op', result: 'failure' }),
    ]);
    // One row for one attempt: the platform's log shows the same row, not a second one without a tenant.
    const platformRows = await logOf('/dmp/admin/login-logs', platformAdmin, 'water.op');
    expect(platformRows.map((row) => row.tenantId)).toEqual(['t-water']);
    const failuresAfter = (await get('/ump/admin/statistics/login', waterAdmin)).kpis.failures
      .value as number;
    expect(failuresAfter).toBe(failuresBefore + 1);
  });

  it('answers a known and an unknown account alike, and logs the unknown one on the platform only', async () => {
    const known = await client.login({ username: 'water.admin', password: 'Wrong-Passw0rd!' }, ip);
    const unknown = await client.login({ username: 'nobody.here', password: 'Wrong-Passw0rd!' }, ip);
    const shape = (r: typeof known) => ({ status: r.res.statusCode, ...r.body, Details: undefined });
    expect(shape(unknown)).toEqual(shape(known));
    expect(Object.keys(unknown.res.headers).sort()).toEqual(Object.keys(known.res.headers).sort());

    expect((await logOf('/ump/admin/login-logs', waterAdmin, 'nobody.here')).length).toBe(0);
    const platformRows = await logOf('/dmp/admin/login-logs', platformAdmin, 'nobody.here');
    expect(platformRows.map((row) => row.tenantId)).toEqual([null]);
  });

  it("still logs under the page's tenant when the form names one", async () => {
    await client.login({ username: 'energy.staff', password: 'Wrong-Passw0rd!', tenantId: 't-water' }, ip);
    const rows = await logOf('/dmp/admin/login-logs', platformAdmin, 'energy.staff');
    expect(rows.map((row) => row.tenantId)).toEqual(['t-water']);
  });

  it('logs a wrong SMS code for a known mobile under its tenant too', async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: '/dmp/verificationCodeLogin',
      headers: ip,
      payload: { type: 'LOGIN_CODE', mobile: '13900000002', code: '000000' },
    });
    expect(res.json().Error).toBe('CODE_INVALID');
    const rows = await logOf('/ump/admin/login-logs', waterAdmin, 'water.op');
    expect(rows.filter((row) => row.reason !== null && row.result === 'failure').length).toBeGreaterThan(0);
    expect(rows.every((row) => row.tenantId === 't-water')).toBe(true);
  });

  it('signs the member in afterwards as before', async () => {
    const { body } = await client.login({ username: 'water.op', password: TEST_ADMIN_PASSWORD }, ip);
    expect(body.Response.tenantId).toBe('t-water');
  });
});
