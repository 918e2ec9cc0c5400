import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Migration 0008: exports, imports and long operations, claimed by any instance. */
export const jobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id'),
  kind: text('kind').notNull(),
  scope: text('scope').notNull(),
  resource: text('resource').notNull(),
  params: jsonb('params').notNull().default({}),
  status: text('status').$type<JobStatus>().notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  total: integer('total'),
  result: jsonb('result'),
  error: text('error'),
  /** Relative to DATA_DIR. */
  filePath: text('file_path'),
  fileName: text('file_name'),
  fileSize: bigint('file_size', { mode: 'number' }),
  fileExpiresAt: timestamp('file_expires_at', { withTimezone: true }),
  requestedBy: text('requested_by').notNull(),
  requestedByName: text('requested_by_name'),
  attempts: integer('attempts').notNull().default(0),
  claimedBy: text('claimed_by'),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export type JobRecord = typeof jobs.$inferSelect;
