import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import {
  allTenantsDay,
  type DaySource,
  dayEnd,
  type GroupSets,
  rollupSources,
  tenantDay,
  todayIn,
} from './day-sources';
import {
  assembleLoginDay,
  assembleVisitDay,
  type GroupedRow,
  type LoginDay,
  type VisitDay,
} from './rollup-assembly';

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
const hourOf = (source: DaySource) => sql`extract(hour FROM l.created_at AT TIME ZONE ${source.zone})::int`;
const known = (column: string) => sql.raw(`coalesce(nullif(l.${column}, ''), 'unknown')`);

/**
 * The grouping sets of one table's splits: per tenant, and for all tenants together. Read with the
 * tenant as NULL (all tenants only), the tenant sets collapse into one group the assembly skips.
 */
const groupingSets = (dimensions: string[], sets: GroupSets) =>
  sql.raw(
    [
      '(tenant_id)',
      ...dimensions.map((d) => `(tenant_id, ${d})`),
      ...(sets !== 'tenants' ? ['()', ...dimensions.map((d) => `(${d})`)] : []),
    ].join(', '),
  );
const groupingColumns = (dimensions: string[]) =>
  sql.raw(
    ['grouping(tenant_id) AS g_tenant', ...dimensions.map((d) => `grouping(${d}) AS g_${d}`)].join(', '),
  );

/** One figure per tenant, for all of them together, or both: its select list and GROUP BY. */
const byTenant = (sets: GroupSets, column: SQL) => {
  if (sets === 'tenants')
    return { select: sql`${column} AS tenant_id, 0 AS g_tenant`, groupBy: sql`GROUP BY ${column}` };
  if (sets === 'all-tenants') return { select: sql`NULL::text AS tenant_id, 1 AS g_tenant`, groupBy: sql`` };
  return {
    select: sql`${column} AS tenant_id, grouping(${column}) AS g_tenant`,
    groupBy: sql`GROUP BY GROUPING SETS ((${column}), ())`,
  };
};

/** Whose day: one tenant's (its zone), all tenants' together (the platform's), or a rollup's (each its own). */
export type DayScope =
  | { kind: 'tenant'; tenantId: string; zone: string }
  | { kind: 'all-tenants'; zone: string }
  | { kind: 'rollup'; platformZone: string };

const sourcesOf = async (tx: Tx, day: string, scope: DayScope): Promise<DaySource[]> => {
  if (scope.kind === 'tenant') return [tenantDay(day, scope.tenantId, scope.zone)];
  if (scope.kind === 'all-tenants') return [allTenantsDay(day, scope.zone)];
  return rollupSources(tx, day, scope.platformZone);
};

/**
 * One day's rollup computed from the raw rows, for a rollup (every tenant and all together) or
 * narrowed to one scope (today's live figures of a page). The same statements fill the rollup
 * tables, so live and stored agree.
 */
export const computeDay = async (
  tx: Tx,
  day: string,
  scope: DayScope,
  options: { parts?: 'login' | 'visits'; activeUsers: boolean },
): Promise<DayRollup> => {
  const sources = await sourcesOf(tx, day, scope);
  return computeSources(tx, day, sources, options);
};

const computeSources = async (
  tx: Tx,
  day: string,
  sources: DaySource[],
  options: { parts?: 'login' | 'visits'; activeUsers: boolean },
): Promise<DayRollup> => {
  const parts = options.parts ?? 'both';
  const rollup: DayRollup = { login: [], visits: [], items: [] };
  const loginRows: GroupedRow[] = [];
  const visitRows: GroupedRow[] = [];
  const newUsers = new Map<string, number>();
  const activeUsers = new Map<string, { weekly: number; monthly: number }>();
  // A page reads one of the two: the other's statements are left out.
  for (const source of sources) {
    if (parts !== 'visits') {
      loginRows.push(...(await loginGroups(tx, source)));
      await countNewUsers(tx, source, newUsers);
      if (options.activeUsers) await countActiveUsers(tx, day, source, activeUsers);
    }
    if (parts !== 'login') {
      visitRows.push(...(await visitGroups(tx, source)));
      rollup.items.push(...(await visitItems(tx, source)));
    }
  }
  if (parts !== 'visits') rollup.login = assembleLoginDay(loginRows, { newUsers, activeUsers });
  if (parts !== 'login') rollup.visits = assembleVisitDay(visitRows);
  return rollup;
};

const LOGIN_DIMENSIONS = ['mode', 'device', 'os', 'browser', 'province', 'hour'];

const loginGroups = async (tx: Tx, source: DaySource): Promise<GroupedRow[]> =>
  rowsOf<GroupedRow>(
    await tx.execute(sql`
      WITH src AS (
        SELECT ${source.tenant} AS tenant_id, l.account_id, l.username, l.result, l.error_code, l.mode,
          -- Active users are the accounts that signed in to a tenant, for a tenant and for all of them.
          l.tenant_id IS NOT NULL AS into_tenant,
          ${known('device_type')} AS device, ${known('os')} AS os, ${known('browser')} AS browser,
          coalesce(nullif(l.region_province, ''), nullif(l.region_country, ''), 'unknown') AS province,
          ${hourOf(source)} AS hour
        FROM ${source.from('login_logs')} WHERE ${source.where}
      )
      SELECT tenant_id, ${groupingColumns(LOGIN_DIMENSIONS)}, mode, device, os, browser, province, hour,
        count(*)::int AS attempts,
        count(*) FILTER (WHERE result = 'success')::int AS successes,
        count(*) FILTER (WHERE result = 'failure')::int AS failures,
        count(DISTINCT coalesce(account_id, username)) FILTER (WHERE error_code = 'LOCKED')::int AS locked,
        count(DISTINCT account_id) FILTER (WHERE result = 'success' AND into_tenant)::int AS users
      FROM src GROUP BY GROUPING SETS (${groupingSets(LOGIN_DIMENSIONS, source.sets)})`),
  );

const keyOf = (row: { tenant_id: unknown; g_tenant: unknown }) =>
  Number(row.g_tenant) === 1 ? '' : String(row.tenant_id);

const countNewUsers = async (tx: Tx, source: DaySource, into: Map<string, number>) => {
  const group = byTenant(source.sets, sql`l.tenant_id`);
  for (const row of rowsOf<{ tenant_id: string | null; g_tenant: number; count: number }>(
    await tx.execute(sql`
      SELECT ${group.select}, count(*)::int AS count
      FROM ${source.from('tenant_memberships')} WHERE ${source.where} ${group.groupBy}`),
  ))
    into.set(keyOf(row), Number(row.count));
};

/**
 * Weekly and monthly active users of the day: the days before from daily_active_accounts (rolled
 * up, so they outlive the raw rows), the day itself from the raw rows of the same source as its
 * daily users, so neither can be below them.
 */
const countActiveUsers = async (
  tx: Tx,
  day: string,
  source: DaySource,
  into: Map<string, { weekly: number; monthly: number }>,
) => {
  const group = byTenant(source.sets, sql`tenant_id`);
  const rows = rowsOf<{ tenant_id: string | null; g_tenant: number; weekly: number; monthly: number }>(
    await tx.execute(sql`
      WITH active AS (
        SELECT tenant_id, day, account_id FROM daily_active_accounts
        WHERE day > ${day}::date - 30 AND day < ${day}::date ${source.onlyTenant}
        UNION
        SELECT l.tenant_id, ${day}::date, l.account_id FROM ${source.from('login_logs')}
        WHERE ${source.where} AND l.result = 'success' AND l.tenant_id IS NOT NULL AND l.account_id IS NOT NULL
      )
      SELECT ${group.select},
        count(DISTINCT account_id) FILTER (WHERE day > ${day}::date - 7)::int AS weekly,
        count(DISTINCT account_id)::int AS monthly
      FROM active ${group.groupBy}`),
  );
  for (const row of rows)
    if (Number(row.monthly) > 0)
      into.set(keyOf(row), { weekly: Number(row.weekly), monthly: Number(row.monthly) });
};

const VISIT_DIMENSIONS = ['device', 'os', 'browser', 'province', 'hour'];

const visitSource = (source: DaySource) => sql`
  SELECT ${source.tenant} AS tenant_id, l.type, coalesce(l.account_id, l.visitor_id, l.api_client_id) AS who,
    l.application_id, l.application_name, coalesce(l.function_id, '') AS function_id, l.function_name,
    ${known('device_type')} AS device, ${known('os')} AS os, ${known('browser')} AS browser,
    coalesce(nullif(l.region_province, ''), nullif(l.region_country, ''), 'unknown') AS province,
    ${hourOf(source)} AS hour
  FROM ${source.from('usage_logs')} WHERE ${source.where}`;

const visitGroups = async (tx: Tx, source: DaySource): Promise<GroupedRow[]> =>
  rowsOf<GroupedRow>(
    await tx.execute(sql`
      WITH src AS (${visitSource(source)})
      SELECT tenant_id, ${groupingColumns(VISIT_DIMENSIONS)}, device, os, browser, province, hour,
        count(*) FILTER (WHERE type = 1)::int AS views,
        count(*) FILTER (WHERE type = 2)::int AS downloads,
        count(DISTINCT who)::int AS visitors
      FROM src GROUP BY GROUPING SETS (${groupingSets(VISIT_DIMENSIONS, source.sets)})`),
  );

const visitItems = async (tx: Tx, source: DaySource): Promise<VisitItem[]> => {
  const itemSets = sql.raw(
    [
      '(tenant_id, application_id)',
      '(tenant_id, application_id, function_id)',
      ...(source.sets !== 'tenants' ? ['(application_id)', '(application_id, function_id)'] : []),
    ].join(', '),
  );
  const items: VisitItem[] = [];
  for (const row of rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH src AS (${visitSource(source)})
      SELECT tenant_id, grouping(tenant_id) AS g_tenant, grouping(function_id) AS g_function, application_id,
        function_id, CASE WHEN grouping(function_id) = 1 THEN max(application_name) ELSE max(function_name) END AS name,
        count(*)::int AS opens, count(DISTINCT who)::int AS users
      FROM src WHERE type = 1 GROUP BY GROUPING SETS (${itemSets})`),
  )) {
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
  return items;
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
  zones: { platform: string },
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
    const sources = await rollupSources(tx, day, zones.platform);
    const rollup = await computeSources(tx, day, sources, { activeUsers: true });
    // Each tenant's active accounts of its own day (the tenants' source: the platform's day when
    // every tenant shares its zone).
    const tenantsSource = sources.find((source) => source.sets !== 'all-tenants')!;
    const active = rowsOf<{ count: number }>(
      await tx.execute(sql`
        WITH inserted AS (
          INSERT INTO daily_active_accounts (tenant_id, day, account_id)
          SELECT DISTINCT l.tenant_id, ${day}::date, l.account_id FROM ${tenantsSource.from('login_logs')}
          WHERE ${tenantsSource.where} AND l.result = 'success'
            AND l.tenant_id IS NOT NULL AND l.account_id IS NOT NULL
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

/**
 * The days to build, oldest first: a day of the window is due once it has ended in a zone in use (the
 * platform's or a tenant's) and was never built. A day ends first where clocks are ahead and is built
 * then; it is built again as it ends in each later zone (within a day of that end, while its raw rows
 * are surely kept), so every tenant's day is whole at last.
 */
export const daysDue = async (db: Database, from: string, platformZone: string): Promise<string[]> =>
  rowsOf<{ day: string }>(
    await db.asPlatform((tx) =>
      tx.execute(sql`
        WITH zones AS (SELECT ${platformZone}::text AS zone UNION SELECT DISTINCT time_zone FROM tenants),
        ended AS (
          SELECT d::date AS day, max(${dayEnd(sql`d`, sql`z.zone`)}) AS last_end
          FROM generate_series(${from}::date, now()::date + 1, interval '1 day') d, zones z
          WHERE ${dayEnd(sql`d`, sql`z.zone`)} <= now()
          GROUP BY 1)
        SELECT e.day::text AS day FROM ended e LEFT JOIN log_rollup_days r ON r.day = e.day
        WHERE r.day IS NULL OR (r.built_at < e.last_end AND e.last_end > now() - interval '1 day')
        ORDER BY e.day`),
    ),
  ).map((row) => row.day);

/** Today in `zone`, as the database sees it. */
export const todayOf = (db: Database, zone: string): Promise<string> =>
  db.asPlatform((tx) => todayIn(tx, zone));
