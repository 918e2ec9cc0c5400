import {
  conditionSyntaxError,
  MENU_IMPACT_TENANT_LIMIT,
  type MenuGrantHolders,
  type MenuImpact,
  type MenuImpactBody,
} from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { menuAdminRepo as repo, rowsOf } from './admin-repo';

type Holding = MenuGrantHolders['tenants'];

/** Rows of (tenant, role) grouped by tenant, tenants by name. */
const groupByTenant = (rows: Record<string, unknown>[]): Holding => {
  const tenants = new Map<string, Holding[number]>();
  for (const row of rows) {
    const tenantId = row.tenant_id as string;
    const tenant = tenants.get(tenantId) ?? { tenantId, tenantName: row.tenant_name as string, roles: [] };
    tenants.set(tenantId, tenant);
    tenant.roles.push({ roleId: row.role_id as string, roleName: row.role_name as string });
  }
  return [...tenants.values()];
};

/**
 * The roles granted any of the items, in tenants empowered to use the application (a grant of an
 * application the tenant lost shows nothing), first MENU_IMPACT_TENANT_LIMIT tenants by name, and
 * how many tenants there are in all. In a tenant's scope only its own roles are read.
 */
const rolesHolding = async (tx: Tx, menuIds: readonly string[], applicationId: string) => {
  if (menuIds.length === 0) return { tenants: [] as Holding, total: 0 };
  const ids = sql`(SELECT jsonb_array_elements_text(${JSON.stringify(menuIds)}::jsonb))`;
  const rows = rowsOf(
    await tx.execute(sql`
      WITH holding AS (
        SELECT DISTINCT g.tenant_id, g.role_id FROM role_menu_grants g
        JOIN tenant_applications ta ON ta.tenant_id = g.tenant_id AND ta.application_id = ${applicationId}
        WHERE g.menu_id IN ${ids}
      ),
      named AS (
        SELECT DISTINCT h.tenant_id, t.name AS tenant_name FROM holding h JOIN tenants t ON t.id = h.tenant_id
        ORDER BY t.name, h.tenant_id LIMIT ${MENU_IMPACT_TENANT_LIMIT}
      )
      SELECT n.tenant_id, n.tenant_name, r.id AS role_id, r.name AS role_name,
             (SELECT count(DISTINCT tenant_id)::int FROM holding) AS total
      FROM named n JOIN holding h ON h.tenant_id = n.tenant_id
      JOIN roles r ON r.tenant_id = h.tenant_id AND r.id = h.role_id
      ORDER BY n.tenant_name, n.tenant_id, r.is_admin DESC, r.name, r.id`),
  );
  return { tenants: groupByTenant(rows), total: Number(rows[0]?.total ?? 0) };
};

const packagesHolding = async (tx: Tx, menuIds: readonly string[]) =>
  menuIds.length === 0
    ? []
    : rowsOf(
        await tx.execute(sql`
          SELECT DISTINCT p.id, p.name FROM packages p JOIN package_menu_items pmi ON pmi.package_id = p.id
          WHERE pmi.menu_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(menuIds)}::jsonb))
          ORDER BY p.name, p.id`),
      ).map((row) => ({ id: row.id as string, name: row.name as string }));

/** Who would lose an item that goes: the roles granted it, and the packages that include it. */
export const grantHolders = async (
  tx: Tx,
  menuId: string,
  applicationId: string,
): Promise<MenuGrantHolders> => {
  const [roles, packages] = [
    await rolesHolding(tx, [menuId], applicationId),
    await packagesHolding(tx, [menuId]),
  ];
  return { tenants: roles.tenants, packages };
};

/**
 * Who sees an item once saved (shown before saving): the tenants that may use its application, the
 * roles there granted the item or an item below it (the shell shows the way to a granted item), or
 * for a new item those granted its parent; the packages that include it; whether everyone sees it
 * (a public item) and why nobody does (an unpublished application, a disabled item, a button).
 */
export const menuImpact = async (
  tx: Tx,
  body: MenuImpactBody,
  owner: { tenantId: string | null },
): Promise<MenuImpact> => {
  const application = await repo.application(tx, body.applicationId);
  if (!application) throw new AppError('APPLICATION_NOT_FOUND');
  const existing = body.id ? await repo.get(tx, body.id) : undefined;
  if (body.id && !existing) throw new AppError('MENU_NOT_FOUND', `菜单不存在：${body.id}`);
  const parentId = body.parentId !== undefined ? body.parentId : (existing?.parentId ?? null);
  const seenThrough = existing ? await repo.subtreeIds(tx, existing.id) : parentId ? [parentId] : [];

  const isPublic = body.isPublic ?? existing?.isPublic ?? owner.tenantId !== null;
  const disabled = body.disabled ?? existing?.disabled ?? false;
  const type = body.type !== undefined ? body.type : (existing?.type ?? null);
  const condition = (body.condition !== undefined ? body.condition : existing?.condition) ?? '';
  const conditionError = condition.trim() === '' ? null : conditionSyntaxError(condition.trim());

  const [tenantTotal] = rowsOf(
    await tx.execute(sql`
      SELECT count(*)::int AS n FROM tenant_applications WHERE application_id = ${application.id}
      ${owner.tenantId === null ? sql`` : sql`AND tenant_id = ${owner.tenantId}`}`),
  );
  // A tenant's own item is public and granted to no role: every member and visitor sees it.
  const roles =
    owner.tenantId === null ? await rolesHolding(tx, seenThrough, application.id) : { tenants: [], total: 0 };
  return {
    application: { id: application.id, name: application.name, status: application.status },
    hiddenBecause: [
      ...(application.status === 'published' ? [] : (['application-not-published'] as const)),
      ...(disabled ? (['disabled'] as const) : []),
      ...(type === 'button' ? (['button'] as const) : []),
    ],
    isPublic,
    tenantTotal: Number(tenantTotal?.n ?? 0),
    tenants: roles.tenants,
    tenantsWithRolesTotal: roles.total,
    packages:
      owner.tenantId === null ? await packagesHolding(tx, existing ? [existing.id] : seenThrough) : [],
    condition: { valid: conditionError === null, error: conditionError },
  };
};
