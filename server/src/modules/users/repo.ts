import { and, eq, sql } from 'drizzle-orm';
import { accounts, membershipRoles, roles, tenantMemberships } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface AccountSummary {
  id: string;
  sn: string;
  username: string;
  name: string;
  mobile: string | null;
  isPlatformAdmin: boolean;
  /** The super administrator flag or a platform role. */
  isPlatformOperator: boolean;
  status: 'active' | 'disabled';
}

/** The columns of an AccountSummary, for every query that answers one. */
const summaryColumns = {
  id: accounts.id,
  sn: accounts.sn,
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  isPlatformAdmin: accounts.isPlatformAdmin,
  isPlatformOperator: sql<boolean>`("accounts"."is_platform_admin" OR EXISTS (
    SELECT 1 FROM account_platform_roles ar WHERE ar.account_id = "accounts"."id"))`,
  status: accounts.status,
};

export const createUsersRepo = (db: Database) => ({
  findAccount: (accountId: string): Promise<AccountSummary | undefined> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx.select(summaryColumns).from(accounts).where(eq(accounts.id, accountId));
      return row;
    }),

  /** Whether the account holds an administrator role in the tenant (read in the tenant's scope). */
  isTenantAdmin: (tenantId: string, accountId: string): Promise<boolean> =>
    db.withTenant(tenantId, async (tx) => {
      const rows = await tx
        .select({ roleId: roles.id })
        .from(membershipRoles)
        .innerJoin(
          roles,
          and(eq(roles.tenantId, membershipRoles.tenantId), eq(roles.id, membershipRoles.roleId)),
        )
        .innerJoin(
          tenantMemberships,
          and(
            eq(tenantMemberships.tenantId, membershipRoles.tenantId),
            eq(tenantMemberships.accountId, membershipRoles.accountId),
          ),
        )
        .where(
          and(
            eq(membershipRoles.accountId, accountId),
            eq(roles.isAdmin, true),
            eq(tenantMemberships.status, 'active'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    }),

  /**
   * The active member of a tenant with this mobile (GET /ump/user/getByPhone). Read under the
   * tenant's row-level security: an account that is not a member of the tenant is never found.
   */
  findMemberByMobile: (tenantId: string, mobile: string): Promise<AccountSummary | undefined> =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select(summaryColumns)
        .from(tenantMemberships)
        .innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId))
        .where(
          and(
            eq(tenantMemberships.tenantId, tenantId),
            eq(tenantMemberships.status, 'active'),
            eq(accounts.mobile, mobile),
            eq(accounts.status, 'active'),
          ),
        );
      return row;
    }),

  /** Any active account with this mobile: platform administrators in the platform scope only. */
  findActiveAccountByMobile: (mobile: string): Promise<AccountSummary | undefined> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx
        .select(summaryColumns)
        .from(accounts)
        .where(and(eq(accounts.mobile, mobile), eq(accounts.status, 'active')));
      return row;
    }),
});

export type UsersRepo = ReturnType<typeof createUsersRepo>;
