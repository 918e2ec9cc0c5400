import { and, eq, sql } from 'drizzle-orm';
import { tenantApplications } from '../../db/schema';
import type { Database, Tx } from '../../platform/db/database';
import {
  type ReleasedVersion,
  releasedVersionColumns,
  releasedVersionFrom,
  releasedVersionsOf,
} from '../versions/released';

export interface ApplicationRecord {
  id: string;
  appKey: string;
  name: string;
  /** The catalogue's version: what a tenant runs while no version is released to it. */
  version: string;
  operatingManual: string | null;
  /** The catalogue's package: a file name under DATA_DIR/packages/, or null. */
  packagePath: string | null;
  /** The version released to the tenant asked about (/umpVersioning); null when none is. */
  release: ReleasedVersion | null;
}

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

const APPLICATION_COLUMNS = sql.raw('a.id, a.app_key, a.name, a.version, a.operating_manual, a.package_path');

const recordOf = (row: RawRow): ApplicationRecord => ({
  id: row.id as string,
  appKey: row.app_key as string,
  name: row.name as string,
  version: row.version as string,
  operatingManual: (row.operating_manual as string | null) ?? null,
  packagePath: (row.package_path as string | null) ?? null,
  release: releasedVersionFrom(row),
});

export const createAppPackagesRepo = (db: Database) => ({
  /** An application with the version released to the tenant (none in the platform scope). */
  findByKey: (appKey: string, tenantId: string | null): Promise<ApplicationRecord | undefined> => {
    const work = async (tx: Tx) =>
      rowsOf(
        await tx.execute(
          tenantId
            ? sql`SELECT ${APPLICATION_COLUMNS}, ${releasedVersionColumns} FROM applications a
                  LEFT JOIN ${releasedVersionsOf(tenantId)} rv ON rv.application_id = a.id
                  WHERE a.app_key = ${appKey}`
            : sql`SELECT ${APPLICATION_COLUMNS} FROM applications a WHERE a.app_key = ${appKey}`,
        ),
      ).map(recordOf)[0];
    return tenantId ? db.withTenant(tenantId, work) : db.asPlatform(work);
  },

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

  /** The applications a tenant is empowered to use, by name, each with the version released to it. */
  listForTenant: (tenantId: string): Promise<ApplicationRecord[]> =>
    db.withTenant(tenantId, async (tx) =>
      rowsOf(
        await tx.execute(sql`
          SELECT ${APPLICATION_COLUMNS}, ${releasedVersionColumns}
          FROM tenant_applications ta
          JOIN applications a ON a.id = ta.application_id
          LEFT JOIN ${releasedVersionsOf(tenantId)} rv ON rv.application_id = a.id
          WHERE ta.tenant_id = ${tenantId}
          ORDER BY a.name`),
      ).map(recordOf),
    ),

  /** Every application with its catalogue version (platform administrators in the platform scope). */
  listAll: (): Promise<ApplicationRecord[]> =>
    db.asPlatform(async (tx) =>
      rowsOf(await tx.execute(sql`SELECT ${APPLICATION_COLUMNS} FROM applications a ORDER BY a.name`)).map(
        recordOf,
      ),
    ),
});

export type AppPackagesRepo = ReturnType<typeof createAppPackagesRepo>;
