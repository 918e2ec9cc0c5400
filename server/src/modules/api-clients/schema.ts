import { bigint, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0010 (foreign keys, checks and row-level security there): API credentials. */
export const apiClients = pgTable('api_clients', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  ownerTenantId: text('owner_tenant_id'),
  applicationId: text('application_id'),
  scopes: text('scopes').array().notNull(),
  ipAllowList: text('ip_allow_list').array().notNull().default([]),
  ratePerMinute: integer('rate_per_minute').notNull(),
  tokenTtlSeconds: integer('token_ttl_seconds').notNull(),
  expiresAt: timestamptz('expires_at'),
  status: text('status', { enum: ['active', 'disabled', 'revoked'] })
    .notNull()
    .default('active'),
  secretHash: text('secret_hash').notNull(),
  secretIssuedAt: timestamptz('secret_issued_at').notNull().defaultNow(),
  previousSecretHash: text('previous_secret_hash'),
  previousSecretValidUntil: timestamptz('previous_secret_valid_until'),
  lastUsedAt: timestamptz('last_used_at'),
  lastUsedIp: text('last_used_ip'),
  revokedAt: timestamptz('revoked_at'),
  createdBy: text('created_by'),
  version: integer('version').notNull().default(0),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const apiClientTokens = pgTable('api_client_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  scopes: text('scopes').array().notNull(),
  expiresAt: timestamptz('expires_at').notNull(),
  ip: text('ip'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const apiClientDailyCalls = pgTable(
  'api_client_daily_calls',
  {
    clientId: text('client_id').notNull(),
    day: date('day').notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.day] })],
);

export const apiAccessLogs = pgTable('api_access_logs', {
  tenantId: text('tenant_id'),
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull(),
  method: text('method').notNull(),
  route: text('route').notNull(),
  path: text('path').notNull(),
  status: smallint('status').notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** The scope the route asked of the credential (issue 16, migration 0037). */
  scope: text('scope'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
