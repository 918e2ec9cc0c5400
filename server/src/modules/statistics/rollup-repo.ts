import { STATISTICS_TIME_ZONE } from '@uniwim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import {
  assembleLoginDay,
  assembleVisitDay,
  type GroupedRow,
  type LoginDay,
  type VisitDay,
} from './rollup-assembly';

/** Statistics count days as the platform's users live them (one constant for server and pages). */
export { STATISTICS_TIME_ZONE };

export interface VisitItem {
  tenantId: string | null;
  applicationId: string;
  /** '' for the application's own row. */
  functionId: string;
  name: string | null;
  opens: number;
  users: number;
}

export interface DayRollup {
  login: LoginDay[];
  visits: VisitDay[];
  items: VisitItem[];
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const dayStart = (day: string) => sql`((${day}::date)::timestamp AT TIME ZONE ${STATISTICS_TIME_ZONE})`;
const dayEnd = (day: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${STATISTICS_TIME_ZONE})`;
const hourOf = sql`extract(hour FROM created_at AT TIME ZONE ${STATISTICS_TIME_ZONE})::int`;
const known = (column: string) => sql.raw(`coalesce(nullif(${column}, ''), 'unknown')`);

/** Per tenant and for all tenants: the grouping sets of one table's splits. */
const groupingSets = (dimensions: string[]) =>
  sql.raw(
    [
      '(tenant_id)',
      ...dimensions.map((d) => `(tenant_id, ${d})`),
      '()',
      ...dimensions.map((d) => `(${d})`),
    ].join(', '),
  );
const groupingColumns = (dimensions: string[]) =>
  sql.raw(
    ['grouping(tenant_id) AS g_tenant', ...dimensions.map((d) => `grouping(${d}) AS g_${d}`)].join(', '),
  );

/**
 * One day's rollup computed from the raw rows; `tenantId` narrows it to one tenant (today's live
 * figures of a tenant's page). The same statements fill the rollup tables, so live and stored agree.
 */
export const computeDay = async (
  tx: Tx,
  day: string,
  tenantId: string | null = null,
  options: { activeUsers: boolean; parts?: 'login' | 'visits'; allTenantsOnly?: boolean } = {
    activeUsers: true,
  },
): Promise<DayRollup> => {
  const onlyTenant = tenantId === null ? sql`` : sql`AND tenant_id = ${tenantId}`;
  // All tenants' live figures need no tenant's own: with the tenant read as NULL, the tenant
  // grouping sets collapse into one group the assembly skips (the all-tenant page at ten million logs: see docs/performance.md).
  const tenantColumn = options.allTenantsOnly ? sql`NULL::text AS tenant_id` : sql`tenant_id`;
  // A page reads one of the two: the other's statements are left out.
  const login =
    options.parts !== 'visits'
      ? await computeLogin(tx, day, onlyTenant, options.activeUsers, tenantColumn)
      : [];
  const visits =
    options.parts !== 'login'
      ? await computeVisits(tx, day, onlyTenant, tenantColumn)
      : { visits: [], items: [] };
  return { login, ...visits };
};

const computeLogin = async (
  tx: Tx,
  day: string,
  onlyTenant: SQL,
  withActiveUsers: boolean,
  tenantColumn: SQL,
): Promise<LoginDay[]> => {
  const loginDimensions = ['mode', 'device', 'os', 'browser', 'province', 'hour'];
  const loginRows = rowsOf<GroupedRow>(
    await tx.execute(sql`
      WITH src AS (
        SELECT ${tenantColumn}, account_id, username, result, error_code, mode,
          ${known('device_type')} AS device, ${known('os')} AS os, ${known('browser')} AS browser,
          coalesce(nullif(region_province, ''), nullif(region_country, ''), 'unknown') AS province,
          ${hourOf} AS hour
        FROM login_logs WHERE created_at >= ${dayStart(day)} AND created_at < ${dayEnd(day)} ${onlyTenant}
      )
      SELECT tenant_id, ${groupingColumns(loginDimensions)}, mode, device, os, browser, province, hour,
        count(*)::int AS attempts,
        count(*) FILTER (WHERE result = 'success')::int AS successes,
        count(*) FILTER (WHERE result = 'failure')::int AS failures,
        count(DISTINCT coalesce(account_id, username)) FILTER (WHERE error_code = 'LOCKED')::int AS locked,
        count(DISTINCT account_id) FILTER (WHERE result = 'success')::int AS users
      FROM src GROUP BY GROUPING SETS (${groupingSets(loginDimensions)})`),
  );
  const newUsers = new Map<string, number>();
  for (const row of rowsOf<{ tenant_id: string | null; g_tenant: number; count: number }>(
    await tx.execute(sql`
      SELECT tenant_id, grouping(tenant_id) AS g_tenant, count(*)::int AS count FROM tenant_memberships
      WHERE created_at >= ${dayStart(day)} AND created_at < ${dayEnd(day)} ${onlyTenant}
      GROUP BY GROUPING SETS ((tenant_id), ())`),
  )) {
    newUsers.set(Number(row.g_tenant) === 1 ? '' : String(row.tenant_id), Number(row.count));
  }
  // Weekly and monthly active users: the days before from daily_active_accounts (rolled up, so they
  // outlive the raw rows), the day itself from the raw rows.
  const activeUsers = new Map<string, { weekly: number; monthly: number }>();
  // Live figures of today leave them out: 30 days of accounts are too many to count on every view.
  const activeRows = withActiveUsers
    ? await tx.execute(sql`
      WITH active AS (
        SELECT tenant_id, day, account_id FROM daily_active_accounts
        WHERE day > ${day}::date - 30 AND day < ${day}::date ${onlyTenant}
        UNION
        SELECT tenant_id, ${day}::date, account_id FROM login_logs
        WHERE created_at >= ${dayStart(day)} AND created_at < ${dayEnd(day)} AND result = 'success'
          AND tenant_id IS NOT NULL AND account_id IS NOT NULL ${onlyTenant}
      )
      SELECT tenant_id, grouping(tenant_id) AS g_tenant,
        count(DISTINCT account_id) FILTER (WHERE day > ${day}::date - 7)::int AS weekly,
        count(DISTINCT account_id)::int AS monthly
      FROM active GROUP BY GROUPING SETS ((tenant_id), ())`)
    : { rows: [] };
  for (const row of rowsOf<{ tenant_id: string | null; g_tenant: number; weekly: number; monthly: number }>(
    activeRows,
  )) {
    const key = Number(row.g_tenant) === 1 ? '' : String(row.tenant_id);
    if (Number(row.monthly) > 0)
      activeUsers.set(key, { weekly: Number(row.weekly), monthly: Number(row.monthly) });
  }
  return assembleLoginDay(loginRows, { newUsers, activeUsers });
};

const computeVisits = async (
  tx: Tx,
  day: string,
  onlyTenant: SQL,
  tenantColumn: SQL,
): Promise<Pick<DayRollup, 'visits' | 'items'>> => {
  const visitDimensions = ['device', 'os', 'browser', 'province', 'hour'];
  const visitSource = sql`
    SELECT ${tenantColumn}, type, coalesce(account_id, visitor_id, api_client_id) AS who, application_id,
      application_name, coalesce(function_id, '') AS function_id, function_name,
      ${known('device_type')} AS device, ${known('os')} AS os, ${known('browser')} AS browser,
      coalesce(nullif(region_province, ''), nullif(region_country, ''), 'unknown') AS province,
      ${hourOf} AS hour
    FROM usage_logs WHERE created_at >= ${dayStart(day)} AND created_at < ${dayEnd(day)} ${onlyTenant}`;
  const visitRows = rowsOf<GroupedRow>(
    await tx.execute(sql`
      WITH src AS (${visitSource})
      SELECT tenant_id, ${groupingColumns(visitDimensions)}, device, os, browser, province, hour,
        count(*) FILTER (WHERE type = 1)::int AS views,
        count(*) FILTER (WHERE type = 2)::int AS downloads,
        count(DISTINCT who)::int AS visitors
      FROM src GROUP BY GROUPING SETS (${groupingSets(visitDimensions)})`),
  );
  const itemRows = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH src AS (${visitSource})
      SELECT tenant_id, grouping(tenant_id) AS g_tenant, grouping(function_id) AS g_function, application_id,
        function_id, CASE WHEN grouping(function_id) = 1 THEN max(application_name) ELSE max(function_name) END AS name,
        count(*)::int AS opens, count(DISTINCT who)::int AS users
      FROM src WHERE type = 1
      GROUP BY GROUPING SETS ((tenant_id, application_id), (tenant_id, application_id, function_id),
        (application_id), (application_id, function_id))`),
  );
  const items: VisitItem[] = [];
  for (const row of itemRows) {
    const allTenants = Number(row.g_tenant) === 1;
    if (!allTenants && row.tenant_id === null) continue;
    const functionId = Number(row.g_function) === 1 ? '' : String(row.function_id);
    // Openings without a menu are in the application's row already.
    if (Number(row.g_function) === 0 && functionId === '') continue;
    items.push({
      tenantId: allTenants ? null : String(row.tenant_id),
      applicationId: String(row.application_id),
      functionId,
      name: row.name === null ? null : String(row.name),
      opens: Number(row.opens),
      users: Number(row.users),
    });
  }
  return { visits: assembleVisitDay(visitRows), items };
};

/** Steps of a day's build, announced to a test that interrupts it. */
export type BuildStep = 'cleared' | 'active-accounts' | 'login' | 'visits' | 'items' | 'running-totals';

const insertJson = (tx: Tx, statement: SQL) => tx.execute(statement);

interface DayTotal {
  tenantId: string;
  value: number;
  secondary: number;
}

/** The last day before `day` with running totals (dense: it holds every tenant seen by then). */
const previousTotalsDay = (kind: string, day: string) =>
  sql`(SELECT max(day) FROM tenant_running_totals WHERE kind = ${kind} AND day < ${day}::date)`;

/**
 * Keeps tenant_running_totals true after `day` was (re)built. The day's rows are the previous
 * day's totals of every tenant plus what the day added; when later days exist (a late, repeated or
 * out-of-order build), each tenant's later rows move by what the day changed, and a tenant first
 * seen on this day gets its rows on the later days too.
 */
const updateRunningTotals = async (tx: Tx, kind: 'login' | 'visit', day: string, totals: DayTotal[]) => {
  // Builds of different days take turns here: each reads the totals the others write.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(727017, ${kind === 'login' ? 1 : 2})`);
  const fresh = sql`(SELECT r."tenantId" AS tenant_id, r.value, r.secondary
    FROM jsonb_to_recordset(${JSON.stringify(totals)}::jsonb) AS r("tenantId" text, value bigint, secondary bigint))`;
  const previous = sql`(SELECT b.tenant_id, b.value, b.secondary FROM tenant_running_totals b
    WHERE b.kind = ${kind} AND b.day = ${previousTotalsDay(kind, day)})`;
  const [later] = rowsOf<{ exists: boolean }>(
    await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM tenant_running_totals WHERE kind = ${kind} AND day > ${day}::date) AS exists`),
  );
  if (later?.exists) {
    // What the day held before: its totals minus the previous day's.
    const change = sql`
      old AS (
        SELECT d.tenant_id, d.value - coalesce(p.value, 0) AS value, d.secondary - coalesce(p.secondary, 0) AS secondary
        FROM tenant_running_totals d LEFT JOIN ${previous} p ON p.tenant_id = d.tenant_id
        WHERE d.kind = ${kind} AND d.day = ${day}::date),
      change AS (
        SELECT coalesce(f.tenant_id, o.tenant_id) AS tenant_id,
          coalesce(f.value, 0) - coalesce(o.value, 0) AS value,
          coalesce(f.secondary, 0) - coalesce(o.secondary, 0) AS secondary
        FROM ${fresh} f FULL JOIN old o ON o.tenant_id = f.tenant_id)`;
    // Every later row of a tenant moves by the change; a tenant whose rows start after this day
    // (first seen later) gets rows on the later days before its first, holding the change.
    await tx.execute(sql`
      WITH ${change}
      UPDATE tenant_running_totals t SET value = t.value + c.value, secondary = t.secondary + c.secondary
      FROM change c
      WHERE t.kind = ${kind} AND t.tenant_id = c.tenant_id AND t.day > ${day}::date
        AND (c.value <> 0 OR c.secondary <> 0)`);
    await tx.execute(sql`
      WITH ${change}
      INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
      SELECT ${kind}, c.tenant_id, l.day, c.value, c.secondary
      FROM change c
      CROSS JOIN (SELECT DISTINCT day FROM tenant_running_totals WHERE kind = ${kind} AND day > ${day}::date) l
      WHERE (c.value <> 0 OR c.secondary <> 0) AND NOT EXISTS (
        SELECT 1 FROM tenant_running_totals t WHERE t.kind = ${kind} AND t.tenant_id = c.tenant_id AND t.day = l.day)`);
  }
  await tx.execute(sql`DELETE FROM tenant_running_totals WHERE kind = ${kind} AND day = ${day}::date`);
  await tx.execute(sql`
    INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
    SELECT ${kind}, coalesce(f.tenant_id, p.tenant_id), ${day}::date,
      coalesce(p.value, 0) + coalesce(f.value, 0), coalesce(p.secondary, 0) + coalesce(f.secondary, 0)
    FROM ${fresh} f FULL JOIN ${previous} p ON p.tenant_id = f.tenant_id`);
};

/**
 * Rebuilds the rollup of one day: the old rows out and the new in, in one transaction, so a run
 * stopped half-way (a restart, a crash) leaves the day as it was and the next run does it whole.
 * Answers the rows written.
 */
export const buildDay = (
  db: Database,
  day: string,
  onStep: (step: BuildStep) => Promise<void> = async () => undefined,
): Promise<number> =>
  db.asPlatform(async (tx) => {
    // Two builds of the same day (a rebuild while the nightly job runs) take turns.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727016, (${day}::date - date '2000-01-01'))`);
    for (const table of [
      'login_daily_stats',
      'visit_daily_stats',
      'visit_daily_items',
      'daily_active_accounts',
    ])
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE day = ${day}::date`);
    await onStep('cleared');
    const rollup = await computeDay(tx, day);
    const active = rowsOf<{ count: number }>(
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO daily_active_accounts (tenant_id, day, account_id)
          SELECT DISTINCT tenant_id, ${day}::date, account_id FROM login_logs
          WHERE created_at >= ${dayStart(day)} AND created_at < ${dayEnd(day)} AND result = 'success'
            AND tenant_id IS NOT NULL AND account_id IS NOT NULL
          RETURNING 1)
        SELECT count(*)::int AS count FROM inserted`),
    );
    await onStep('active-accounts');
    if (rollup.login.length > 0)
      await insertJson(
        tx,
        sql`INSERT INTO login_daily_stats (tenant_id, day, attempts, successes, failures, locked, users, new_users, weekly_users, monthly_users, dims)
          SELECT r."tenantId", ${day}::date, r.attempts, r.successes, r.failures, r.locked, r.users, r."newUsers", r."weeklyUsers", r."monthlyUsers", r.dims
          FROM jsonb_to_recordset(${JSON.stringify(rollup.login)}::jsonb) AS r("tenantId" text, attempts int, successes int, failures int, locked int, users int, "newUsers" int, "weeklyUsers" int, "monthlyUsers" int, dims jsonb)`,
      );
    await onStep('login');
    if (rollup.visits.length > 0)
      await insertJson(
        tx,
        sql`INSERT INTO visit_daily_stats (tenant_id, day, views, downloads, visitors, dims)
          SELECT r."tenantId", ${day}::date, r.views, r.downloads, r.visitors, r.dims
          FROM jsonb_to_recordset(${JSON.stringify(rollup.visits)}::jsonb) AS r("tenantId" text, views int, downloads int, visitors int, dims jsonb)`,
      );
    await onStep('visits');
    if (rollup.items.length > 0)
      await insertJson(
        tx,
        sql`INSERT INTO visit_daily_items (tenant_id, day, application_id, function_id, name, opens, users)
          SELECT r."tenantId", ${day}::date, r."applicationId", r."functionId", r.name, r.opens, r.users
          FROM jsonb_to_recordset(${JSON.stringify(rollup.items)}::jsonb) AS r("tenantId" text, "applicationId" text, "functionId" text, name text, opens int, users int)`,
      );
    await onStep('items');
    await updateRunningTotals(
      tx,
      'login',
      day,
      rollup.login.flatMap((row) =>
        row.tenantId === null
          ? []
          : [{ tenantId: row.tenantId, value: row.successes, secondary: row.attempts }],
      ),
    );
    await updateRunningTotals(
      tx,
      'visit',
      day,
      rollup.visits.flatMap((row) =>
        row.tenantId === null ? [] : [{ tenantId: row.tenantId, value: row.views, secondary: row.downloads }],
      ),
    );
    await onStep('running-totals');
    const written =
      rollup.login.length + rollup.visits.length + rollup.items.length + Number(active[0]?.count ?? 0);
    await tx.execute(sql`
      INSERT INTO log_rollup_days (day, built_at, rows_written) VALUES (${day}::date, now(), ${written})
      ON CONFLICT (day) DO UPDATE SET built_at = now(), rows_written = EXCLUDED.rows_written`);
    return written;
  });

/** Days of the window (oldest first) with no rollup yet: the nightly job catches up on them. */
export const daysMissing = async (db: Database, from: string, to: string): Promise<string[]> =>
  rowsOf<{ day: string }>(
    await db.asPlatform((tx) =>
      tx.execute(sql`
        SELECT d::date::text AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') d
        WHERE NOT EXISTS (SELECT 1 FROM log_rollup_days r WHERE r.day = d::date)
        ORDER BY d`),
    ),
  ).map((row) => row.day);

/** Today in the statistics' time zone, as the database sees it. */
export const todayOf = async (db: Database): Promise<string> => {
  const [row] = rowsOf<{ day: string }>(
    await db.asPlatform((tx) =>
      tx.execute(sql`SELECT (now() AT TIME ZONE ${STATISTICS_TIME_ZONE})::date::text AS day`),
    ),
  );
  return row?.day ?? new Date().toISOString().slice(0, 10);
};
