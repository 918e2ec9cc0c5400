import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0007: every domain a tenant is reached by, unique across tenants. */
export const tenantDomains = pgTable('tenant_domains', {
  domain: text('domain').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0015: how many tenants are live and in the recycle bin, kept by triggers on tenants. */
export const tenantTotals = pgTable('tenant_totals', {
  singleton: boolean('singleton').primaryKey().default(true),
  live: integer('live').notNull(),
  deleted: integer('deleted').notNull(),
});
