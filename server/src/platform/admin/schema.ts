import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0007: one row per admin write, in the write's own transaction. */
export const operationLogs = pgTable('operation_logs', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id'),
  operatorId: text('operator_id'),
  operatorName: text('operator_name'),
  resource: text('resource').notNull(),
  recordId: text('record_id'),
  recordLabel: text('record_label'),
  action: text('action').notNull(),
  changes: jsonb('changes').notNull().default({}),
  ip: text('ip'),
  userAgent: text('user_agent'),
  requestId: text('request_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
