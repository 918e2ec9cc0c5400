import { and, eq, sql } from 'drizzle-orm';
import { accounts, tenantMemberships } from '../../db/schema';
import { codesOfMember, type MemberGrants, memberGrantsSql } from '../../platform/admin/member-grants';
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

/**
 * What an active member holds in the tenant through its active roles: whether one is an
 * administrator role, and the tenant permission codes the others grant (member-grants.ts).
 */
const tenantGrantsIn =
  (db: Database) =>
  (tenantId: string, accountId: string): Promise<{ member: boolean; isAdmin: boolean; codes: string[] }> =>
    db.withTenant(tenantId, async (tx) => {
      const result = await tx.execute(sql`SELECT ${memberGrantsSql(tenantId, accountId)} AS grants`);
      const grants =
        (result as unknown as { rows: { grants: MemberGrants | null }[] }).rows[0]?.grants ?? null;
      return { member: grants !== null, ...codesOfMember(grants) };
    });

export const createUsersRepo = (db: Database) => ({
  findAccount: (accountId: string): Promise<AccountSummary | undefined> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx.select(summaryColumns).from(accounts).where(eq(accounts.id, accountId));
      return row;
    }),

  tenantGrantsOf: tenantGrantsIn(db),

  /** Whether the account, an active member, holds an active administrator role in the tenant. */
  isTenantAdmin: async (tenantId: string, accountId: string): Promise<boolean> =>
    (await tenantGrantsIn(db)(tenantId, accountId)).isAdmin,

  /** A successful sign-in into the tenant: when and from where, for the user pages and the register. */
  recordSignIn: (tenantId: string, accountId: string, ip: string | null): Promise<void> =>
    db.withTenant(tenantId, async (tx) => {
      await tx
        .update(tenantMemberships)
        .set({ lastSignInAt: sql`now()`, lastSignInIp: ip })
        .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.accountId, accountId)));
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
