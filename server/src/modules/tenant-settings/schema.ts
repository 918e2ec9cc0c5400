import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0019: the security policy values kept out of the public sign-in configuration. */
export const tenantSecurityPolicies = pgTable('tenant_security_policies', {
  tenantId: text('tenant_id').primaryKey(),
  policy: jsonb('policy').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0019: one row per saved version of a tenant's settings, with the whole snapshot. */
export const tenantSettingsHistory = pgTable(
  'tenant_settings_history',
  {
    tenantId: text('tenant_id').notNull(),
    version: integer('version').notNull(),
    action: text('action').notNull(),
    restoredVersion: integer('restored_version'),
    snapshot: jsonb('snapshot').notNull(),
    changes: jsonb('changes').notNull().default({}),
    operatorId: text('operator_id'),
    operatorName: text('operator_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] })],
);
