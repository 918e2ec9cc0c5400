import { type ApiClientRow, type ApiScope, apiClientsResource } from '@uniwim/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { tenants } from '../../db/schema';
import { type FieldSql, type ListQuery, listOrder, listWhere, offsetOf } from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { applications } from '../applications/schema';
import { apiClients } from './schema';
import { chinaDayOf } from './usage-recorder';

const DAILY_CALLS_DAYS = 14;
const DAY_MS = 86_400_000;

// The day is the recorder's (China time), passed as a parameter, so both agree whatever the
// database's time zone is.
const callsTodaySql = (today: string) => sql<number>`coalesce((
  SELECT d.calls FROM api_client_daily_calls d WHERE d.client_id = ${apiClients.id} AND d.day = ${today}::date
), 0)::int`;
const dailyCallsSql = (since: string) => sql<{ day: string; calls: number }[]>`coalesce((
  SELECT json_agg(json_build_object('day', d.day::text, 'calls', d.calls) ORDER BY d.day)
  FROM api_client_daily_calls d WHERE d.client_id = ${apiClients.id} AND d.day >= ${since}::date
), '[]'::json)`;

const fieldsOf = (today: string): FieldSql => ({
  id: apiClients.id,
  name: apiClients.name,
  description: apiClients.description,
  ownerTenantId: apiClients.ownerTenantId,
  applicationId: apiClients.applicationId,
  scope: sql`array_to_string(${apiClients.scopes}, ' ')`,
  status: apiClients.status,
  ratePerMinute: apiClients.ratePerMinute,
  expiresAt: apiClients.expiresAt,
  lastUsedAt: apiClients.lastUsedAt,
  callsToday: callsTodaySql(today),
  createdAt: apiClients.createdAt,
});

const columnsOf = (now: number) => ({
  id: apiClients.id,
  name: apiClients.name,
  description: apiClients.description,
  ownerTenantId: apiClients.ownerTenantId,
  ownerTenantName: tenants.name,
  applicationId: apiClients.applicationId,
  applicationName: applications.name,
  scopes: apiClients.scopes,
  ipAllowList: apiClients.ipAllowList,
  ratePerMinute: apiClients.ratePerMinute,
  tokenTtlSeconds: apiClients.tokenTtlSeconds,
  expiresAt: apiClients.expiresAt,
  status: apiClients.status,
  secretIssuedAt: apiClients.secretIssuedAt,
  previousSecretValidUntil: apiClients.previousSecretValidUntil,
  lastUsedAt: apiClients.lastUsedAt,
  lastUsedIp: apiClients.lastUsedIp,
  callsToday: callsTodaySql(chinaDayOf(now)),
  dailyCalls: dailyCallsSql(chinaDayOf(now - (DAILY_CALLS_DAYS - 1) * DAY_MS)),
  createdAt: apiClients.createdAt,
  revokedAt: apiClients.revokedAt,
  version: apiClients.version,
});

type Selected = {
  [K in keyof ReturnType<typeof columnsOf>]: unknown;
};

const iso = (value: unknown): string | null => (value instanceof Date ? value.toISOString() : null);

const rowOf = (row: Selected, now: number): ApiClientRow => {
  const previousUntil = row.previousSecretValidUntil as Date | null;
  return {
    id: row.id as string,
    name: row.name as string,
    description: row.description as string | null,
    ownerTenantId: row.ownerTenantId as string | null,
    ownerTenantName: row.ownerTenantName as string | null,
    applicationId: row.applicationId as string | null,
    applicationName: row.applicationName as string | null,
    scopes: row.scopes as ApiScope[],
    ipAllowList: row.ipAllowList as string[],
    ratePerMinute: row.ratePerMinute as number,
    tokenTtlSeconds: row.tokenTtlSeconds as number,
    expiresAt: iso(row.expiresAt),
    status: row.status as ApiClientRow['status'],
    secretIssuedAt: iso(row.secretIssuedAt)!,
    // Once the window has passed the old secret works no more: the page need not show it.
    previousSecretValidUntil:
      previousUntil && previousUntil.getTime() > now ? previousUntil.toISOString() : null,
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp as string | null,
    callsToday: Number(row.callsToday),
    dailyCalls: (row.dailyCalls as { day: string; calls: number }[]).map((d) => ({
      day: d.day,
      calls: Number(d.calls),
    })),
    createdAt: iso(row.createdAt)!,
    revokedAt: iso(row.revokedAt),
    version: row.version as number,
  };
};

const selectRows = (tx: Tx, now: number) =>
  tx
    .select(columnsOf(now))
    .from(apiClients)
    .leftJoin(tenants, eq(tenants.id, apiClients.ownerTenantId))
    .leftJoin(applications, eq(applications.id, apiClients.applicationId));

/** The api_clients table as the credentials page reads and changes it (platform scope). */
export const apiClientsAdminRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const now = Date.now();
    const fields = fieldsOf(chinaDayOf(now));
    const where = listWhere(apiClientsResource, fields, query);
    const [items, [total]] = await Promise.all([
      selectRows(tx, now)
        .where(where)
        .orderBy(...listOrder(apiClientsResource, fields, query, apiClients.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      tx.select({ n: count() }).from(apiClients).where(where),
    ]);
    return { items: items.map((row) => rowOf(row, now)), total: total?.n ?? 0 };
  },

  get: async (tx: Tx, id: string): Promise<ApiClientRow | undefined> => {
    const now = Date.now();
    const [row] = await selectRows(tx, now).where(eq(apiClients.id, id));
    return row ? rowOf(row, now) : undefined;
  },

  /** Changes the row only at the version it was read at; the version goes up by one. */
  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof apiClients.$inferInsert>) =>
    updateAtVersion(tx, apiClients, id, version, values),
};
