import { asc, eq } from 'drizzle-orm';
import { tenantMemberships, tenants } from '../../db/schema';
import type { Database } from '../../platform/db/database';
import type { Membership } from '../auth/accounts-repo';
import { tenantAdmitsCondition } from '../tenants/admission';

export interface TenantSummary {
  id: string;
  code: string;
  name: string;
}

export interface NamedMembership extends Membership, TenantSummary {}

/** Tenants an account may switch to (platform path: the question spans tenants). */
export const createTenantSwitchRepo = (db: Database) => ({
  /** Every membership of the account with its tenant's name and state, oldest first. */
  membershipsOf: (accountId: string): Promise<NamedMembership[]> =>
    db.asPlatform((tx) =>
      tx
        .select({
          id: tenants.id,
          code: tenants.code,
          name: tenants.name,
          tenantId: tenantMemberships.tenantId,
          membershipStatus: tenantMemberships.status,
          tenantStatus: tenants.status,
          tenantExpiresAt: tenants.expiresAt,
          tenantDeletedAt: tenants.deletedAt,
          memberExpiresAt: tenantMemberships.expiresAt,
        })
        .from(tenantMemberships)
        .innerJoin(tenants, eq(tenants.id, tenantMemberships.tenantId))
        .where(eq(tenantMemberships.accountId, accountId))
        .orderBy(asc(tenantMemberships.createdAt), asc(tenantMemberships.tenantId)),
    ),

  /** Every tenant that admits, by name: platform administrators may enter any of them. */
  admittingTenants: (): Promise<TenantSummary[]> =>
    db.asPlatform((tx) =>
      tx
        .select({ id: tenants.id, code: tenants.code, name: tenants.name })
        .from(tenants)
        .where(tenantAdmitsCondition)
        .orderBy(asc(tenants.name)),
    ),
});

export type TenantSwitchRepo = ReturnType<typeof createTenantSwitchRepo>;
