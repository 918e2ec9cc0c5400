import type { PlatformUserRow } from '@uniwim/contracts';
import { eq, inArray } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import type { AdminContext } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { accountPlatformRoles, platformRoles } from '../platform-access/schema';
import { describeMissing, missingRights, type Rights } from '../roles/delegation-rules';

/**
 * The platform's side of "nobody grants, assigns or reaches what they do not hold themselves": an
 * operator with a platform role gives only roles whose codes they hold, never the super
 * administrator's flag, writes into a role only codes they hold, and acts only on platform users
 * whose rights are within their own. The super administrator holds everything.
 */
const NO_MENUS: ReadonlySet<string> = new Set();
const SUPER_ADMIN = '平台超级管理员';

const operatorRights = (ctx: AdminContext): Rights => ({
  admin: ctx.operator.platformAdmin,
  codes: ctx.operator.codes,
  menuIds: NO_MENUS,
});

const codesOfRoles = async (tx: Tx, roleIds: readonly string[]): Promise<Set<string>> => {
  if (roleIds.length === 0) return new Set();
  const rows = await tx
    .select({ permissions: platformRoles.permissions })
    .from(platformRoles)
    .where(inArray(platformRoles.id, [...roleIds]));
  return new Set(rows.flatMap((row) => row.permissions));
};

const refuse = (
  name: 'GRANT_NOT_HELD' | 'MEMBER_OUTRANKS',
  what: string,
  missing: ReturnType<typeof missingRights>,
) => new AppError(name, `${what}：您没有${describeMissing(missing!, SUPER_ADMIN)}`, { missing });

/** Roles and the super administrator's flag may be given only by those who hold them. */
export const assertMayGivePlatformRoles = async (
  tx: Tx,
  ctx: AdminContext,
  given: { superAdmin: boolean; roleIds: readonly string[] },
) => {
  const missing = missingRights(operatorRights(ctx), {
    admin: given.superAdmin,
    codes: await codesOfRoles(tx, given.roleIds),
    menuIds: NO_MENUS,
  });
  if (missing) throw refuse('GRANT_NOT_HELD', '不能分配超出自己权限的角色', missing);
};

/** A platform role may be written only codes the operator holds. */
export const assertMayGrantPlatformCodes = (ctx: AdminContext, codes: readonly string[]) => {
  const missing = missingRights(operatorRights(ctx), {
    admin: false,
    codes: new Set(codes),
    menuIds: NO_MENUS,
  });
  if (missing) throw refuse('GRANT_NOT_HELD', '不能授予自己没有的权限', missing);
};

/** Platform users may be acted on only when their rights are within the operator's. */
export const assertMayReachPlatformUser = async (tx: Tx, ctx: AdminContext, row: PlatformUserRow) => {
  if (row.id === ctx.operator.accountId) return;
  const missing = missingRights(operatorRights(ctx), {
    admin: row.superAdmin,
    codes: await codesOfRoles(tx, row.roleIds),
    menuIds: NO_MENUS,
  });
  if (missing) throw refuse('MEMBER_OUTRANKS', '该平台用户拥有您没有的权限', missing);
};

/** The same for any account by its id (the platform's login log unlocks accounts of every kind). */
export const assertMayReachPlatformAccount = async (tx: Tx, ctx: AdminContext, accountId: string) => {
  if (accountId === ctx.operator.accountId || ctx.operator.platformAdmin) return;
  const [account] = await tx
    .select({ superAdmin: accounts.isPlatformAdmin })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const roles = await tx
    .select({ roleId: accountPlatformRoles.roleId })
    .from(accountPlatformRoles)
    .where(eq(accountPlatformRoles.accountId, accountId));
  const missing = missingRights(operatorRights(ctx), {
    admin: account?.superAdmin ?? false,
    codes: await codesOfRoles(
      tx,
      roles.map((role) => role.roleId),
    ),
    menuIds: NO_MENUS,
  });
  if (missing) throw refuse('MEMBER_OUTRANKS', '该账号拥有您没有的平台权限', missing);
};
