import { DEFAULT_TIME_ZONE } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDashboardRepo } from '../../src/modules/statistics/dashboard-repo';
import { createLogRetention } from '../../src/modules/statistics/retention';
import { buildDay } from '../../src/modules/statistics/rollup-repo';
import type { Database } from '../../src/platform/db/database';
import { type TestInfrastructure, testBackends } from '../support/backends';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const MONTH_DAYS = Array.from({ length: 30 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`).concat(
  '2026-03-31',
);
const ZONES = { platform: DEFAULT_TIME_ZONE };
const SHANGHAI_DAY = sql.raw(`(created_at AT TIME ZONE 'Asia/Shanghai')::date`);

/** Issue 16: rollups equal direct counts over the raw rows; retention removes exactly the expired rows. */
describe.each(testBackends())('log rollups and retention on $name', (backend) => {
  let infra: TestInfrastructure;
  let db: Database;
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await db.asPlatform((tx) => tx.execute(statement)));

  beforeAll(async () => {
    infra = await backend.open();
    db = infra.db;
    // March 2026 gets its own partitions (its rows would otherwise sit in the default one).
    for (const table of ['login_logs', 'usage_logs'])
      await db.admin.query('SELECT uniwim_log_partition_create($1, $2::date)', [table, '2026-03-01']);
    // A month of sign-ins and openings, spread over tenants, modes, clients, regions and hours.
    await db.asPlatform(async (tx) => {
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, error_code, device_type, os, browser, region_province, created_at)
        SELECT (ARRAY['t-water', 't-energy', 't-water', 't-energy', NULL])[1 + g % 5], 'st-ll-' || g,
          CASE WHEN g % 11 = 0 THEN NULL ELSE 'acc-' || (g % 37) END, 'user' || (g % 37),
          (ARRAY['password', 'sms', 'qr'])[1 + g % 3],
          CASE WHEN g % 7 = 0 OR g % 11 = 0 THEN 'failure' ELSE 'success' END,
          CASE WHEN g % 21 = 0 THEN 'LOCKED' WHEN g % 7 = 0 OR g % 11 = 0 THEN 'WRONG_PASSWORD' END,
          (ARRAY['desktop', 'mobile', 'tablet', NULL])[1 + g % 4], (ARRAY['Windows', 'macOS', 'Android'])[1 + g % 3],
          (ARRAY['Chrome', 'Edge', 'Safari', 'Firefox', NULL])[1 + g % 5], (ARRAY['广东省', '北京市', NULL, '浙江省'])[1 + g % 4],
          timestamptz '2026-02-28 16:00:00+00' + g * interval '23 minutes'
        FROM generate_series(0, 1939) g`);
      await tx.execute(sql`
        INSERT INTO usage_logs (tenant_id, id, account_id, visitor_id, user_name, source, type, application_id, application_name, function_id, function_name, result, browser, created_at)
        SELECT (ARRAY['t-water', 't-energy', NULL])[1 + g % 3], 'st-ul-' || g,
          CASE WHEN g % 4 = 0 THEN NULL ELSE 'acc-' || (g % 29) END, CASE WHEN g % 4 = 0 THEN 'vis-' || (g % 13) END,
          'u', 'web', CASE WHEN g % 9 = 0 THEN 2 ELSE 1 END, 'app-' || (g % 5), '应用' || (g % 5),
          CASE WHEN g % 3 = 0 THEN NULL ELSE 'fn-' || (g % 4) END, '菜单' || (g % 4), 1,
          (ARRAY['Chrome', 'Edge'])[1 + g % 2],
          timestamptz '2026-02-28 16:00:00+00' + g * interval '17 minutes'
        FROM generate_series(0, 2620) g`);
    });
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('rolls up a month so that every figure equals a direct count over the raw rows', async () => {
    for (const day of MONTH_DAYS) await buildDay(db, day, ZONES);
    const march = sql`created_at >= timestamptz '2026-03-01 00:00:00+08' AND created_at < timestamptz '2026-04-01 00:00:00+08'`;

    const directDaily = await query<Record<string, unknown>>(sql`
      SELECT ${SHANGHAI_DAY}::text AS day, tenant_id, count(*)::int AS attempts,
        count(*) FILTER (WHERE result = 'success')::int AS successes, count(*) FILTER (WHERE result = 'failure')::int AS failures,
        count(DISTINCT account_id) FILTER (WHERE result = 'success')::int AS users,
        count(DISTINCT username) FILTER (WHERE error_code = 'LOCKED')::int AS locked
      FROM login_logs WHERE ${march} AND tenant_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`);
    const rolledDaily = await query<Record<string, unknown>>(sql`
      SELECT day::text AS day, tenant_id, attempts, successes, failures, users, locked FROM login_daily_stats
      WHERE tenant_id IS NOT NULL AND day BETWEEN '2026-03-01' AND '2026-03-31' ORDER BY 1, 2`);
    expect(directDaily.length).toBeGreaterThan(50);
    expect(rolledDaily).toEqual(directDaily);

    // All tenants together, tenantless attempts included.
    const [allDirect] = await query<{ attempts: number }>(
      sql`SELECT count(*)::int AS attempts FROM login_logs WHERE ${march}`,
    );
    const [allRolled] = await query<{ attempts: number }>(sql`
      SELECT sum(attempts)::int AS attempts FROM login_daily_stats WHERE tenant_id IS NULL AND day BETWEEN '2026-03-01' AND '2026-03-31'`);
    expect(allRolled?.attempts).toBe(allDirect?.attempts);

    const splitOf = async (dimension: string, expression: string) => {
      const direct = await query<{ key: string; count: number }>(sql`
        SELECT ${sql.raw(expression)}::text AS key, count(*)::int AS count FROM login_logs
        WHERE ${march} AND tenant_id = 't-water' GROUP BY 1 ORDER BY 1`);
      const rolled = await query<{ key: string; count: number }>(sql`
        SELECT e.key, sum(e.value::int)::int AS count FROM login_daily_stats s, jsonb_each_text(s.dims -> ${dimension}) e
        WHERE s.tenant_id = 't-water' AND s.day BETWEEN '2026-03-01' AND '2026-03-31' GROUP BY 1 ORDER BY 1`);
      expect(rolled, dimension).toEqual(direct);
    };
    await splitOf('mode', 'mode');
    await splitOf('browser', "coalesce(browser, 'unknown')");
    await splitOf('province', "coalesce(region_province, 'unknown')");
    await splitOf('hour', "extract(hour FROM created_at AT TIME ZONE 'Asia/Shanghai')::int");

    // Monthly active users on the last day: the 30 days up to it.
    const [mauDirect] = await query<{ count: number }>(sql`
      SELECT count(DISTINCT account_id)::int AS count FROM login_logs
      WHERE tenant_id = 't-energy' AND result = 'success' AND account_id IS NOT NULL
        AND created_at >= timestamptz '2026-03-02 00:00:00+08' AND created_at < timestamptz '2026-04-01 00:00:00+08'`);
    const [mauRolled] = await query<{ count: number }>(sql`
      SELECT monthly_users AS count FROM login_daily_stats WHERE tenant_id = 't-energy' AND day = '2026-03-31'`);
    expect(mauRolled?.count).toBe(mauDirect?.count);

    const visitsDirect = await query<Record<string, unknown>>(sql`
      SELECT ${SHANGHAI_DAY}::text AS day, tenant_id, count(*) FILTER (WHERE type = 1)::int AS views,
        count(*) FILTER (WHERE type = 2)::int AS downloads,
        count(DISTINCT coalesce(account_id, visitor_id))::int AS visitors
      FROM usage_logs WHERE ${march} AND tenant_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`);
    const visitsRolled = await query<Record<string, unknown>>(sql`
      SELECT day::text AS day, tenant_id, views, downloads, visitors FROM visit_daily_stats
      WHERE tenant_id IS NOT NULL AND day BETWEEN '2026-03-01' AND '2026-03-31' ORDER BY 1, 2`);
    expect(visitsRolled).toEqual(visitsDirect);

    const opensDirect = await query<Record<string, unknown>>(sql`
      SELECT application_id, coalesce(function_id, '') AS function_id, count(*)::int AS opens FROM usage_logs
      WHERE ${march} AND tenant_id = 't-water' AND type = 1 GROUP BY GROUPING SETS ((application_id), (application_id, function_id))
      HAVING grouping(function_id) = 1 OR function_id IS NOT NULL ORDER BY 1, 2`);
    const opensRolled = await query<Record<string, unknown>>(sql`
      SELECT application_id, function_id, sum(opens)::int AS opens FROM visit_daily_items
      WHERE tenant_id = 't-water' AND day BETWEEN '2026-03-01' AND '2026-03-31' GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(opensRolled).toEqual(opensDirect);
  });

  it('leaves a day as it was when its build stops half-way, and a rebuild makes it right', async () => {
    const day = '2026-03-15';
    const countOf = async () =>
      (
        await query<{ attempts: number }>(sql`
        SELECT coalesce(sum(attempts), 0)::int AS attempts FROM login_daily_stats WHERE day = ${day} AND tenant_id IS NULL`)
      )[0]?.attempts;
    const before = await countOf();
    // New raw rows for the day, then a build that dies after writing part of the day.
    await db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
        SELECT 't-water', 'st-late-' || g, 'late', 'password', 'success', timestamptz '2026-03-15 10:00:00+08'
        FROM generate_series(1, 5) g`),
    );
    await expect(
      buildDay(db, day, ZONES, async (step) => {
        if (step === 'visits') throw new Error('the server stopped');
      }),
    ).rejects.toThrow('the server stopped');
    expect(await countOf()).toBe(before);
    await buildDay(db, day, ZONES);
    expect(await countOf()).toBe((before ?? 0) + 5);
  });

  it('ranks tenants over any period exactly as a sum of the days, after late and repeated builds', async () => {
    const dashboard = createDashboardRepo(db);
    const directRanking = async (table: 'login' | 'visit', from: string, to: string) =>
      query<{ id: string; value: number; secondary: number }>(
        table === 'login'
          ? sql`SELECT tenant_id AS id, sum(successes)::int AS value, sum(attempts)::int AS secondary FROM login_daily_stats
              WHERE tenant_id IS NOT NULL AND day BETWEEN ${from}::date AND ${to}::date
              GROUP BY 1 HAVING sum(attempts) > 0 ORDER BY 2 DESC, 1 LIMIT 20`
          : sql`SELECT tenant_id AS id, sum(views)::int AS value, sum(downloads)::int AS secondary FROM visit_daily_stats
              WHERE tenant_id IS NOT NULL AND day BETWEEN ${from}::date AND ${to}::date
              GROUP BY 1 HAVING sum(views + downloads) > 0 ORDER BY 2 DESC, 1 LIMIT 20`,
      );
    const expectSameRanking = async (from: string, to: string) => {
      for (const table of ['login', 'visit'] as const) {
        const ranked = (await dashboard.tenantRanking(table, from, to)).map(({ id, value, secondary }) => ({
          id,
          value,
          secondary,
        }));
        expect(ranked, `${table} ${from}..${to}`).toEqual(await directRanking(table, from, to));
      }
    };
    // The month was built in order and 15 March again (the previous test): later days moved with it.
    await expectSameRanking('2026-03-01', '2026-03-31');
    await expectSameRanking('2026-03-16', '2026-03-16');
    await expectSameRanking('2026-02-01', '2026-03-09');

    // A tenant that first signs in on 12 March, rolled up after the later days were: it ranks, and
    // the days after 12 March carry its totals.
    const addLate = () =>
      db.asPlatform((tx) =>
        tx.execute(sql`
          INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
          SELECT 't-late-rank', 'st-rank-' || g, 'late', 'password', 'success', timestamptz '2026-03-12 09:00:00+08'
          FROM generate_series(1, 500) g`),
      );
    await addLate();
    await buildDay(db, '2026-03-12', ZONES);
    const lateRanking = await dashboard.tenantRanking('login', '2026-03-10', '2026-03-20');
    expect(lateRanking[0]).toMatchObject({
      id: 't-late-rank',
      name: 't-late-rank',
      value: 500,
      secondary: 500,
    });
    await expectSameRanking('2026-03-10', '2026-03-20');
    await expectSameRanking('2026-03-13', '2026-03-31');

    // Its rows leave and the day is built again: it is gone from every period.
    await db.asPlatform((tx) => tx.execute(sql`DELETE FROM login_logs WHERE tenant_id = 't-late-rank'`));
    await buildDay(db, '2026-03-12', ZONES);
    const after = await dashboard.tenantRanking('login', '2026-03-01', '2026-03-31');
    expect(after.map((entry) => entry.id)).not.toContain('t-late-rank');
    await expectSameRanking('2026-03-01', '2026-03-31');
    await expectSameRanking('2026-03-12', '2026-03-12');
  });

  it('removes exactly the expired rows, in batches, and drops months past every retention', async () => {
    await db.admin.query('SELECT uniwim_log_partition_create($1, $2::date)', ['login_logs', '2025-01-01']);
    await db.asPlatform(async (tx) => {
      await tx.execute(sql`DELETE FROM login_logs`);
      await tx.execute(sql`DELETE FROM usage_logs`);
      await tx.execute(sql`
        INSERT INTO tenants (id, code, name) VALUES ('t-water', 'st-water', '统计水务'), ('t-energy', 'st-energy', '统计能源')
        ON CONFLICT DO NOTHING`);
      await tx.execute(sql`
        INSERT INTO tenant_log_retention (tenant_id, login_log_days, usage_log_days) VALUES ('t-water', 30, 30)
        ON CONFLICT (tenant_id) DO UPDATE SET login_log_days = 30`);
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
        SELECT t.tenant, 'rt-' || t.tenant || '-' || t.age || '-' || g, 'u', 'password', 'success', now() - t.age * interval '1 day'
        FROM (VALUES ('t-water', 10), ('t-water', 29), ('t-water', 31), ('t-water', 60), ('t-water', 100),
                     ('t-energy', 10), ('t-energy', 31), ('t-energy', 89), ('t-energy', 91), ('t-energy', 120)) AS t(tenant, age),
             generate_series(1, 4) g`);
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
        SELECT NULL, 'rt-none-' || g, 'u', 'password', 'success', now() - (g * 3) * interval '1 day' FROM generate_series(1, 40) g`);
      // A month long past every retention, in its own partition.
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, username, mode, result, created_at)
        SELECT 't-energy', 'rt-old-' || g, 'u', 'password', 'success', timestamptz '2025-01-10 00:00:00+00' + g * interval '1 hour'
        FROM generate_series(1, 30) g`);
    });
    const expectedLeft = await query<{ id: string }>(sql`
      SELECT id FROM login_logs WHERE
        (tenant_id = 't-water' AND created_at >= now() - interval '30 days') OR
        (tenant_id = 't-energy' AND created_at >= now() - interval '90 days') OR
        (tenant_id IS NULL AND created_at >= now() - interval '90 days') ORDER BY id`);
    const [{ total } = { total: 0 }] = await query<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM login_logs`,
    );

    let statements = 0;
    const counting: Database = {
      ...db,
      asPlatform: (work) => {
        statements += 1;
        return db.asPlatform(work);
      },
    };
    const retention = createLogRetention({
      db: counting,
      platformMaximum: async () => ({ loginLogDays: 90, usageLogDays: 90, operationLogDays: 365 }),
      options: { batchSize: 5, pauseMs: 0, restFactor: 0 },
    });
    const result = await retention.cleanup();

    const left = await query<{ id: string }>(sql`SELECT id FROM login_logs ORDER BY id`);
    expect(left).toEqual(expectedLeft);
    expect(result.rowsRemoved).toBe(total - left.length);
    expect(result.partitionsDropped).toContain('login_logs_p202501');
    const [partition] = await db.admin.query<{ name: string | null }>(
      `SELECT to_regclass('login_logs_p202501')::text AS name`,
    );
    expect(partition?.name).toBeNull();
    // 5 rows a statement: the expired rows outside the dropped month took several statements.
    expect(statements).toBeGreaterThanOrEqual(Math.ceil((total - left.length - 30) / 5));
  });
});
