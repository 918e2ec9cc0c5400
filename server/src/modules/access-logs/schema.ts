import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Migration 0037 (checks and row-level security there): one row per issued watermark trace id. */
export const watermarkTraces = pgTable('watermark_traces', {
  tenantId: text('tenant_id'),
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  userName: text('user_name').notNull(),
  kind: text('kind', { enum: ['page', 'notice', 'file', 'export'] }).notNull(),
  target: text('target').notNull(),
  targetLabel: text('target_label'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
