import { LOG_COUNT_LIMIT, type loginLogsResource } from '@uniwim/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import { loginLogs } from '../../db/schema';
import {
  escapeLike,
  type FieldSql,
  type ListQuery,
  listAfter,
  listCursor,
  listOrder,
  listWhere,
  NOT_COUNTED,
  offsetOf,
} from '../../platform/admin/list-sql';
import { planAsTimeWalk } from '../../platform/admin/log-list-planning';
import type { Tx } from '../../platform/db/database';

const pattern = (value: unknown) => `%${escapeLike(String(value).trim())}%`;
const given = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Where each declared filter and sort key lives in SQL. */
const fields: FieldSql = {
  // Account names are ASCII (the account rules): compared under the "C" collation, whose case folding
  // is a byte table instead of the locale's, which took twice as long over the rows a count reads.
  username: (value) =>
    given(value) ? sql`${loginLogs.username} COLLATE "C" ILIKE ${pattern(value)}` : undefined,
  mode: loginLogs.mode,
  result: loginLogs.result,
  ip: loginLogs.ip,
  deviceType: loginLogs.deviceType,
  os: loginLogs.os,
  browser: loginLogs.browser,
  client: loginLogs.client,
  createdAt: loginLogs.createdAt,
  // Any part of the region: '广东' finds the province, '本机' the loopback rows.
  region: (value) =>
    given(value)
      ? sql`(${loginLogs.regionCountry} ILIKE ${pattern(value)} OR ${loginLogs.regionProvince} ILIKE ${pattern(value)} OR ${loginLogs.regionCity} ILIKE ${pattern(value)})`
      : undefined,
  flagged: (value) =>
    value === 'true'
      ? sql`${loginLogs.flags} <> '{}'`
      : value === 'false'
        ? sql`${loginLogs.flags} = '{}'`
        : undefined,
  // The platform's list: a tenant by its id or a part of its name.
  tenant: (value) =>
    given(value)
      ? sql`${loginLogs.tenantId} IN (SELECT t.id FROM tenants t WHERE t.id = ${String(value).trim()} OR t.name ILIKE ${pattern(value)})`
      : undefined,
};

const columns = {
  id: loginLogs.id,
  tenantId: loginLogs.tenantId,
  tenantName: sql<string | null>`(SELECT t.name FROM tenants t WHERE t.id = ${loginLogs.tenantId})`,
  accountId: loginLogs.accountId,
  username: loginLogs.username,
  mode: loginLogs.mode,
  result: loginLogs.result,
  errorCode: loginLogs.errorCode,
  ip: loginLogs.ip,
  userAgent: loginLogs.userAgent,
  channel: loginLogs.channel,
  createdAt: loginLogs.createdAt,
  regionCountry: loginLogs.regionCountry,
  regionProvince: loginLogs.regionProvince,
  regionCity: loginLogs.regionCity,
  deviceType: loginLogs.deviceType,
  os: loginLogs.os,
  browser: loginLogs.browser,
  client: loginLogs.client,
  flags: loginLogs.flags,
};

export interface LoginLogSelect {
  id: string;
  tenantId: string | null;
  tenantName: string | null;
  accountId: string | null;
  username: string;
  mode: string;
  result: 'success' | 'failure';
  errorCode: string | null;
  ip: string | null;
  userAgent: string | null;
  channel: string;
  createdAt: Date;
  regionCountry: string | null;
  regionProvince: string | null;
  regionCity: string | null;
  deviceType: string | null;
  os: string | null;
  browser: string | null;
  client: string | null;
  flags: string[];
}

/** The tenant whose rows a list reads: the tenant's own (also enforced by row-level security), or all. */
export type LoginLogReach = { tenantId: string } | { tenantId: null };

const reachCondition = (reach: LoginLogReach): SQL | undefined =>
  reach.tenantId ? eq(loginLogs.tenantId, reach.tenantId) : undefined;

/**
 * A range open towards the future ends tomorrow: rows carry their writer's clock, and instances'
 * clocks differ by seconds, not a day. With the end a value, the planner leaves out the partitions
 * made ahead for the coming months (and their ten indexes each) instead of planning them empty.
 */
const openEndBound = (query: ListQuery): SQL | undefined =>
  query.createdAtTo === undefined ? lt(loginLogs.createdAt, new Date(Date.now() + 86_400_000)) : undefined;

/**
 * The login log's SQL. Pages newest first from the (tenant_id, created_at) indexes; the total is
 * counted only up to LOG_COUNT_LIMIT + 1 rows, the logs' one limit (a count over millions would cost
 * more than the page; counting to 10,000 took a 7-day page of the largest tenant over its 100 ms p95 at
 * ten million rows), and the page shows "more than 1,000" past it. Exports page by keyset (`after`) and are not counted.
 */
export const loginLogSql = {
  list: async (
    tx: Tx,
    declaration: typeof loginLogsResource,
    query: ListQuery,
    reach: LoginLogReach,
  ): Promise<{ items: LoginLogSelect[]; total: number; nextAfter?: unknown[] }> => {
    await planAsTimeWalk(tx);
    const keyset = query.after !== undefined;
    const after = keyset ? listAfter(declaration, fields, query, loginLogs.id) : undefined;
    const where = listWhere(
      declaration,
      fields,
      query,
      and(reachCondition(reach), openEndBound(query)),
      after,
    );
    const order = listOrder(declaration, fields, query, loginLogs.id);
    if (keyset) {
      const rows = await tx
        .select({ ...columns, cursor: listCursor(declaration, fields, query, loginLogs.id) })
        .from(loginLogs)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize);
      const last = rows.at(-1);
      return {
        items: rows.map(({ cursor: _cursor, ...row }) => row),
        total: NOT_COUNTED,
        ...(rows.length === query.pageSize && last ? { nextAfter: last.cursor as unknown[] } : {}),
      };
    }
    const [items, counted] = await Promise.all([
      tx
        .select(columns)
        .from(loginLogs)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      tx.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${loginLogs} WHERE ${where ?? sql`true`} LIMIT ${LOG_COUNT_LIMIT + 1}) capped`,
      ),
    ]);
    const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    return { items, total };
  },

  get: async (tx: Tx, id: string, reach: LoginLogReach): Promise<LoginLogSelect | undefined> => {
    const [row] = await tx
      .select(columns)
      .from(loginLogs)
      .where(and(eq(loginLogs.id, id), reachCondition(reach)));
    return row;
  },

  /** The account's user name (the lock-out's key), if it is a member of the tenant (or any, platform). */
  lockoutNameOf: async (tx: Tx, accountId: string, reach: LoginLogReach): Promise<string | undefined> => {
    const rows = (await tx.execute(
      reach.tenantId
        ? sql`SELECT a.username FROM accounts a JOIN tenant_memberships m ON m.account_id = a.id
            WHERE a.id = ${accountId} AND m.tenant_id = ${reach.tenantId}`
        : sql`SELECT a.username FROM accounts a WHERE a.id = ${accountId}`,
    )) as unknown as { rows: { username: string }[] };
    return rows.rows[0]?.username;
  },
};
