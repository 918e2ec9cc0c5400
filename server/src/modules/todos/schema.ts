import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0030 (foreign keys, indexes and row-level security there): members' to-dos. */
export const todos = pgTable(
  'todos',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    accountId: text('account_id').notNull(),
    source: text('source').notNull(),
    clientId: text('client_id'),
    applicationId: text('application_id'),
    externalId: text('external_id'),
    title: text('title').notNull(),
    link: text('link'),
    dueAt: timestamptz('due_at'),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    doneAt: timestamptz('done_at'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
