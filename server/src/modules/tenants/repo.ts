import { eq, or } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import type { Database } from '../../platform/db/database';

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
};

export const createTenantsRepo = (db: Database) => ({
  findById: (id: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(async (tx) => (await tx.select(columns).from(tenants).where(eq(tenants.id, id)))[0]),

  findByName: (name: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(async (tx) => (await tx.select(columns).from(tenants).where(eq(tenants.name, name)))[0]),

  findByDomain: (domain: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) => (await tx.select(columns).from(tenants).where(eq(tenants.domain, domain)))[0],
    ),

  /** A `tenant` query parameter may carry the tenant's code or its id. */
  findByCodeOrId: (value: string): Promise<TenantRecord | undefined> =>
    db.asPlatform(
      async (tx) =>
        (
          await tx
            .select(columns)
            .from(tenants)
            .where(or(eq(tenants.code, value), eq(tenants.id, value)))
        )[0],
    ),
});

export type TenantsRepo = ReturnType<typeof createTenantsRepo>;
