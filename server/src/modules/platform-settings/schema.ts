import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0012: one row per saved version of the platform settings, with the whole snapshot. */
export const platformSettingsHistory = pgTable('platform_settings_history', {
  version: integer('version').primaryKey(),
  action: text('action').notNull(),
  restoredVersion: integer('restored_version'),
  snapshot: jsonb('snapshot').notNull(),
  changes: jsonb('changes').notNull().default({}),
  operatorId: text('operator_id'),
  operatorName: text('operator_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
