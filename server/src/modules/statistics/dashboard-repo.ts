import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import type { LoginDayRecord, VisitDayRecord } from './dashboard';
import type { Dims } from './rollup-assembly';
import { computeDay } from './rollup-repo';

/** Whose figures: a tenant's page (its row-level scope), or the platform's (all tenants, or one). */
export type StatisticsScope =
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'platform'; tenantId: string | null };

export interface Ranked {
  id: string;
  name: string;
  value: number;
  secondary: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const RANKING_SIZE = 20;

/** Every read of the statistics pages: the rollup tables, and today computed from the raw rows. */
export const createDashboardRepo = (db: Database) => {
  const run = <T>(scope: StatisticsScope, work: (tx: Tx) => Promise<T>) =>
    scope.kind === 'tenant' ? db.withTenant(scope.tenantId, work) : db.asPlatform(work);
  /** A tenant's rows, or the rows of all tenants together (tenant_id NULL). */
  const rowsFor = (scope: StatisticsScope): SQL =>
    scope.tenantId === null ? sql`tenant_id IS NULL` : sql`tenant_id = ${scope.tenantId}`;

  return {
    loginDays: (scope: StatisticsScope, from: string, to: string): Promise<LoginDayRecord[]> =>
      run(scope, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            SELECT day::text AS day, attempts, successes, failures, locked, users, new_users, weekly_users, monthly_users, dims
            FROM login_daily_stats WHERE ${rowsFor(scope)} AND day BETWEEN ${from}::date AND ${to}::date ORDER BY day`),
        ).map((row) => ({
          day: String(row.day),
          attempts: Number(row.attempts),
          successes: Number(row.successes),
          failures: Number(row.failures),
          locked: Number(row.locked),
          users: Number(row.users),
          newUsers: Number(row.new_users),
          weeklyUsers: Number(row.weekly_users),
          monthlyUsers: Number(row.monthly_users),
          dims: row.dims as Dims,
        })),
      ),

    visitDays: (scope: StatisticsScope, from: string, to: string): Promise<VisitDayRecord[]> =>
      run(scope, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            SELECT day::text AS day, views, downloads, visitors, dims
            FROM visit_daily_stats WHERE ${rowsFor(scope)} AND day BETWEEN ${from}::date AND ${to}::date ORDER BY day`),
        ).map((row) => ({
          day: String(row.day),
          views: Number(row.views),
          downloads: Number(row.downloads),
          visitors: Number(row.visitors),
          dims: row.dims as Dims,
        })),
      ),

    /**
     * Today's figures from the raw rows, in the scope's zone. One tenant's weekly and monthly active
     * users are counted too (its own rows, a few milliseconds); all tenants' are left for the rollup
     * (thirty days of every tenant's accounts take seconds at ten million logs: docs/performance.md).
     */
    today: (scope: StatisticsScope, today: string, zone: string, parts: 'login' | 'visits') =>
      run(scope, async (tx) => {
        const rollup = await computeDay(
          tx,
          today,
          scope.tenantId === null
            ? { kind: 'all-tenants', zone }
            : { kind: 'tenant', tenantId: scope.tenantId, zone },
          { activeUsers: scope.tenantId !== null, parts },
        );
        const mine = <T extends { tenantId: string | null }>(list: T[]) =>
          list.find((entry) => entry.tenantId === scope.tenantId);
        const login = mine(rollup.login);
        const visits = mine(rollup.visits);
        return {
          login: login
            ? ({
                ...login,
                day: today,
                ...(scope.tenantId === null ? { weeklyUsers: null, monthlyUsers: null } : {}),
              } as LoginDayRecord)
            : null,
          visits: visits ? ({ ...visits, day: today } as VisitDayRecord) : null,
          items: rollup.items.filter((item) => item.tenantId === scope.tenantId),
        };
      }),

    /** Applications (functionId '') or the menus of one application, by openings over the period. */
    items: async (
      scope: StatisticsScope,
      from: string,
      to: string,
      level: { kind: 'applications' } | { kind: 'menus'; applicationId: string | null },
    ): Promise<
      { applicationId: string; functionId: string; name: string; opens: number; userDays: number }[]
    > =>
      run(scope, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            SELECT application_id, function_id, coalesce(max(name), application_id) AS name,
              sum(opens)::bigint AS opens, sum(users)::bigint AS user_days
            FROM visit_daily_items
            WHERE ${rowsFor(scope)} AND day BETWEEN ${from}::date AND ${to}::date
              ${level.kind === 'applications' ? sql`AND function_id = ''` : sql`AND function_id <> ''`}
              ${level.kind === 'menus' && level.applicationId ? sql`AND application_id = ${level.applicationId}` : sql``}
            GROUP BY application_id, function_id ORDER BY opens DESC, application_id, function_id LIMIT 200`),
        ).map((row) => ({
          applicationId: String(row.application_id),
          functionId: String(row.function_id),
          name: String(row.name),
          opens: Number(row.opens),
          userDays: Number(row.user_days),
        })),
      ),

    /** Distinct applications opened in a period. */
    applicationsOpened: (scope: StatisticsScope, from: string, to: string): Promise<number> =>
      run(scope, async (tx) => {
        const [row] = rowsOf<{ count: number }>(
          await tx.execute(sql`
            SELECT count(DISTINCT application_id)::int AS count FROM visit_daily_items
            WHERE ${rowsFor(scope)} AND function_id = '' AND day BETWEEN ${from}::date AND ${to}::date`),
        );
        return Number(row?.count ?? 0);
      }),

    /**
     * All tenants' page only: the tenants with the most sign-ins (or page views) over the period,
     * from the running totals (dense: a day's rows hold every tenant's totals through it): the rows
     * of the last day up to `to` minus those of the last day before `from`. Two days' rows,
     * whatever the period's length, instead of every day of the period for every tenant.
     */
    tenantRanking: (table: 'login' | 'visit', from: string, to: string): Promise<Ranked[]> =>
      db.asPlatform(async (tx) => {
        const rowsOfDay = (bound: SQL) => sql`
          (SELECT tenant_id, value, secondary FROM tenant_running_totals
           WHERE kind = ${table} AND day = (SELECT max(day) FROM tenant_running_totals WHERE kind = ${table} AND ${bound}))`;
        return rowsOf<Record<string, unknown>>(
          await tx.execute(sql`
            WITH period AS (
              SELECT u.tenant_id, u.value - coalesce(b.value, 0) AS value, u.secondary - coalesce(b.secondary, 0) AS secondary
              FROM ${rowsOfDay(sql`day <= ${to}::date`)} u
              LEFT JOIN ${rowsOfDay(sql`day < ${from}::date`)} b ON b.tenant_id = u.tenant_id),
            top AS (
              SELECT * FROM period
              WHERE ${table === 'login' ? sql`secondary > 0` : sql`value + secondary > 0`}
              ORDER BY value DESC, tenant_id LIMIT ${RANKING_SIZE})
            SELECT top.tenant_id AS id, coalesce(t.name, top.tenant_id) AS name, top.value, top.secondary
            FROM top LEFT JOIN tenants t ON t.id = top.tenant_id
            ORDER BY top.value DESC, top.tenant_id`),
        ).map((row) => ({
          id: String(row.id),
          name: String(row.name),
          value: Number(row.value),
          secondary: Number(row.secondary),
        }));
      }),

    /** The oldest raw log still kept (a rebuild of an earlier day would lose its rollup), as `zone` reads it. */
    oldestRawDay: async (zone: string): Promise<string | null> => {
      const [row] = rowsOf<{ day: string | null }>(
        await db.asPlatform((tx) =>
          tx.execute(sql`
            SELECT (least((SELECT min(created_at) FROM login_logs), (SELECT min(created_at) FROM usage_logs))
              AT TIME ZONE ${zone})::date::text AS day`),
        ),
      );
      return row?.day ?? null;
    },

    retention: (tenantId: string) =>
      db.withTenant(tenantId, async (tx) => {
        const [row] = rowsOf<{ login_log_days: number; usage_log_days: number }>(
          await tx.execute(sql`
            SELECT login_log_days, usage_log_days FROM tenant_log_retention WHERE tenant_id = ${tenantId}`),
        );
        return row
          ? { loginLogDays: Number(row.login_log_days), usageLogDays: Number(row.usage_log_days) }
          : null;
      }),

    saveRetention: (tenantId: string, days: { loginLogDays: number; usageLogDays: number }) =>
      db.withTenant(tenantId, async (tx) => {
        await tx.execute(sql`
          INSERT INTO tenant_log_retention (tenant_id, login_log_days, usage_log_days, updated_at)
          VALUES (${tenantId}, ${days.loginLogDays}, ${days.usageLogDays}, now())
          ON CONFLICT (tenant_id) DO UPDATE SET login_log_days = EXCLUDED.login_log_days,
            usage_log_days = EXCLUDED.usage_log_days, updated_at = now()`);
      }),
  };
};

export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
