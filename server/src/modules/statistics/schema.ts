import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Migration 0038 (issue 16): daily rollups of the login and usage logs (tenant_id NULL: all tenants
 * together), the accounts active per day, the days built, each maintenance run, a tenant's retention.
 */

export const loginDailyStats = pgTable('login_daily_stats', {
  tenantId: text('tenant_id'),
  day: date('day').notNull(),
  attempts: integer('attempts').notNull(),
  successes: integer('successes').notNull(),
  failures: integer('failures').notNull(),
  locked: integer('locked').notNull(),
  users: integer('users').notNull(),
  newUsers: integer('new_users').notNull(),
  weeklyUsers: integer('weekly_users').notNull(),
  monthlyUsers: integer('monthly_users').notNull(),
  dims: jsonb('dims').notNull().default({}),
});

export const visitDailyStats = pgTable('visit_daily_stats', {
  tenantId: text('tenant_id'),
  day: date('day').notNull(),
  views: integer('views').notNull(),
  downloads: integer('downloads').notNull(),
  visitors: integer('visitors').notNull(),
  dims: jsonb('dims').notNull().default({}),
});

export const visitDailyItems = pgTable('visit_daily_items', {
  tenantId: text('tenant_id'),
  day: date('day').notNull(),
  applicationId: text('application_id').notNull(),
  functionId: text('function_id').notNull().default(''),
  name: text('name'),
  opens: integer('opens').notNull(),
  users: integer('users').notNull(),
});

export const dailyActiveAccounts = pgTable(
  'daily_active_accounts',
  {
    tenantId: text('tenant_id').notNull(),
    day: date('day').notNull(),
    accountId: text('account_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.accountId] })],
);

/**
 * Migration 0040: each tenant's totals since its first rollup day, so a ranking over any period is
 * the total at its end minus the total before it (login: successes and attempts; visit: views and
 * downloads).
 */
export const tenantRunningTotals = pgTable(
  'tenant_running_totals',
  {
    kind: text('kind', { enum: ['login', 'visit'] }).notNull(),
    tenantId: text('tenant_id').notNull(),
    day: date('day').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    secondary: bigint('secondary', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.tenantId, t.day] })],
);

export const logRollupDays = pgTable('log_rollup_days', {
  day: date('day').primaryKey(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  rowsWritten: integer('rows_written').notNull(),
});

export const logMaintenanceRuns = pgTable('log_maintenance_runs', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['cleanup', 'rollup'] }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  status: text('status', { enum: ['running', 'succeeded', 'failed'] })
    .notNull()
    .default('running'),
  rowsRemoved: bigint('rows_removed', { mode: 'number' }).notNull().default(0),
  rowsWritten: bigint('rows_written', { mode: 'number' }).notNull().default(0),
  partitionsDropped: text('partitions_dropped').array().notNull().default([]),
  days: text('days').array().notNull().default([]),
  error: text('error'),
});

export const tenantLogRetention = pgTable('tenant_log_retention', {
  tenantId: text('tenant_id').primaryKey(),
  loginLogDays: integer('login_log_days').notNull(),
  usageLogDays: integer('usage_log_days').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
