import {
  apiAccessLogsResource,
  normaliseTraceId,
  platformApiAccessLogsResource,
  platformUsageLogsResource,
  platformWatermarkLogsResource,
  type ResourceDeclaration,
  TRACE_ID_PATTERN,
  tenantOperationLogsResource,
  usageLogsResource,
  watermarkLogsResource,
} from '@uniwim/contracts';
import { and, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { accounts, usageLogs } from '../../db/schema';
import type { FieldSql, ListQuery } from '../../platform/admin/list-sql';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { operationLogs } from '../../platform/admin/schema';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { apiAccessLogs } from '../api-clients/schema';
import { logListPage } from './log-list';
import { watermarkTraces } from './schema';

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value));

/** A log read-only through the framework: list (bounded count, keyset for exports) and one row by id. */
const logResource = (spec: {
  declaration: ResourceDeclaration;
  table: PgTable;
  id: AnyPgColumn;
  tenantId: AnyPgColumn;
  fields: FieldSql;
  rowOf(row: Record<string, unknown>): Record<string, unknown> & { id: string };
  label(row: Record<string, unknown>): string;
  /** Turns filter values into what the indexes need before the list runs (a user name into its account). */
  prepare?(tx: Tx, query: ListQuery): Promise<ListQuery>;
}): ResourceDefinition => {
  // On tenant paths the tenant's id is also a condition of the query (row-level security admits
  // nothing else anyway): the policy's OR cannot lead an index, the explicit condition does.
  const tenantCondition = (ctx: AdminContext): SQL | undefined =>
    spec.declaration.scope === 'ump' && ctx.operator.tenantId !== null
      ? eq(spec.tenantId, ctx.operator.tenantId)
      : undefined;
  const store: ResourceStore = {
    label: spec.label,
    list: async (tx, query, ctx) => {
      const page = await logListPage(tx, {
        declaration: spec.declaration,
        fields: spec.fields,
        table: spec.table,
        id: spec.id,
        query: spec.prepare ? await spec.prepare(tx, query) : query,
        conditions: [tenantCondition(ctx)],
      });
      return { ...page, items: page.items.map(spec.rowOf) };
    },
    get: async (tx, id, ctx) => {
      const [row] = await tx
        .select()
        .from(spec.table)
        .where(and(eq(spec.id, id), tenantCondition(ctx)));
      return row ? spec.rowOf(row as Record<string, unknown>) : undefined;
    },
  };
  return { declaration: spec.declaration, store: store as ResourceDefinition['store'] };
};

/** `equals` on a smallint column (type, result) from its text value; anything else matches nothing. */
const smallintEquals =
  (column: AnyPgColumn) =>
  (value: unknown): SQL | undefined => {
    if (value === undefined || value === '') return undefined;
    return /^\d$/.test(String(value)) ? eq(column, Number(value)) : eq(column, -1);
  };

const usageFields: FieldSql = {
  createdAt: usageLogs.createdAt,
  applicationId: usageLogs.applicationId,
  // A member by user name (account), exactly: resolved to the account first (resolveUserName), so the
  // member index gets a value the planner can use (a `contains` over ten million names, or a
  // sub-select, would read every row of the range).
  userName: (value) =>
    value === undefined || value === '' ? undefined : eq(usageLogs.accountId, String(value)),
  accountId: usageLogs.accountId,
  ip: usageLogs.ip,
  tenantId: usageLogs.tenantId,
  type: smallintEquals(usageLogs.type),
  result: smallintEquals(usageLogs.result),
  sender: (value) => {
    if (value === 'member') return isNotNull(usageLogs.accountId);
    if (value === 'visitor') return isNotNull(usageLogs.visitorId);
    if (value === 'api') return isNotNull(usageLogs.apiClientId);
    return value === undefined || value === '' ? undefined : eq(usageLogs.id, '');
  },
};

/** `userName` (an account's user name) as that account's id; a name nobody has matches nothing. */
const resolveUserName = async (tx: Tx, query: ListQuery): Promise<ListQuery> => {
  if (typeof query.userName !== 'string' || query.userName === '') return query;
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.username, query.userName));
  // No account has the id '-' (ids are prefixed UUIDs or seeded names): an unknown name finds no row.
  return { ...query, userName: account?.id ?? '-' };
};

const usageRowOf = (row: Record<string, unknown>) => {
  const r = row as typeof usageLogs.$inferSelect;
  return {
    id: r.id,
    tenantId: r.tenantId,
    accountId: r.accountId,
    visitorId: r.visitorId,
    apiClientId: r.apiClientId,
    sender: r.accountId ? ('member' as const) : r.visitorId ? ('visitor' as const) : ('api' as const),
    userName: r.userName,
    source: r.source,
    type: String(r.type) as '1' | '2',
    applicationId: r.applicationId,
    applicationName: r.applicationName,
    functionId: r.functionId,
    functionName: r.functionName,
    path: r.path,
    result: String(r.result) as '0' | '1',
    ip: r.ip,
    userAgent: r.userAgent,
    createdAt: iso(r.createdAt),
    version: 0,
  };
};

const operationFields: FieldSql = {
  resource: operationLogs.resource,
  recordId: operationLogs.recordId,
  operatorId: operationLogs.operatorId,
  operatorName: operationLogs.operatorName,
  action: operationLogs.action,
  tenantId: operationLogs.tenantId,
  createdAt: operationLogs.createdAt,
  recordLabel: operationLogs.recordLabel,
};

const operationRowOf = (row: Record<string, unknown>) => {
  const r = row as typeof operationLogs.$inferSelect;
  return { ...r, createdAt: iso(r.createdAt), version: 0 };
};

const apiFields: FieldSql = {
  createdAt: apiAccessLogs.createdAt,
  clientId: apiAccessLogs.clientId,
  scope: apiAccessLogs.scope,
  route: apiAccessLogs.route,
  tenantId: apiAccessLogs.tenantId,
  status: (value) => {
    if (value === undefined || value === '') return undefined;
    return /^\d{3}$/.test(String(value))
      ? eq(apiAccessLogs.status, Number(value))
      : eq(apiAccessLogs.status, -1);
  },
};

const apiRowOf = (row: Record<string, unknown>) => {
  const r = row as typeof apiAccessLogs.$inferSelect;
  return { ...r, createdAt: iso(r.createdAt), version: 0 };
};

const traceFields: FieldSql = {
  // A trace id is searched exactly, as typed off a screenshot (case, dashes and look-alikes forgiven).
  id: (value) => {
    if (value === undefined || value === '') return undefined;
    const traceId = normaliseTraceId(String(value));
    if (!TRACE_ID_PATTERN.test(traceId)) throw new AppError('WATERMARK_TRACE_INVALID');
    return eq(watermarkTraces.id, traceId);
  },
  createdAt: watermarkTraces.createdAt,
  userName: watermarkTraces.userName,
  accountId: watermarkTraces.accountId,
  kind: watermarkTraces.kind,
  tenantId: watermarkTraces.tenantId,
};

const traceRowOf = (row: Record<string, unknown>) => {
  const r = row as typeof watermarkTraces.$inferSelect;
  return { ...r, createdAt: iso(r.createdAt), version: 0 };
};

/** Issue 16: the access log's three tabs and the watermark log, each for the tenant and the platform. */
export const accessLogAdminResources = (): ResourceDefinition[] => [
  ...[usageLogsResource, platformUsageLogsResource].map((declaration) =>
    logResource({
      declaration,
      table: usageLogs,
      id: usageLogs.id,
      tenantId: usageLogs.tenantId,
      fields: usageFields,
      rowOf: usageRowOf,
      prepare: resolveUserName,
      label: (row) => `${row.userName} ${row.applicationName ?? row.applicationId}`,
    }),
  ),
  logResource({
    declaration: tenantOperationLogsResource,
    table: operationLogs,
    id: operationLogs.id,
    tenantId: operationLogs.tenantId,
    fields: operationFields,
    rowOf: operationRowOf,
    label: (row) => `${row.resource}:${row.action}`,
  }),
  ...[apiAccessLogsResource, platformApiAccessLogsResource].map((declaration) =>
    logResource({
      declaration,
      table: apiAccessLogs,
      id: apiAccessLogs.id,
      tenantId: apiAccessLogs.tenantId,
      fields: apiFields,
      rowOf: apiRowOf,
      label: (row) => `${row.method} ${row.route}`,
    }),
  ),
  ...[watermarkLogsResource, platformWatermarkLogsResource].map((declaration) =>
    logResource({
      declaration,
      table: watermarkTraces,
      id: watermarkTraces.id,
      tenantId: watermarkTraces.tenantId,
      fields: traceFields,
      rowOf: traceRowOf,
      label: (row) => String(row.id),
    }),
  ),
];
