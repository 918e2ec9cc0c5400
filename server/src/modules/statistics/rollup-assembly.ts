/**
 * Turns the grouping-set rows of one day's aggregation into rollup rows: one per tenant (and one for
 * all tenants together, tenantId null) with its splits gathered in dims. Pure, so the rules are
 * tested without a database.
 */

export const LOGIN_DIMENSIONS = ['mode', 'device', 'os', 'browser', 'province', 'hour'] as const;
export const VISIT_DIMENSIONS = ['device', 'os', 'browser', 'province', 'hour'] as const;
export type Dimension = (typeof LOGIN_DIMENSIONS)[number];
export type Dims = Partial<Record<Dimension, Record<string, number>>>;

/** One grouping-set row: g_<name> is 1 where the column was rolled up (SQL GROUPING()). */
export type GroupedRow = Record<string, unknown>;

export interface LoginDay {
  tenantId: string | null;
  attempts: number;
  successes: number;
  failures: number;
  locked: number;
  users: number;
  newUsers: number;
  weeklyUsers: number;
  monthlyUsers: number;
  dims: Dims;
}

export interface VisitDay {
  tenantId: string | null;
  views: number;
  downloads: number;
  visitors: number;
  dims: Dims;
}

const num = (value: unknown): number => Number(value ?? 0);
const grouped = (row: GroupedRow, column: string) => num(row[`g_${column}`]) === 0;

/** The key of a row: null tenant with g_tenant 1 is "all tenants"; a tenantless row of a tenant set is skipped. */
const tenantKeyOf = (row: GroupedRow): { skip: boolean; tenantId: string | null } => {
  if (!grouped(row, 'tenant')) return { skip: false, tenantId: null };
  const tenantId = row.tenant_id === null || row.tenant_id === undefined ? null : String(row.tenant_id);
  // Attempts without a tenant count in the all-tenants row only.
  return { skip: tenantId === null, tenantId };
};

const assemble = <T extends { tenantId: string | null; dims: Dims }>(
  rows: GroupedRow[],
  dimensions: readonly Dimension[],
  empty: (tenantId: string | null) => T,
  totals: (target: T, row: GroupedRow) => void,
  splitValue: (row: GroupedRow) => number,
): T[] => {
  const byTenant = new Map<string, T>();
  const entryOf = (tenantId: string | null) => {
    const key = tenantId ?? '';
    let entry = byTenant.get(key);
    if (!entry) {
      entry = empty(tenantId);
      byTenant.set(key, entry);
    }
    return entry;
  };
  for (const row of rows) {
    const { skip, tenantId } = tenantKeyOf(row);
    if (skip) continue;
    const entry = entryOf(tenantId);
    const dimension = dimensions.find((name) => grouped(row, name));
    if (!dimension) {
      totals(entry, row);
      continue;
    }
    const value = splitValue(row);
    if (value === 0) continue;
    const split = entry.dims[dimension] ?? {};
    split[String(row[dimension])] = value;
    entry.dims[dimension] = split;
  }
  return [...byTenant.values()];
};

export const assembleLoginDay = (
  rows: GroupedRow[],
  extras: {
    newUsers: Map<string, number>;
    activeUsers: Map<string, { weekly: number; monthly: number }>;
  },
): LoginDay[] => {
  const days = assemble<LoginDay>(
    rows,
    LOGIN_DIMENSIONS,
    (tenantId) => ({
      tenantId,
      attempts: 0,
      successes: 0,
      failures: 0,
      locked: 0,
      users: 0,
      newUsers: 0,
      weeklyUsers: 0,
      monthlyUsers: 0,
      dims: {},
    }),
    (target, row) => {
      target.attempts = num(row.attempts);
      target.successes = num(row.successes);
      target.failures = num(row.failures);
      target.locked = num(row.locked);
      target.users = num(row.users);
    },
    (row) => num(row.attempts),
  );
  const byKey = new Map(days.map((day) => [day.tenantId ?? '', day]));
  // A tenant with new members or active users but no sign-in that day still gets its row.
  for (const key of new Set([...extras.newUsers.keys(), ...extras.activeUsers.keys()])) {
    if (!byKey.has(key)) {
      const day: LoginDay = {
        tenantId: key === '' ? null : key,
        attempts: 0,
        successes: 0,
        failures: 0,
        locked: 0,
        users: 0,
        newUsers: 0,
        weeklyUsers: 0,
        monthlyUsers: 0,
        dims: {},
      };
      byKey.set(key, day);
      days.push(day);
    }
  }
  for (const [key, day] of byKey) {
    day.newUsers = extras.newUsers.get(key) ?? 0;
    const active = extras.activeUsers.get(key);
    day.weeklyUsers = active?.weekly ?? 0;
    day.monthlyUsers = active?.monthly ?? 0;
  }
  return days;
};

export const assembleVisitDay = (rows: GroupedRow[]): VisitDay[] =>
  assemble<VisitDay>(
    rows,
    VISIT_DIMENSIONS,
    (tenantId) => ({ tenantId, views: 0, downloads: 0, visitors: 0, dims: {} }),
    (target, row) => {
      target.views = num(row.views);
      target.downloads = num(row.downloads);
      target.visitors = num(row.visitors);
    },
    (row) => num(row.views),
  );

/** Adds dims of several days (or tenants) together. */
export const mergeDims = (into: Dims, from: Dims): Dims => {
  for (const [dimension, split] of Object.entries(from) as [Dimension, Record<string, number>][]) {
    const target = into[dimension] ?? {};
    for (const [key, value] of Object.entries(split)) target[key] = (target[key] ?? 0) + value;
    into[dimension] = target;
  }
  return into;
};
