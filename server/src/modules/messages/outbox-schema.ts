import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0033 (checks, indexes and row-level security there): the message outbox. */
export const messageOutbox = pgTable('message_outbox', {
  id: text('id').primaryKey(),
  /** Null only for a platform operator's message to their own phone. */
  tenantId: text('tenant_id'),
  accountId: text('account_id').notNull(),
  channel: text('channel', { enum: ['in-app', 'sms'] }).notNull(),
  /** Migration 0050: 'activation', the activation SMS of users an import created (issue 25). */
  source: text('source', { enum: ['self', 'notice-remind', 'api', 'test', 'activation'] }).notNull(),
  classId: text('class_id'),
  templateCode: text('template_code'),
  templateParams: jsonb('template_params').$type<Record<string, string>>().notNull().default({}),
  title: text('title'),
  content: text('content').notNull(),
  link: text('link'),
  priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
    .notNull()
    .default('normal'),
  mobile: text('mobile'),
  smsTemplateId: text('sms_template_id'),
  /** The vendor template's variables, in the order the template's SMS content names them. */
  smsParams: jsonb('sms_params').$type<{ name: string; value: string }[]>(),
  status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'dead', 'skipped'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamptz('next_attempt_at'),
  leaseUntil: timestamptz('lease_until'),
  claimedBy: text('claimed_by'),
  lastError: text('last_error'),
  createdBy: text('created_by'),
  sentAt: timestamptz('sent_at'),
  version: integer('version').notNull().default(1),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
