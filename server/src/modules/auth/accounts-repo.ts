import { and, asc, eq, sql } from 'drizzle-orm';
import { accounts, tenantMemberships, tenants } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface LoginAccount {
  id: string;
  username: string;
  name: string;
  mobile: string | null;
  passwordHash: string | null;
  status: 'active' | 'disabled';
  mustChangePassword: boolean;
  passwordChangedAt: Date | null;
  isPlatformAdmin: boolean;
  twoFactorEnabled: boolean;
}

export interface Membership {
  tenantId: string;
  membershipStatus: 'active' | 'disabled';
  tenantStatus: 'active' | 'disabled';
  tenantExpiresAt: Date | null;
}

const loginColumns = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  passwordHash: accounts.passwordHash,
  status: accounts.status,
  mustChangePassword: accounts.mustChangePassword,
  passwordChangedAt: accounts.passwordChangedAt,
  isPlatformAdmin: accounts.isPlatformAdmin,
  twoFactorEnabled: accounts.twoFactorEnabled,
};

/** Global accounts and their memberships, as sign-in needs them (platform path: before any tenant). */
export const createAccountsRepo = (db: Database) => ({
  findByUsername: (username: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(
      async (tx) => (await tx.select(loginColumns).from(accounts).where(eq(accounts.username, username)))[0],
    ),

  findByMobile: (mobile: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(
      async (tx) => (await tx.select(loginColumns).from(accounts).where(eq(accounts.mobile, mobile)))[0],
    ),

  findById: (id: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(async (tx) => (await tx.select(loginColumns).from(accounts).where(eq(accounts.id, id)))[0]),

  /** Oldest membership first: the default tenant of a sign-in that names none. */
  memberships: (accountId: string): Promise<Membership[]> =>
    db.asPlatform((tx) =>
      tx
        .select({
          tenantId: tenantMemberships.tenantId,
          membershipStatus: tenantMemberships.status,
          tenantStatus: tenants.status,
          tenantExpiresAt: tenants.expiresAt,
        })
        .from(tenantMemberships)
        .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
        .where(eq(tenantMemberships.accountId, accountId))
        .orderBy(asc(tenantMemberships.createdAt), asc(tenantMemberships.tenantId)),
    ),

  /** Replaces the hash; `changedByUser` marks a real change (not a parameter upgrade). */
  setPasswordHash: (accountId: string, passwordHash: string, changedByUser: boolean): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx
        .update(accounts)
        .set(
          changedByUser
            ? {
                passwordHash,
                passwordChangedAt: sql`now()`,
                mustChangePassword: false,
                updatedAt: sql`now()`,
              }
            : { passwordHash },
        )
        .where(and(eq(accounts.id, accountId)));
    }),
});

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
