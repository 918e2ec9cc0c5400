import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0031: the KPI cards a tenant chose for the homepage (no row: the default cards). */
export const homeWidgetSettings = pgTable('home_widget_settings', {
  tenantId: text('tenant_id').primaryKey(),
  widgets: jsonb('widgets').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0031: a member's workbench arrangement (no row: the default order). */
export const workbenchLayouts = pgTable(
  'workbench_layouts',
  {
    tenantId: text('tenant_id').notNull(),
    accountId: text('account_id').notNull(),
    applicationOrder: jsonb('application_order').$type<string[]>().notNull().default([]),
    favourites: jsonb('favourites').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.accountId] })],
);
