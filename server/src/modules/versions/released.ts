import { type SQL, sql } from 'drizzle-orm';

/**
 * The version each application runs in one tenant: the newest release entry covering the tenant
 * (scope 'all', or the tenant among a grey release's) of a version still published. An application
 * with no such entry runs its catalogue version (applications.version) and package.
 *
 * A derived table for other modules' queries (the shell's menu tree, the download page): join it
 * on application_id. Inside the tenant's scope row-level security shows only the tenant's own grey
 * release rows, which is all this needs; the explicit tenant condition keeps it right in the
 * platform scope too.
 */
export const releasedVersionsOf = (tenantId: string): SQL => sql`(
  SELECT DISTINCT ON (r.application_id)
    r.application_id, v.id AS version_id, v.version_number, v.package_file_id, v.package_name,
    v.package_size, v.package_sha256, v.force_update, v.min_supported_version
  FROM app_version_releases r
  JOIN app_versions v ON v.id = r.version_id AND v.status = 'published'
  WHERE r.scope = 'all' OR EXISTS (
    SELECT 1 FROM app_version_release_tenants rt WHERE rt.release_id = r.id AND rt.tenant_id = ${tenantId}
  )
  ORDER BY r.application_id, r.seq DESC
)`;

/** A released version as the download page and the package search use it. */
export interface ReleasedVersion {
  versionId: string;
  versionNumber: string;
  packageFileId: string | null;
  packageName: string | null;
  packageSize: number | null;
  packageSha256: string | null;
  forceUpdate: boolean;
  minSupportedVersion: string | null;
}

/** The released version of a row that joined releasedVersionsOf with the prefix `rv_` (null: none). */
export const releasedVersionFrom = (row: Record<string, unknown>): ReleasedVersion | null =>
  row.rv_version_id == null
    ? null
    : {
        versionId: row.rv_version_id as string,
        versionNumber: row.rv_version_number as string,
        packageFileId: (row.rv_package_file_id as string | null) ?? null,
        packageName: (row.rv_package_name as string | null) ?? null,
        packageSize: row.rv_package_size == null ? null : Number(row.rv_package_size),
        packageSha256: (row.rv_package_sha256 as string | null) ?? null,
        forceUpdate: row.rv_force_update === true,
        minSupportedVersion: (row.rv_min_supported_version as string | null) ?? null,
      };

/** The select list that goes with releasedVersionFrom, for a join aliased `rv`. */
export const releasedVersionColumns = sql.raw(
  [
    'version_id',
    'version_number',
    'package_file_id',
    'package_name',
    'package_size',
    'package_sha256',
    'force_update',
    'min_supported_version',
  ]
    .map((column) => `rv.${column} AS rv_${column}`)
    .join(', '),
);
