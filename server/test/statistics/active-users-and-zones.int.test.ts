import { DEFAULT_TIME_ZONE } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDay, daysDue } from '../../src/modules/statistics/rollup-repo';
import type { Database } from '../../src/platform/db/database';
import { type TestInfrastructure, testBackends } from '../support/backends';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const ZONES = { platform: DEFAULT_TIME_ZONE };
const APRIL = Array.from({ length: 30 }, (_, i) => `2026-04-${String(i + 1).padStart(2, '0')}`);

/**
 * Issue 25: weekly and monthly active users are never below the daily ones (DAU 4, WAU 0, MAU 0 on
 * water's page), and each tenant's days and hours are its own zone's (the all-tenant figures the
 * platform's).
 */
describe.each(testBackends())('active users and time zones of the rollups on $name', (backend) => {
  let infra: TestInfrastructure;
  let db: Database;
  const query = async <T>(statement: ReturnType<typeof sql>) =>
    rowsOf<T>(await db.asPlatform((tx) => tx.execute(statement)));

  beforeAll(async () => {
    infra = await backend.open();
    db = infra.db;
    for (const table of ['login_logs', 'usage_logs'])
      for (const month of ['2026-03-01', '2026-04-01'])
        await db.admin.query('SELECT uniwim_log_partition_create($1, $2::date)', [table, month]);
    await db.asPlatform(async (tx) => {
      await tx.execute(sql`
        INSERT INTO tenants (id, code, name, time_zone) VALUES
          ('t-au-sh', 'au-sh', '活跃上海', 'Asia/Shanghai'), ('t-au-ny', 'au-ny', '活跃纽约', 'America/New_York')`);
      // April: accounts sign in on some days only (acc-k every k-th day), into a tenant or, for the
      // platform's operators, into none (their sign-ins count in no tenant's active users).
      await tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, created_at)
        SELECT CASE WHEN a % 5 = 0 THEN NULL WHEN a % 2 = 0 THEN 't-au-sh' ELSE 't-au-ny' END,
          'au-' || d || '-' || a, 'au-acc-' || a, 'u' || a, 'password', 'success',
          timestamptz '2026-04-01 02:00:00+00' + (d - 1) * interval '1 day' + a * interval '7 minutes'
        FROM generate_series(1, 30) d, generate_series(1, 12) a
        WHERE d % a = 0`);
    });
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('never counts fewer weekly or monthly active users than daily ones, for a tenant or all of them', async () => {
    for (const day of APRIL) await buildDay(db, day, ZONES);
    const rows = await query<{
      tenant: string | null;
      day: string;
      users: number;
      weekly: number;
      monthly: number;
    }>(
      sql`SELECT tenant_id AS tenant, day::text AS day, users, weekly_users AS weekly, monthly_users AS monthly
        FROM login_daily_stats WHERE day BETWEEN '2026-04-01' AND '2026-04-30' ORDER BY day, tenant_id`,
    );
    expect(rows.filter((row) => row.tenant === null)).toHaveLength(30);
    for (const row of rows) {
      expect(row.weekly, `${row.tenant ?? 'all'} ${row.day}`).toBeGreaterThanOrEqual(row.users);
      expect(row.monthly, `${row.tenant ?? 'all'} ${row.day}`).toBeGreaterThanOrEqual(row.weekly);
    }
    // The all-tenant daily users are the accounts that signed in to a tenant that day, as the
    // weekly ones are: an operator's sign-in to no tenant is neither.
    const [direct] = await query<{ users: number }>(sql`
      SELECT count(DISTINCT account_id)::int AS users FROM login_logs
      WHERE tenant_id IS NOT NULL AND result = 'success'
        AND created_at >= timestamptz '2026-04-30 00:00:00+08' AND created_at < timestamptz '2026-05-01 00:00:00+08'`);
    const [rolled] = await query<{ users: number; weekly: number }>(sql`
      SELECT users, weekly_users AS weekly FROM login_daily_stats WHERE tenant_id IS NULL AND day = '2026-04-30'`);
    expect(rolled?.users).toBe(direct?.users);
    const [week] = await query<{ users: number }>(sql`
      SELECT count(DISTINCT account_id)::int AS users FROM login_logs
      WHERE tenant_id IS NOT NULL AND result = 'success'
        AND created_at >= timestamptz '2026-04-24 00:00:00+08' AND created_at < timestamptz '2026-05-01 00:00:00+08'`);
    expect(rolled?.weekly).toBe(week?.users);
  });

  it("counts each tenant's days and hours in its zone, all tenants' in the platform's", async () => {
    await db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO login_logs (tenant_id, id, account_id, username, mode, result, created_at) VALUES
          -- 2026-03-10 03:30 UTC: 23:30 on the 9th in New York (EDT), 11:30 on the 10th in Shanghai.
          ('t-au-ny', 'tz-ny-1', 'tz-a', 'a', 'password', 'success', timestamptz '2026-03-10 03:30:00+00'),
          ('t-au-sh', 'tz-sh-1', 'tz-b', 'b', 'password', 'success', timestamptz '2026-03-10 03:30:00+00'),
          -- 2026-03-10 14:00 UTC: 10:00 on the 10th in New York, 22:00 on the 10th in Shanghai.
          ('t-au-ny', 'tz-ny-2', 'tz-a', 'a', 'password', 'success', timestamptz '2026-03-10 14:00:00+00'),
          ('t-au-sh', 'tz-sh-2', 'tz-b', 'b', 'password', 'success', timestamptz '2026-03-10 14:00:00+00')`),
    );
    for (const day of ['2026-03-09', '2026-03-10', '2026-03-11']) await buildDay(db, day, ZONES);
    const rows = await query<{
      tenant: string | null;
      day: string;
      attempts: number;
      hours: Record<string, number>;
    }>(
      sql`SELECT tenant_id AS tenant, day::text AS day, attempts, dims -> 'hour' AS hours FROM login_daily_stats
        WHERE day BETWEEN '2026-03-09' AND '2026-03-11' AND attempts > 0 ORDER BY day, tenant_id NULLS FIRST`,
    );
    expect(rows).toEqual([
      { tenant: 't-au-ny', day: '2026-03-09', attempts: 1, hours: { '23': 1 } },
      { tenant: null, day: '2026-03-10', attempts: 4, hours: { '11': 2, '22': 2 } },
      { tenant: 't-au-ny', day: '2026-03-10', attempts: 1, hours: { '10': 1 } },
      { tenant: 't-au-sh', day: '2026-03-10', attempts: 2, hours: { '11': 1, '22': 1 } },
    ]);
    // Each tenant's active accounts of its own day.
    const active = await query<{ tenant: string; day: string }>(sql`
      SELECT tenant_id AS tenant, day::text AS day FROM daily_active_accounts
      WHERE account_id IN ('tz-a', 'tz-b') ORDER BY day, tenant_id`);
    expect(active).toEqual([
      { tenant: 't-au-ny', day: '2026-03-09' },
      { tenant: 't-au-ny', day: '2026-03-10' },
      { tenant: 't-au-sh', day: '2026-03-10' },
    ]);
  });

  it('builds a day again once it has ended in the last zone in use', async () => {
    const [{ day } = { day: '' }] = await query<{ day: string }>(
      sql`SELECT ((now() AT TIME ZONE 'America/New_York')::date - 1)::text AS day`,
    );
    // Built when the day ended in Shanghai, before it ended in New York.
    await db.asPlatform((tx) =>
      tx.execute(sql`
        INSERT INTO log_rollup_days (day, built_at, rows_written)
        VALUES (${day}::date, ((${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') + interval '1 minute', 0)
        ON CONFLICT (day) DO UPDATE SET built_at = EXCLUDED.built_at`),
    );
    const from = new Date(Date.parse(`${day}T00:00:00Z`) - 2 * 86_400_000).toISOString().slice(0, 10);
    expect(await daysDue(db, from, DEFAULT_TIME_ZONE)).toContain(day);
    await buildDay(db, day, ZONES);
    expect(await daysDue(db, from, DEFAULT_TIME_ZONE)).not.toContain(day);
    // Without a tenant in a later zone, the Shanghai build was the last one it needed.
    await db.asPlatform((tx) =>
      tx.execute(sql`UPDATE tenants SET time_zone = 'Asia/Shanghai' WHERE id = 't-au-ny'`),
    );
    await db.asPlatform((tx) =>
      tx.execute(sql`
        UPDATE log_rollup_days SET built_at = ((${day}::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai') + interval '1 minute'
        WHERE day = ${day}::date`),
    );
    const due = await daysDue(db, from, DEFAULT_TIME_ZONE);
    expect(due).not.toContain(day);
  });
});
