import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0025: a version of an application (platform data). */
export const appVersions = pgTable('app_versions', {
  id: text('id').primaryKey(),
  applicationId: text('application_id').notNull(),
  versionNumber: text('version_number').notNull(),
  /** semverSortKey(versionNumber): sorts by precedence under COLLATE "C". */
  sortKey: text('sort_key').notNull(),
  releaseNotes: text('release_notes'),
  packageFileId: text('package_file_id'),
  packageName: text('package_name'),
  packageSize: bigint('package_size', { mode: 'number' }),
  packageSha256: text('package_sha256'),
  packageEntries: integer('package_entries'),
  minSupportedVersion: text('min_supported_version'),
  forceUpdate: boolean('force_update').notNull().default(false),
  status: text('status', { enum: ['draft', 'published', 'revoked'] })
    .notNull()
    .default('draft'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  revokedBy: text('revoked_by'),
  createdBy: text('created_by'),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every publish of a version: never changed afterwards, so the history stays whole. */
export const appVersionReleases = pgTable('app_version_releases', {
  id: text('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  applicationId: text('application_id').notNull(),
  versionId: text('version_id').notNull(),
  kind: text('kind', { enum: ['publish', 'rollback'] }).notNull(),
  scope: text('scope', { enum: ['all', 'tenants'] }).notNull(),
  remark: text('remark'),
  publishedBy: text('published_by'),
  publishedByName: text('published_by_name'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The chosen tenants of a grey release (tenant-owned rows, under row-level security). */
export const appVersionReleaseTenants = pgTable(
  'app_version_release_tenants',
  {
    tenantId: text('tenant_id').notNull(),
    releaseId: text('release_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.releaseId] })],
);
