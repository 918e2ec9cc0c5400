import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

/**
 * Which raw rows make a statistics day, and in which time zone (issue 25): a tenant's figures count
 * its days and hours in the tenant's zone, the all-tenant figures in the platform's. A day of logs
 * (`login_logs`, `usage_logs`, `tenant_memberships`) is read through one of these, so live figures
 * and rollups, sign-ins and visits agree on where a day starts.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Which groups a statement builds: every tenant's, the one of all tenants together, or both. */
export type GroupSets = 'tenants' | 'all-tenants' | 'both';

export interface DaySource {
  /** The tenant column as the groups read it: the row's tenant, or NULL for all tenants together. */
  tenant: SQL;
  /** The zone each row's hour is read in (a constant, or the row's tenant's zone). */
  zone: SQL;
  /** FROM: the table as `l`, with the join that gives each row its tenant's zone when needed. */
  from(table: string): SQL;
  /** WHERE: the rows of the day (and of the tenant, when narrowed to one). */
  where: SQL;
  /** `AND tenant_id = …` when narrowed to one tenant: the rolled-up tables read with it. */
  onlyTenant: SQL;
  sets: GroupSets;
}

/** The first instant of `day` in `zone`, and of the day after. */
export const dayStart = (day: string | SQL, zone: string | SQL) =>
  sql`((${day}::date)::timestamp AT TIME ZONE ${zone})`;
export const dayEnd = (day: string | SQL, zone: string | SQL) =>
  sql`((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`;

const inDay = (day: string, zone: string) =>
  sql`l.created_at >= ${dayStart(day, zone)} AND l.created_at < ${dayEnd(day, zone)}`;

/** One tenant's day in its zone (a tenant's page, or the platform's drill-down into it). */
export const tenantDay = (day: string, tenantId: string, zone: string): DaySource => ({
  tenant: sql`l.tenant_id`,
  zone: sql`${zone}::text`,
  from: (table) => sql`${sql.identifier(table)} l`,
  where: sql`${inDay(day, zone)} AND l.tenant_id = ${tenantId}`,
  onlyTenant: sql`AND tenant_id = ${tenantId}`,
  sets: 'tenants',
});

/**
 * All tenants together in the platform's zone. The tenant is read as NULL: the tenant groups
 * collapse into one the assembly skips (the all-tenant page at ten million logs: docs/performance.md).
 */
export const allTenantsDay = (day: string, platformZone: string): DaySource => ({
  tenant: sql`NULL::text`,
  zone: sql`${platformZone}::text`,
  from: (table) => sql`${sql.identifier(table)} l`,
  where: inDay(day, platformZone),
  onlyTenant: sql``,
  sets: 'all-tenants',
});

/**
 * Every tenant's day in its own zone, for a rollup. When every tenant lives in the platform's zone
 * (the usual case) one statement builds the tenants' groups and the all-tenant one from the same
 * rows; otherwise each tenant's rows are those of its own day (the window spans every zone in use)
 * and the all-tenant groups are built apart, in the platform's zone.
 */
export const rollupSources = async (tx: Tx, day: string, platformZone: string): Promise<DaySource[]> => {
  const zones = rowsOf<{ zone: string }>(
    await tx.execute(sql`SELECT DISTINCT time_zone AS zone FROM tenants WHERE time_zone <> ${platformZone}`),
  ).map((row) => row.zone);
  if (zones.length === 0)
    return [
      {
        tenant: sql`l.tenant_id`,
        zone: sql`${platformZone}::text`,
        from: (table) => sql`${sql.identifier(table)} l`,
        where: inDay(day, platformZone),
        onlyTenant: sql``,
        sets: 'both',
      },
    ];
  const every = [platformZone, ...zones];
  const [window] = rowsOf<{ first: string; last: string }>(
    await tx.execute(sql`
      SELECT min(${dayStart(day, sql`z`)})::text AS first, max(${dayEnd(day, sql`z`)})::text AS last
      FROM unnest(${`{${every.join(',')}}`}::text[]) AS z`),
  );
  // A log of a tenant no longer in the table (or never in it) counts in the platform's zone.
  const zone = sql`coalesce(zt.time_zone, ${platformZone})`;
  return [
    {
      tenant: sql`l.tenant_id`,
      zone,
      from: (table) => sql`${sql.identifier(table)} l LEFT JOIN tenants zt ON zt.id = l.tenant_id`,
      where: sql`l.created_at >= ${window!.first}::timestamptz AND l.created_at < ${window!.last}::timestamptz
        AND l.tenant_id IS NOT NULL AND (l.created_at AT TIME ZONE ${zone})::date = ${day}::date`,
      onlyTenant: sql``,
      sets: 'tenants',
    },
    allTenantsDay(day, platformZone),
  ];
};

/** Today in `zone`, as the database sees it. */
export const todayIn = async (tx: Tx, zone: string): Promise<string> => {
  const [row] = rowsOf<{ day: string }>(
    await tx.execute(sql`SELECT (now() AT TIME ZONE ${zone})::date::text AS day`),
  );
  return row!.day;
};
