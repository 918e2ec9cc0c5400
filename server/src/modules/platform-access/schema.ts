import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0007 (foreign keys there): roles of the platform's operators and the permission codes they hold. */
export const platformRoles = pgTable('platform_roles', {
  id: text('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  permissions: text('permissions').array().notNull().default([]),
  builtin: boolean('builtin').notNull().default(false),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const accountPlatformRoles = pgTable(
  'account_platform_roles',
  {
    accountId: text('account_id').notNull(),
    roleId: text('role_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);
