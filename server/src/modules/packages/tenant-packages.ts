import type { TenantPackageGrant } from '@uniwim/contracts';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminContext } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { applyEntitlements, jsonArray, PLATFORM_TODAY, rowsOf } from './entitlements';
import { packages, tenantPackages } from './schema';

/** Today's date (YYYY-MM-DD) on the platform's calendar, as the database sees it. */
export const platformToday = async (tx: Tx): Promise<string> =>
  rowsOf(await tx.execute(sql`SELECT ${PLATFORM_TODAY}::text AS today`))[0]!.today as string;

export interface TenantPackagesDeps {
  /** Tells every instance that a tenant's menus changed, so menu caches drop at once. */
  announceMenuChange(tenantId: string): Promise<void>;
}

/**
 * Replaces the packages a tenant holds and applies what it may use, in the caller's transaction.
 * Fields a grant leaves out keep their value for a package the tenant already holds (a new one
 * starts today, with no end and no seat limit). A disabled package cannot be given; one the tenant
 * already holds may stay. `path` is where the grants sit in the request body, for error details.
 */
export const setTenantPackages = async (
  tx: Tx,
  deps: TenantPackagesDeps,
  tenantId: string,
  grants: readonly TenantPackageGrant[],
  ctx: AdminContext,
  path = 'body.packages',
): Promise<void> => {
  const held = new Map(
    (await tx.select().from(tenantPackages).where(eq(tenantPackages.tenantId, tenantId))).map((row) => [
      row.packageId,
      row,
    ]),
  );
  const ids = grants.map((grant) => grant.packageId);
  const found =
    ids.length === 0
      ? new Map<string, { name: string; status: string }>()
      : new Map(
          (
            await tx
              .select({ id: packages.id, name: packages.name, status: packages.status })
              .from(packages)
              .where(inArray(packages.id, ids))
              .for('key share')
          ).map((row) => [row.id, row]),
        );
  for (const [index, grant] of grants.entries()) {
    const pkg = found.get(grant.packageId);
    if (!pkg) {
      const message = `套餐不存在：${grant.packageId}`;
      throw new AppError('NOT_FOUND', message, [{ path: `${path}.${index}.packageId`, message }]);
    }
    if (pkg.status !== 'active' && !held.has(grant.packageId)) {
      const message = `套餐“${pkg.name}”已停用，不能分配给租户`;
      throw new AppError('PACKAGE_DISABLED', message, [{ path: `${path}.${index}.packageId`, message }]);
    }
  }
  const today = await platformToday(tx);
  const rows = grants.map((grant, index) => {
    const before = held.get(grant.packageId);
    const startsOn = grant.startsOn ?? before?.startsOn ?? today;
    const endsOn = grant.endsOn === undefined ? (before?.endsOn ?? null) : grant.endsOn;
    if (endsOn !== null && endsOn < startsOn) {
      const message = `结束日期不能早于开始日期（${startsOn}）`;
      throw new AppError('VALIDATION_FAILED', message, [{ path: `${path}.${index}.endsOn`, message }]);
    }
    return {
      tenantId,
      packageId: grant.packageId,
      startsOn,
      endsOn,
      seatLimit: grant.seatLimit === undefined ? (before?.seatLimit ?? null) : grant.seatLimit,
    };
  });
  await tx.delete(tenantPackages).where(eq(tenantPackages.tenantId, tenantId));
  if (rows.length > 0) await tx.insert(tenantPackages).values(rows);
  await applyEntitlements(tx, tenantId);
  ctx.afterCommit(() => deps.announceMenuChange(tenantId));
};

/**
 * Gives new tenants the platform's default package (the active package marked is_default), from
 * today with no end, and what it lets them use: its applications are empowered and each tenant's
 * administrator roles hold its items (what applyEntitlements would do for a tenant holding nothing
 * else). Set-based, for one tenant or an import's thousands; answers whether there was a default.
 * Runs after the tenants' administrator roles exist.
 */
export const giveDefaultPackage = async (tx: Tx, tenantIds: readonly string[]): Promise<boolean> => {
  if (tenantIds.length === 0) return false;
  const [fallback] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(sql`${packages.isDefault} AND ${packages.status} = 'active'`)
    .for('key share');
  if (!fallback) return false;
  const tenants = jsonArray(tenantIds);
  await tx.execute(sql`
    INSERT INTO tenant_packages (tenant_id, package_id, starts_on)
    SELECT t.id, ${fallback.id}, ${PLATFORM_TODAY} FROM ${tenants} AS t(id)`);
  // Only items the catalogue still has, as applyEntitlements reads them.
  const items = sql`(SELECT m.id, m.application_id FROM package_menu_items pmi
    JOIN menu_items m ON m.id = pmi.menu_id WHERE pmi.package_id = ${fallback.id})`;
  await tx.execute(sql`
    INSERT INTO tenant_applications (tenant_id, application_id)
    SELECT DISTINCT t.id, i.application_id FROM ${tenants} AS t(id) CROSS JOIN ${items} AS i
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO role_menu_grants (tenant_id, role_id, menu_id)
    SELECT r.tenant_id, r.id, i.id FROM roles r CROSS JOIN ${items} AS i
    WHERE r.is_admin AND r.tenant_id IN ${tenants}
    ON CONFLICT DO NOTHING`);
  return true;
};
