import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Migration 0016: the tenant's department tree. `path` is the ids from the root down to the
 * department itself, each followed by '/': a subtree is `path LIKE '<path>%'`.
 */
export const departments = pgTable(
  'departments',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    path: text('path').notNull(),
    depth: smallint('depth').notNull(),
    sort: integer('sort').notNull().default(0),
    leaderAccountId: text('leader_account_id'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    remark: text('remark'),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
