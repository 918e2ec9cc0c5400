import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

type Headers = Record<string, string>;

/** Issue 16: the statistics pages' API, each tenant seeing only its own figures. */
describe.each(testBackends())('statistics routes on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterAdmin: Headers;
  let energyAdmin: Headers;
  let waterOp: Headers;
  let platform: Headers;
  let yesterday: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    energyAdmin = bearer(await tokenFor(app, infra.db, 'energy.admin', 't-energy'));
    waterOp = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    platform = bearer(await tokenFor(app, infra.db, 'admin', null));
    // Sign-ins yesterday and openings today (Asia/Shanghai), besides those the tokens above wrote.
    yesterday = (
      (await infra.db.asPlatform((tx) =>
        tx.execute(sql`SELECT ((now() AT TIME ZONE 'Asia/Shanghai')::date - 1)::text AS day`),
      )) as unknown as { rows: { day: string }[] }
    ).rows[0]!.day;
    await infra.db.asPlatform(async (tx) => {
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, error_code, browser, region_province, created_at)
        SELECT t.tenant, 'rt-' || t.tenant || g, 'acc-' || (g % 3), 'u', 'password',
          CASE WHEN g % 4 = 0 THEN 'failure' ELSE 'success' END, CASE WHEN g % 4 = 0 THEN 'WRONG_PASSWORD' END,
          'Chrome', '广东省', (${yesterday}::date + time '10:00')::timestamp AT TIME ZONE 'Asia/Shanghai'
        FROM (VALUES ('t-water', 8), ('t-energy', 12)) AS t(tenant, n), generate_series(1, t.n) g`);
      await tx.execute(sql`
        INSERT INTO usage_logs (tenant_id, id, account_id, user_name, source, type, application_id, application_name, function_id, function_name, result, created_at)
        SELECT 't-water', 'rt-ul-' || g, 'acc-1', 'u', 'web', 1, 'app-st', '统计应用', 'fn-' || (g % 2), '菜单' || (g % 2), 1, now()
        FROM generate_series(1, 6) g`);
    });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    app.server.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) => {
    const res = await call(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().Response;
  };

  it('answers rolled-up days and today live, each tenant only its own', async () => {
    expect((await ok('POST', '/dmp/admin/statistics/rollups', platform, { day: yesterday })).day).toBe(
      yesterday,
    );
    const water = await ok(
      'GET',
      `/ump/admin/statistics/login?from=${yesterday}&to=${yesterday}`,
      waterAdmin,
    );
    expect(water.tenantId).toBe('t-water');
    expect(water.kpis.attempts.value).toBe(8);
    expect(water.kpis.failures.value).toBe(2);
    expect(water.daily).toEqual([expect.objectContaining({ day: yesterday, successes: 6, failures: 2 })]);
    expect(water.provinces).toEqual([{ key: '广东省', value: 8 }]);
    expect(water.tenants).toEqual([]);
    expect(water.maintenance.rollup).toMatchObject({ status: 'succeeded', days: [yesterday] });
    // Another tenant's id in the query is refused, not answered.
    expect((await call('GET', '/ump/admin/statistics/login?tenantId=t-energy', waterAdmin)).statusCode).toBe(
      403,
    );
    expect(
      (await ok('GET', `/ump/admin/statistics/login?from=${yesterday}&to=${yesterday}`, energyAdmin)).kpis
        .attempts.value,
    ).toBe(12);

    const all = await ok('GET', `/dmp/admin/statistics/login?from=${yesterday}&to=${yesterday}`, platform);
    expect(all.kpis.attempts.value).toBeGreaterThanOrEqual(20);
    expect(all.tenants.map((t: { tenantId: string }) => t.tenantId)).toEqual(['t-energy', 't-water']);
    const drilled = await ok(
      'GET',
      `/dmp/admin/statistics/login?from=${yesterday}&to=${yesterday}&tenantId=t-water`,
      platform,
    );
    expect(drilled.kpis.attempts.value).toBe(8);

    const visits = await ok('GET', '/ump/admin/statistics/visits?applicationId=app-st', waterAdmin);
    expect(visits.kpis.views.value).toBeGreaterThanOrEqual(6);
    expect(visits.applications).toEqual([
      expect.objectContaining({ applicationId: 'app-st', name: '统计应用', opens: 6 }),
    ]);
    expect(visits.menus.map((m: { functionId: string; opens: number }) => [m.functionId, m.opens])).toEqual([
      ['fn-0', 3],
      ['fn-1', 3],
    ]);
    expect((await ok('GET', '/ump/admin/statistics/visits', energyAdmin)).applications).toEqual([]);
  });

  it("counts a tenant's weekly and monthly active users of today live, never below its daily ones (issue 25)", async () => {
    // Three accounts sign in to energy today; three others did yesterday (the first test's rows,
    // rolled up). Before: today's weekly and monthly figures were left out and the page showed
    // the last rolled-up day's beside today's daily users (DAU 4, WAU 0, MAU 0 on water's page).
    await infra.db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, created_at)
        SELECT 't-energy', 'rt-today-' || g, 'acc-today-' || g, 'u', 'password', 'success', now()
        FROM generate_series(1, 3) g`),
    );
    const energy = await ok('GET', '/ump/admin/statistics/login', energyAdmin);
    expect(energy.timeZone).toBe('Asia/Shanghai');
    expect(energy.active).toEqual({ day: energy.today, daily: 3, weekly: 6, monthly: 6 });
    const today = energy.daily.at(-1);
    expect(today).toMatchObject({ day: energy.today, users: 3, weeklyUsers: 6, monthlyUsers: 6 });

    // All tenants: today's weekly figures wait for the rollup, so all three are yesterday's.
    const all = await ok('GET', '/dmp/admin/statistics/login', platform);
    expect(all.active.day).toBe(yesterday);
    expect(all.active.weekly).toBeGreaterThanOrEqual(all.active.daily);
    expect(all.active.monthly).toBeGreaterThanOrEqual(all.active.weekly);
  });

  it('refuses periods and days that cannot be, and members without the permission', async () => {
    // A day that does not exist is refused by the query's schema, naming the parameter (issue 24).
    const invalid = await call(
      'GET',
      '/ump/admin/statistics/login?from=2026-02-30&to=2026-03-02',
      waterAdmin,
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Details).toEqual([expect.objectContaining({ path: 'querystring.from' })]);
    const tooLong = await call(
      'GET',
      '/ump/admin/statistics/login?from=2024-01-01&to=2026-03-01',
      waterAdmin,
    );
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().Code).toBe(42244);
    expect(
      (await call('GET', '/ump/admin/statistics/login?from=2026-03-02&to=2026-03-01', waterAdmin)).statusCode,
    ).toBe(422);
    expect((await call('GET', '/ump/admin/statistics/login', waterOp)).statusCode).toBe(403);
    const today = await call('POST', '/dmp/admin/statistics/rollups', platform, { day: '2999-01-01' });
    expect(today.json().Code).toBe(42245);
    const expired = await call('POST', '/dmp/admin/statistics/rollups', platform, { day: '2001-01-01' });
    expect(expired.statusCode).toBe(409);
    expect(
      (await call('POST', '/dmp/admin/statistics/rollups', waterAdmin, { day: yesterday })).statusCode,
    ).toBe(403);
  });

  it("keeps a tenant's retention within the platform's maximum", async () => {
    const before = await ok('GET', '/ump/admin/statistics/retention', waterAdmin);
    expect(before).toMatchObject({ custom: false, loginLogDays: before.maximum.loginLogDays });
    const above = await call('PUT', '/ump/admin/statistics/retention', waterAdmin, {
      loginLogDays: before.maximum.loginLogDays + 1,
      usageLogDays: 30,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json().Code).toBe(42246);
    const saved = await ok('PUT', '/ump/admin/statistics/retention', waterAdmin, {
      loginLogDays: 30,
      usageLogDays: 60,
    });
    expect(saved).toMatchObject({ custom: true, loginLogDays: 30, usageLogDays: 60 });
    expect((await ok('GET', '/ump/admin/statistics/retention', energyAdmin)).custom).toBe(false);
  });
});
