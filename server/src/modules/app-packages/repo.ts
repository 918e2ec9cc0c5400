import { and, asc, eq } from 'drizzle-orm';
import { applications, tenantApplications } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface ApplicationRecord {
  id: string;
  appKey: string;
  name: string;
  version: string;
  operatingManual: string | null;
  /** File name under DATA_DIR/packages/, or null when no package was uploaded. */
  packagePath: string | null;
}

const columns = {
  id: applications.id,
  appKey: applications.appKey,
  name: applications.name,
  version: applications.version,
  operatingManual: applications.operatingManual,
  packagePath: applications.packagePath,
};

export const createAppPackagesRepo = (db: Database) => ({
  findByKey: (appKey: string): Promise<ApplicationRecord | undefined> =>
    db.asPlatform(
      async (tx) => (await tx.select(columns).from(applications).where(eq(applications.appKey, appKey)))[0],
    ),

  /** Whether the tenant is empowered to use the application (read under the tenant's row-level security). */
  isEmpowered: (tenantId: string, applicationId: string): Promise<boolean> =>
    db.withTenant(tenantId, async (tx) => {
      const rows = await tx
        .select({ applicationId: tenantApplications.applicationId })
        .from(tenantApplications)
        .where(
          and(eq(tenantApplications.tenantId, tenantId), eq(tenantApplications.applicationId, applicationId)),
        )
        .limit(1);
      return rows.length > 0;
    }),

  /** The applications a tenant is empowered to use, by name. */
  listForTenant: (tenantId: string): Promise<ApplicationRecord[]> =>
    db.withTenant(tenantId, (tx) =>
      tx
        .select(columns)
        .from(tenantApplications)
        .innerJoin(applications, eq(applications.id, tenantApplications.applicationId))
        .where(eq(tenantApplications.tenantId, tenantId))
        .orderBy(asc(applications.name)),
    ),

  /** Every application (platform administrators in the platform scope). */
  listAll: (): Promise<ApplicationRecord[]> =>
    db.asPlatform((tx) => tx.select(columns).from(applications).orderBy(asc(applications.name))),
});

export type AppPackagesRepo = ReturnType<typeof createAppPackagesRepo>;
