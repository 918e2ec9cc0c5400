import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0027: what is known about each stored file (its content lives in the file storage). */
export const files = pgTable('files', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id'),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  storageKey: text('storage_key').notNull().unique(),
  purpose: text('purpose').notNull(),
  kept: boolean('kept').notNull().default(false),
  uploadedBy: text('uploaded_by'),
  uploadedByName: text('uploaded_by_name'),
  createdAt: at('created_at').notNull().defaultNow(),
  deletedAt: at('deleted_at'),
});

/** Migration 0027: which records use a file (resource, record and field). */
export const fileReferences = pgTable(
  'file_references',
  {
    tenantId: text('tenant_id'),
    fileId: text('file_id').notNull(),
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    field: text('field').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.resource, t.recordId, t.field] })],
);

/** Migration 0027: a tenant's storage in use and its own quota (NULL: the installation's default). */
export const fileUsage = pgTable('file_usage', {
  tenantId: text('tenant_id').primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
  fileCount: integer('file_count').notNull().default(0),
  quotaBytes: bigint('quota_bytes', { mode: 'number' }),
});

/** Migration 0027: the key signing expiring links (one row, shared by every instance). */
export const fileLinkKeys = pgTable('file_link_keys', {
  id: smallint('id').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
