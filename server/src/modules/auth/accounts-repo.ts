import { and, eq, sql } from 'drizzle-orm';
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
  /** The super administrator flag or a platform role: may sign in to the platform scope. */
  isPlatformOperator: boolean;
  twoFactorEnabled: boolean;
  /** Oldest first: the default tenant of a sign-in that names none. Read with the account, in one query. */
  memberships: Membership[];
}

export interface Membership {
  tenantId: string;
  membershipStatus: 'active' | 'disabled' | 'invited';
  tenantStatus: 'active' | 'disabled';
  tenantExpiresAt: Date | null;
  /** In the recycle bin since then; null for a live tenant. */
  tenantDeletedAt: Date | null;
  /** The member's own expiry in that tenant (contractors, interns). */
  memberExpiresAt?: Date | null;
}

interface MembershipJson {
  tenantId: string;
  membershipStatus: Membership['membershipStatus'];
  tenantStatus: Membership['tenantStatus'];
  tenantExpiresAt: string | null;
  tenantDeletedAt: string | null;
  memberExpiresAt: string | null;
}

/**
 * The account's memberships as one JSON column of the account's row: sign-in reads both in one statement
 * of one transaction rather than two transactions (each costs more than the query itself).
 */
const membershipsColumn = sql<MembershipJson[]>`coalesce((
  SELECT json_agg(json_build_object(
    'tenantId', m.tenant_id, 'membershipStatus', m.status,
    'tenantStatus', t.status, 'tenantExpiresAt', t.expires_at, 'tenantDeletedAt', t.deleted_at,
    'memberExpiresAt', m.expires_at
  ) ORDER BY m.created_at, m.tenant_id)
  FROM ${tenantMemberships} m JOIN ${tenants} t ON t.id = m.tenant_id
  WHERE m.account_id = "accounts"."id"
), '[]'::json)`;

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
  isPlatformOperator: sql<boolean>`("accounts"."is_platform_admin" OR EXISTS (
    SELECT 1 FROM account_platform_roles ar WHERE ar.account_id = "accounts"."id"))`,
  twoFactorEnabled: accounts.twoFactorEnabled,
  memberships: membershipsColumn,
};

type LoginRow = Omit<LoginAccount, 'memberships'> & { memberships: MembershipJson[] };

const toLoginAccount = (row: LoginRow | undefined): LoginAccount | undefined =>
  row && {
    ...row,
    memberships: row.memberships.map((m) => ({
      ...m,
      tenantExpiresAt: m.tenantExpiresAt === null ? null : new Date(m.tenantExpiresAt),
      tenantDeletedAt: m.tenantDeletedAt ? new Date(m.tenantDeletedAt) : null,
      memberExpiresAt: m.memberExpiresAt ? new Date(m.memberExpiresAt) : null,
    })),
  };

/** Global accounts and their memberships, as sign-in needs them (platform path: before any tenant). */
export const createAccountsRepo = (db: Database) => ({
  findByUsername: (username: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(async (tx) =>
      toLoginAccount(
        (await tx.select(loginColumns).from(accounts).where(eq(accounts.username, username)))[0],
      ),
    ),

  findByMobile: (mobile: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(async (tx) =>
      toLoginAccount((await tx.select(loginColumns).from(accounts).where(eq(accounts.mobile, mobile)))[0]),
    ),

  findById: (id: string): Promise<LoginAccount | undefined> =>
    db.asPlatform(async (tx) =>
      toLoginAccount((await tx.select(loginColumns).from(accounts).where(eq(accounts.id, id)))[0]),
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
