import {
  type AppVersionRelease,
  type AppVersionReleasesAnswer,
  type AppVersionRow,
  type VersionApplicationChoice,
  type VersionPackageCheck,
  type VersionTenantChoice,
  versionsResource,
} from '@uniwim/contracts';
import { eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { escapeLike, type FieldSql, type ListQuery, listPage } from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { applications } from '../applications/schema';
import { appVersionReleases, appVersionReleaseTenants, appVersions } from './schema';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
const jsonList = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

// Qualified by hand: inside a correlated subquery a bare "id" would name the subquery's own table.
const versionId = sql.raw('"app_versions"."id"');
const applicationIdRef = sql.raw('"app_versions"."application_id"');

const latestRelease = sql`(SELECT r.id FROM app_version_releases r WHERE r.version_id = ${versionId} ORDER BY r.seq DESC LIMIT 1)`;
const latest = <T>(column: string) =>
  sql<T>`(SELECT r.${sql.raw(column)} FROM app_version_releases r WHERE r.version_id = ${versionId} ORDER BY r.seq DESC LIMIT 1)`;

const applicationName = sql<string>`(SELECT a.name FROM applications a WHERE a.id = ${applicationIdRef})`;
const appKey = sql<string>`(SELECT a.app_key FROM applications a WHERE a.id = ${applicationIdRef})`;
const tenantIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(rt.tenant_id ORDER BY rt.tenant_id) FROM app_version_release_tenants rt
  WHERE rt.release_id = ${latestRelease}
), '{}')`;
const tenantNamesOf = sql<string[]>`coalesce((
  SELECT array_agg(t.name ORDER BY t.name, t.id) FROM app_version_release_tenants rt
  JOIN tenants t ON t.id = rt.tenant_id WHERE rt.release_id = ${latestRelease}
), '{}')`;
const releaseCount = sql<number>`(SELECT count(*)::int FROM app_version_releases r WHERE r.version_id = ${versionId})`;
const publishedAt = latest<Date | string | null>('published_at');

const columns = {
  id: appVersions.id,
  name: sql<string>`${applicationName} || ' ' || ${appVersions.versionNumber}`,
  applicationId: appVersions.applicationId,
  applicationName,
  appKey,
  versionNumber: appVersions.versionNumber,
  releaseNotes: appVersions.releaseNotes,
  packageFileId: appVersions.packageFileId,
  packageName: appVersions.packageName,
  packageSize: appVersions.packageSize,
  packageSha256: appVersions.packageSha256,
  packageEntries: appVersions.packageEntries,
  minSupportedVersion: appVersions.minSupportedVersion,
  forceUpdate: appVersions.forceUpdate,
  status: appVersions.status,
  scope: latest<'all' | 'tenants' | null>('scope'),
  tenantIds: tenantIdsOf,
  tenantNames: tenantNamesOf,
  releaseCount,
  publishedAt,
  publishedBy: latest<string | null>('published_by_name'),
  revokedAt: appVersions.revokedAt,
  createdAt: appVersions.createdAt,
  updatedAt: appVersions.updatedAt,
  version: appVersions.version,
};

const searchOf = (q: unknown): SQL | undefined => {
  if (typeof q !== 'string' || q === '') return undefined;
  const pattern = `%${escapeLike(q)}%`;
  return or(
    ilike(appVersions.versionNumber, pattern),
    ilike(appVersions.releaseNotes, pattern),
    sql`${applicationName} ILIKE ${pattern}`,
  );
};

const fields: FieldSql = {
  applicationName,
  // Sorted by precedence (1.10.0 after 1.9.0), not as text.
  versionNumber: sql`${appVersions.sortKey} COLLATE "C"`,
  status: appVersions.status,
  forceUpdate: appVersions.forceUpdate,
  publishedAt,
  createdAt: appVersions.createdAt,
  updatedAt: appVersions.updatedAt,
  q: searchOf,
};

const iso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

const rowOf = (row: RawRow): AppVersionRow => ({
  ...(row as unknown as AppVersionRow),
  packageSize: row.packageSize == null ? null : Number(row.packageSize),
  releaseCount: Number(row.releaseCount),
  tenantIds: (row.tenantIds as string[] | null) ?? [],
  tenantNames: (row.tenantNames as string[] | null) ?? [],
  publishedAt: iso(row.publishedAt),
  revokedAt: iso(row.revokedAt),
  createdAt: iso(row.createdAt)!,
  updatedAt: iso(row.updatedAt)!,
});

/** The versions tables as the version pages read and change them (platform scope). */
export const versionsRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: versionsResource,
      fields,
      table: appVersions,
      columns,
      id: appVersions.id,
      query,
    });
    return { items: items.map(rowOf), total };
  },

  get: async (tx: Tx, id: string): Promise<AppVersionRow | undefined> => {
    const [row] = await tx.select(columns).from(appVersions).where(eq(appVersions.id, id));
    return row ? rowOf(row as RawRow) : undefined;
  },

  /** Locks the row, so a publish and a revoke of one version never interleave. */
  lock: (tx: Tx, id: string) =>
    tx.select({ id: appVersions.id }).from(appVersions).where(eq(appVersions.id, id)).for('update'),

  insert: (tx: Tx, values: typeof appVersions.$inferInsert) => tx.insert(appVersions).values(values),

  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof appVersions.$inferInsert>) =>
    updateAtVersion(tx, appVersions, id, version, values),

  remove: (tx: Tx, id: string) => tx.delete(appVersions).where(eq(appVersions.id, id)),

  /** A package some version already holds, as it was checked then (its content never changes). */
  knownPackage: async (tx: Tx, fileId: string): Promise<VersionPackageCheck | undefined> => {
    const [row] = await tx
      .select({
        fileId: appVersions.packageFileId,
        name: appVersions.packageName,
        size: appVersions.packageSize,
        sha256: appVersions.packageSha256,
        entries: appVersions.packageEntries,
      })
      .from(appVersions)
      .where(eq(appVersions.packageFileId, fileId))
      .limit(1);
    if (!row?.fileId || !row.sha256) return undefined;
    return {
      fileId: row.fileId,
      name: row.name ?? '',
      size: Number(row.size ?? 0),
      sha256: row.sha256,
      entries: row.entries ?? 0,
    };
  },

  applicationExists: async (tx: Tx, applicationId: string): Promise<boolean> =>
    (await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)))
      .length > 0,

  /** The ids among `ids` that name no tenant (or one in the recycle bin). */
  unknownTenants: async (tx: Tx, ids: readonly string[]): Promise<string[]> => {
    const known = new Set(
      rowsOf(
        await tx.execute(
          sql`SELECT id FROM tenants WHERE id IN ${jsonList(ids)} AND deleted_at IS NULL FOR KEY SHARE`,
        ),
      ).map((row) => row.id as string),
    );
    return ids.filter((id) => !known.has(id));
  },

  /** Whether a version of the application later than this one (by precedence) is published. */
  newerPublished: async (tx: Tx, applicationId: string, sortKey: string): Promise<boolean> =>
    rowsOf(
      await tx.execute(sql`
        SELECT 1 FROM app_versions
        WHERE application_id = ${applicationId} AND status = 'published'
          AND sort_key COLLATE "C" > ${sortKey} COLLATE "C"
        LIMIT 1`),
    ).length > 0,

  insertRelease: async (
    tx: Tx,
    release: Omit<typeof appVersionReleases.$inferInsert, 'seq' | 'publishedAt'>,
    tenantIds: readonly string[],
  ) => {
    await tx.insert(appVersionReleases).values(release);
    if (tenantIds.length > 0) {
      await tx
        .insert(appVersionReleaseTenants)
        .values(tenantIds.map((tenantId) => ({ tenantId, releaseId: release.id })));
    }
  },

  /** The version's release entries, newest first, with the tenants of each grey release. */
  releasesOf: async (tx: Tx, id: string): Promise<AppVersionRelease[]> => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT r.id, r.version_id, v.version_number, r.kind, r.scope, r.remark, r.published_by_name, r.published_at,
          coalesce((
            SELECT jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.name, t.id)
            FROM app_version_release_tenants rt JOIN tenants t ON t.id = rt.tenant_id WHERE rt.release_id = r.id
          ), '[]'::jsonb) AS tenants
        FROM app_version_releases r JOIN app_versions v ON v.id = r.version_id
        WHERE r.version_id = ${id}
        ORDER BY r.seq DESC`),
    );
    return rows.map((row) => ({
      id: row.id as string,
      versionId: row.version_id as string,
      versionNumber: row.version_number as string,
      kind: row.kind as AppVersionRelease['kind'],
      scope: row.scope as AppVersionRelease['scope'],
      tenants: (typeof row.tenants === 'string' ? JSON.parse(row.tenants) : row.tenants) as {
        id: string;
        name: string;
      }[],
      remark: (row.remark as string | null) ?? null,
      publishedBy: (row.published_by_name as string | null) ?? null,
      publishedAt: iso(row.published_at)!,
    }));
  },

  /**
   * The tenants empowered to use the application whose current version is this one: the newest
   * release covering each tenant, of a version still published, names it.
   */
  liveTenants: async (
    tx: Tx,
    version: { id: string; applicationId: string },
    limit: number,
  ): Promise<AppVersionReleasesAnswer['liveTenants']> => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT t.id, t.name, count(*) OVER () AS total
        FROM tenant_applications ta
        JOIN tenants t ON t.id = ta.tenant_id AND t.deleted_at IS NULL
        CROSS JOIN LATERAL (
          SELECT r.version_id FROM app_version_releases r
          JOIN app_versions v ON v.id = r.version_id AND v.status = 'published'
          WHERE r.application_id = ${version.applicationId}
            AND (r.scope = 'all' OR EXISTS (
              SELECT 1 FROM app_version_release_tenants rt WHERE rt.release_id = r.id AND rt.tenant_id = t.id))
          ORDER BY r.seq DESC LIMIT 1
        ) current
        WHERE ta.application_id = ${version.applicationId} AND current.version_id = ${version.id}
        ORDER BY t.name, t.id
        LIMIT ${limit}`),
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      items: rows.map((row) => ({ id: row.id as string, name: row.name as string })),
    };
  },

  applicationChoices: async (tx: Tx, q: string | undefined): Promise<VersionApplicationChoice[]> => {
    const pattern = q ? `%${escapeLike(q)}%` : undefined;
    return tx
      .select({
        id: applications.id,
        name: applications.name,
        appKey: applications.appKey,
        catalogueVersion: applications.version,
      })
      .from(applications)
      .where(pattern ? or(ilike(applications.name, pattern), ilike(applications.appKey, pattern)) : undefined)
      .orderBy(applications.name, applications.id)
      .limit(50);
  },

  tenantChoices: async (
    tx: Tx,
    q: string | undefined,
    ids: readonly string[],
  ): Promise<VersionTenantChoice[]> => {
    const pattern = q ? `%${escapeLike(q)}%` : undefined;
    const rows = rowsOf(
      await tx.execute(sql`
        (SELECT id, name, code FROM tenants WHERE deleted_at IS NULL
          ${pattern ? sql`AND (name ILIKE ${pattern} OR code ILIKE ${pattern})` : sql``}
          ORDER BY name, id LIMIT 50)
        UNION
        SELECT id, name, code FROM tenants WHERE id IN ${jsonList(ids)}`),
    );
    return rows
      .map((row) => ({ id: row.id as string, name: row.name as string, code: row.code as string }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id));
  },
};
