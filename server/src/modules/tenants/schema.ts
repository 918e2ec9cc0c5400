import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0007: every domain a tenant is reached by, unique across tenants. */
export const tenantDomains = pgTable('tenant_domains', {
  domain: text('domain').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
