import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { accounts, membershipRoles, roles, tenantMemberships, tenants } from '../../db/schema';
import type { Database } from '../../platform/db/database';
import { rootDepartmentId } from '../departments/tree-path';
import { tenantAdmitsCondition } from '../tenants/admission';

export interface NewMemberAccount {
  id: string;
  sn: string;
  tenantId: string;
  username: string;
  mobile: string;
  passwordHash: string;
}

export type CreateOutcome = 'created' | 'username-taken' | 'mobile-taken';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export const createRegistrationRepo = (db: Database) => ({
  /** Tenants open to self-registration whose name contains the text, for the company-name field. */
  suggestTenants: (text: string, limit: number) =>
    db.asPlatform((tx) =>
      tx
        .select({ id: tenants.id, tenantName: tenants.name })
        .from(tenants)
        .where(
          and(
            eq(tenants.allowSelfRegistration, true),
            tenantAdmitsCondition,
            ilike(tenants.name, `%${escapeLike(text)}%`),
          ),
        )
        .orderBy(asc(tenants.name))
        .limit(limit),
    ),

  /**
   * The account and its membership of the tenant (with the tenant's default role, when it has one
   * coded "member"), in one transaction: a failure at any step leaves nothing behind.
   */
  createMemberAccount: (
    account: NewMemberAccount,
    beforeCommit?: () => Promise<void>,
  ): Promise<CreateOutcome> =>
    db.asPlatform(async (tx) => {
      const [clash] = await tx
        .select({ username: accounts.username, mobile: accounts.mobile })
        .from(accounts)
        .where(or(eq(accounts.username, account.username), eq(accounts.mobile, account.mobile)));
      if (clash) return clash.username === account.username ? 'username-taken' : 'mobile-taken';
      await tx.insert(accounts).values({
        id: account.id,
        sn: account.sn,
        username: account.username,
        name: account.username,
        mobile: account.mobile,
        passwordHash: account.passwordHash,
        passwordChangedAt: sql`now()`,
      });
      // A self-registered member starts in the root department, the way the user page shows them.
      await tx.insert(tenantMemberships).values({
        tenantId: account.tenantId,
        accountId: account.id,
        source: 'registration',
        departmentId: rootDepartmentId(account.tenantId),
      });
      const [memberRole] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, account.tenantId), eq(roles.code, 'member')));
      if (memberRole) {
        await tx
          .insert(membershipRoles)
          .values({ tenantId: account.tenantId, accountId: account.id, roleId: memberRole.id });
      }
      await beforeCommit?.();
      return 'created';
    }),
});

export type RegistrationRepo = ReturnType<typeof createRegistrationRepo>;
