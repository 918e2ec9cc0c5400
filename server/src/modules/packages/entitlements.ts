import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';

/**
 * What a tenant may use, from the packages it holds, and applying it. "Today" is the platform's
 * calendar day (China Standard Time, where the platform's customers are), computed by the database
 * so every instance and every query of one transaction agree on it.
 */
export const PLATFORM_TODAY: SQL = sql`(now() AT TIME ZONE 'Asia/Shanghai')::date`;

type RawRow = Record<string, unknown>;
export const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
export const jsonArray = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/** Whether a tenant_packages row (aliased `tp`) counts today. */
const currentHolding = sql`(tp.starts_on <= ${PLATFORM_TODAY} AND (tp.ends_on IS NULL OR tp.ends_on >= ${PLATFORM_TODAY}))`;

/**
 * The packages a tenant holds, as its row answers them (see tenantPackageSchema), oldest first.
 * `tenantId` names the outer query's column qualified (drizzle leaves a lone table's columns bare).
 */
export const packagesHeldSql = (tenantId: SQL) => sql<
  {
    packageId: string;
    name: string;
    status: 'active' | 'disabled';
    startsOn: string;
    endsOn: string | null;
    seatLimit: number | null;
    current: boolean;
  }[]
>`coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'packageId', p.id, 'name', p.name, 'status', p.status, 'startsOn', tp.starts_on, 'endsOn', tp.ends_on,
    'seatLimit', tp.seat_limit, 'current', ${currentHolding}
  ) ORDER BY tp.starts_on, p.name)
  FROM tenant_packages tp JOIN packages p ON p.id = tp.package_id WHERE tp.tenant_id = ${tenantId}
), '[]'::jsonb)`;

/** The menu items of each package the tenants hold today. */
export const currentPackageMenus = async (
  tx: Tx,
  tenantIds: readonly string[],
): Promise<Map<string, Map<string, Set<string>>>> => {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT tp.tenant_id, tp.package_id, pmi.menu_id
      FROM tenant_packages tp JOIN package_menu_items pmi ON pmi.package_id = tp.package_id
      WHERE tp.tenant_id IN ${jsonArray(tenantIds)} AND ${currentHolding}`),
  );
  const byTenant = new Map<string, Map<string, Set<string>>>();
  for (const row of rows) {
    const tenant = byTenant.get(row.tenant_id as string) ?? new Map<string, Set<string>>();
    byTenant.set(row.tenant_id as string, tenant);
    const menus = tenant.get(row.package_id as string) ?? new Set<string>();
    tenant.set(row.package_id as string, menus);
    menus.add(row.menu_id as string);
  }
  return byTenant;
};

export interface RoleGrants {
  roleId: string;
  roleName: string;
  isAdmin: boolean;
  menuIds: Set<string>;
}

/** Every role of the tenants with the menu items it is granted. */
export const roleGrantsOf = async (
  tx: Tx,
  tenantIds: readonly string[],
): Promise<Map<string, RoleGrants[]>> => {
  const rows = rowsOf(
    await tx.execute(sql`
      SELECT r.tenant_id, r.id, r.name, r.is_admin, g.menu_id
      FROM roles r LEFT JOIN role_menu_grants g ON g.tenant_id = r.tenant_id AND g.role_id = r.id
      WHERE r.tenant_id IN ${jsonArray(tenantIds)}
      ORDER BY r.tenant_id, r.is_admin DESC, r.name, r.id`),
  );
  const byTenant = new Map<string, RoleGrants[]>();
  for (const row of rows) {
    const roles = byTenant.get(row.tenant_id as string) ?? [];
    byTenant.set(row.tenant_id as string, roles);
    let role = roles.find((r) => r.roleId === row.id);
    if (!role) {
      role = {
        roleId: row.id as string,
        roleName: row.name as string,
        isAdmin: row.is_admin === true,
        menuIds: new Set(),
      };
      roles.push(role);
    }
    if (row.menu_id) role.menuIds.add(row.menu_id as string);
  }
  return byTenant;
};

/**
 * Makes a tenant's empowerment follow its packages, in the caller's transaction: the applications
 * of the items it may use (and no others) are empowered, administrator roles hold exactly those
 * items, other roles keep only those of their grants. Writes nothing that is already so, so the
 * menu-version triggers move only when something changed. Answers the items it may use.
 */
export const applyEntitlements = async (tx: Tx, tenantId: string): Promise<string[]> => {
  const allowed = rowsOf(
    await tx.execute(sql`
      SELECT DISTINCT pmi.menu_id FROM tenant_packages tp
      JOIN package_menu_items pmi ON pmi.package_id = tp.package_id
      WHERE tp.tenant_id = ${tenantId} AND ${currentHolding}`),
  ).map((row) => row.menu_id as string);
  const items = jsonArray(allowed);
  await tx.execute(sql`
    DELETE FROM tenant_applications WHERE tenant_id = ${tenantId}
      AND application_id NOT IN (SELECT m.application_id FROM menu_items m WHERE m.id IN ${items})`);
  await tx.execute(sql`
    INSERT INTO tenant_applications (tenant_id, application_id)
    SELECT DISTINCT ${tenantId}::text, m.application_id FROM menu_items m WHERE m.id IN ${items}
    ON CONFLICT DO NOTHING`);
  await tx.execute(
    sql`DELETE FROM role_menu_grants WHERE tenant_id = ${tenantId} AND menu_id NOT IN ${items}`,
  );
  await tx.execute(sql`
    INSERT INTO role_menu_grants (tenant_id, role_id, menu_id)
    SELECT r.tenant_id, r.id, m.id FROM roles r JOIN menu_items m ON m.id IN ${items}
    WHERE r.tenant_id = ${tenantId} AND r.is_admin
    ON CONFLICT DO NOTHING`);
  return allowed;
};

export const countHolders = async (tx: Tx, packageId: string): Promise<number> =>
  Number(
    rowsOf(
      await tx.execute(sql`SELECT count(*)::int AS n FROM tenant_packages WHERE package_id = ${packageId}`),
    )[0]?.n ?? 0,
  );

/** The tenants holding a package (whatever its dates), with their names. */
export const holdersOf = async (tx: Tx, packageId: string) =>
  rowsOf(
    await tx.execute(sql`
      SELECT tp.tenant_id, t.name, ${currentHolding} AS current
      FROM tenant_packages tp JOIN tenants t ON t.id = tp.tenant_id
      WHERE tp.package_id = ${packageId} ORDER BY t.name, t.id`),
  ).map((row) => ({
    tenantId: row.tenant_id as string,
    tenantName: row.name as string,
    current: row.current === true,
  }));

/**
 * applyEntitlements for every tenant holding a package at once (set-based, so it stays cheap at
 * thousands of tenants): what a package's dates start or end takes effect without any write.
 * Answers the tenants whose empowerment or grants changed.
 */
export const applyDueEntitlements = async (tx: Tx): Promise<string[]> => {
  const changed = new Set<string>();
  const collect = (result: unknown) => {
    for (const row of rowsOf(result)) changed.add(row.tenant_id as string);
  };
  const allowed = sql`(
    SELECT DISTINCT tp.tenant_id, pmi.menu_id FROM tenant_packages tp
    JOIN package_menu_items pmi ON pmi.package_id = tp.package_id WHERE ${currentHolding})`;
  const holders = sql`(SELECT DISTINCT tenant_id FROM tenant_packages)`;
  collect(
    await tx.execute(sql`
      DELETE FROM tenant_applications ta WHERE ta.tenant_id IN ${holders} AND NOT EXISTS (
        SELECT 1 FROM ${allowed} a JOIN menu_items m ON m.id = a.menu_id
        WHERE a.tenant_id = ta.tenant_id AND m.application_id = ta.application_id)
      RETURNING ta.tenant_id`),
  );
  collect(
    await tx.execute(sql`
      INSERT INTO tenant_applications (tenant_id, application_id)
      SELECT DISTINCT a.tenant_id, m.application_id FROM ${allowed} a JOIN menu_items m ON m.id = a.menu_id
      ON CONFLICT DO NOTHING RETURNING tenant_id`),
  );
  collect(
    await tx.execute(sql`
      DELETE FROM role_menu_grants g WHERE g.tenant_id IN ${holders} AND NOT EXISTS (
        SELECT 1 FROM ${allowed} a WHERE a.tenant_id = g.tenant_id AND a.menu_id = g.menu_id)
      RETURNING g.tenant_id`),
  );
  collect(
    await tx.execute(sql`
      INSERT INTO role_menu_grants (tenant_id, role_id, menu_id)
      SELECT r.tenant_id, r.id, a.menu_id FROM roles r JOIN ${allowed} a ON a.tenant_id = r.tenant_id
      WHERE r.is_admin
      ON CONFLICT DO NOTHING RETURNING tenant_id`),
  );
  return [...changed].sort();
};
