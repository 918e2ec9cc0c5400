import { and, eq, isNull, or } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { Database } from '../../platform/db/database';
import type { TenantLifecycle } from './admission';
import { tenantDomains } from './schema';

export interface TenantRecord {
  id: string;
  code: string;
  name: string;
  domain: string | null;
  cloud: string;
  sysType: string;
  status: 'active' | 'disabled';
  expiresAt: Date | null;
  allowSelfRegistration: boolean;
  legacyLoginUrl: string | null;
  legacyBulletinUrl: string | null;
  twoFactorRequired: boolean;
  /** The zone the tenant's people read times in (issue 25). */
  timeZone: string;
}

const columns = {
  id: tenants.id,
  code: tenants.code,
  name: tenants.name,
  domain: tenants.domain,
  cloud: tenants.cloud,
  sysType: tenants.sysType,
  status: tenants.status,
  expiresAt: tenants.expiresAt,
  allowSelfRegistration: tenants.allowSelfRegistration,
  legacyLoginUrl: tenants.legacyLoginUrl,
  legacyBulletinUrl: tenants.legacyBulletinUrl,
  twoFactorRequired: tenants.twoFactorRequired,
  timeZone: tenants.timeZone,
};

/** A tenant in the recycle bin is gone for sign-in and for the pages that resolve tenants. */
const live = isNull(tenants.deletedAt);

export const createTenantsRepo = (db: Database) => ({
  /** The tenant's state as admission reads it: also a tenant in the recycle bin. */
  lifecycleOf: (id: string): Promise<TenantLifecycle | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select({ status: tenants.status, deletedAt: tenants.deletedAt, expiresAt: tenants.expiresAt })
            .from(tenants)
            .where(eq(tenants.id, id))
        )[0],
    ),

  findById: (id: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select(columns)
            .from(tenants)
            .where(and(eq(tenants.id, id), live))
        )[0],
    ),

  findByName: (name: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select(columns)
            .from(tenants)
            .where(and(eq(tenants.name, name), live))
        )[0],
    ),

  /** Any of the tenant's domains, not only the primary one. */
  findByDomain: (domain: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select(columns)
            .from(tenantDomains)
            .innerJoin(tenants, eq(tenants.id, tenantDomains.tenantId))
            .where(and(eq(tenantDomains.domain, domain), live))
        )[0],
    ),

  /** A `tenant` query parameter may carry the tenant's code or its id. */
  findByCodeOrId: (value: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select(columns)
            .from(tenants)
            .where(and(or(eq(tenants.code, value), eq(tenants.id, value)), live))
        )[0],
    ),
});

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
