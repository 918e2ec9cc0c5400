import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The application catalogue (migrations 0001 and 0024): platform data, reached through platform
 * code paths; tenants use an application when they are empowered to (tenant_applications).
 */
export const applications = pgTable('applications', {
  id: text('id').primaryKey(),
  appKey: text('app_key').notNull().unique(),
  name: text('name').notNull(),
  /** The application's version text (the shell's `_v`); not the row's lock, which is rowVersion. */
  version: text('version').notNull().default('1.0.0'),
  internalLink: text('internal_link'),
  externalLink: text('external_link'),
  /** The operating manual's address (a file of the files module, or a link). */
  operatingManual: text('operating_manual'),
  packagePath: text('package_path'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  category: text('category'),
  description: text('description'),
  owner: text('owner'),
  /** The icon's address; iconFileId when it was uploaded. */
  icon: text('icon'),
  iconFileId: text('icon_file_id'),
  manualFileId: text('manual_file_id'),
  status: text('status', { enum: ['draft', 'published', 'offline'] })
    .notNull()
    .default('draft'),
  /** Optimistic locking of the catalogue page. */
  rowVersion: integer('row_version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
