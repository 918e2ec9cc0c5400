import { sql } from 'drizzle-orm';
import type { AdminContext } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import {
  ADMINISTRATOR_RIGHTS,
  describeMissing,
  type MissingRights,
  missingRights,
  type Rights,
  unionOfRights,
} from './delegation-rules';

/**
 * The delegation checks of the tenant's admin writes on roles and members (docs/decisions.md,
 * "Accounts and delegation"): a role given, the grants written into a role and the members acted
 * on must be within the operator's own rights. Read inside the write's transaction, in the
 * tenant's row-level-security scope.
 */

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

interface RightsRow {
  is_admin: boolean;
  permissions: string[] | null;
  menu_ids: string[] | null;
}

const rightsOf = (rows: RightsRow[]): Rights =>
  unionOfRights(
    rows.map((row) => ({
      admin: row.is_admin,
      codes: new Set(row.permissions ?? []),
      menuIds: new Set(row.menu_ids ?? []),
    })),
  );

const roleRightsSql = (where: ReturnType<typeof sql>) => sql`
  SELECT r.is_admin, r.permissions,
         (SELECT array_agg(g.menu_id) FROM role_menu_grants g
           WHERE g.tenant_id = r.tenant_id AND g.role_id = r.id) AS menu_ids
  FROM roles r WHERE ${where}`;

/** What a set of the tenant's roles gives, whatever their status (a disabled role may come back). */
export const rightsOfRoles = async (tx: Tx, roleIds: readonly string[]): Promise<Rights> => {
  if (roleIds.length === 0) return unionOfRights([]);
  const ids = sql.join(
    roleIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return rightsOf(rowsOf<RightsRow>(await tx.execute(roleRightsSql(sql`r.id IN (${ids})`))));
};

/** What a member's roles give in the tenant; `activeOnly` as the permission check reads them. */
const rightsOfMember = async (tx: Tx, tenantId: string, accountId: string, activeOnly: boolean) =>
  rightsOf(
    rowsOf<RightsRow>(
      await tx.execute(
        roleRightsSql(sql`r.tenant_id = ${tenantId} ${activeOnly ? sql`AND r.status = 'active'` : sql``}
          AND r.id IN (SELECT mr.role_id FROM membership_roles mr
                        WHERE mr.tenant_id = ${tenantId} AND mr.account_id = ${accountId})`),
      ),
    ),
  );

const operatorRights = new WeakMap<AdminContext, Promise<Rights>>();

/** The operator's own rights in the tenant (once per request): the platform's administrator holds all. */
export const rightsOfOperator = (tx: Tx, ctx: AdminContext): Promise<Rights> => {
  let rights = operatorRights.get(ctx);
  if (!rights) {
    const { operator } = ctx;
    rights =
      operator.platformAdmin || operator.tenantId === null
        ? Promise.resolve(ADMINISTRATOR_RIGHTS)
        : rightsOfMember(tx, operator.tenantId, operator.accountId, true).then((held) =>
            // A code a role lists after it left the catalogue grants nothing (the permission check).
            held.admin ? ADMINISTRATOR_RIGHTS : { ...held, codes: operator.codes },
          );
    operatorRights.set(ctx, rights);
  }
  return rights;
};

const refuse = (
  name: 'GRANT_NOT_HELD' | 'MEMBER_OUTRANKS',
  what: string,
  missing: MissingRights,
  path?: string,
) =>
  new AppError(name, `${what}：您没有${describeMissing(missing)}`, {
    missing,
    ...(path ? { fields: [{ path, message: `${what}：您没有${describeMissing(missing)}` }] } : {}),
  });

/** Roles may be given only when everything they grant is the operator's own. */
export const assertMayGiveRoles = async (
  tx: Tx,
  ctx: AdminContext,
  roleIds: readonly string[],
  path: string,
) => {
  if (roleIds.length === 0) return;
  const missing = missingRights(await rightsOfOperator(tx, ctx), await rightsOfRoles(tx, roleIds));
  if (missing) throw refuse('GRANT_NOT_HELD', '不能分配超出自己权限的角色', missing, path);
};

/** A role may be granted only codes and menus the operator holds. */
export const assertMayGrant = async (
  tx: Tx,
  ctx: AdminContext,
  grants: { codes: readonly string[]; menuIds: readonly string[] },
) => {
  const missing = missingRights(await rightsOfOperator(tx, ctx), {
    admin: false,
    codes: new Set(grants.codes),
    menuIds: new Set(grants.menuIds),
  });
  if (missing) throw refuse('GRANT_NOT_HELD', '不能授予自己没有的权限', missing, 'body.permissions');
};

/**
 * Members may be acted on (credentials, sessions, status, roles, place) only when their rights are
 * within the operator's; every role they hold counts, a disabled one too.
 */
export const assertMayReach = async (tx: Tx, ctx: AdminContext, accountIds: readonly string[]) => {
  const own = await rightsOfOperator(tx, ctx);
  if (own.admin) return;
  for (const accountId of new Set(accountIds)) {
    if (accountId === ctx.operator.accountId) continue;
    const missing = missingRights(own, await rightsOfMember(tx, ctx.operator.tenantId!, accountId, false));
    if (missing) throw refuse('MEMBER_OUTRANKS', '该用户拥有您没有的权限', missing);
  }
};

/** Nobody changes their own roles: what one holds is given by someone else. */
export const assertNotOwnRoles = (ctx: AdminContext, accountIds: readonly string[]) => {
  if (!ctx.operator.platformAdmin && accountIds.includes(ctx.operator.accountId)) {
    throw new AppError('OWN_ROLES_UNCHANGEABLE');
  }
};
