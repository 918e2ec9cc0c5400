import { operationLogsResource } from '@uniwim/contracts';
import { eq } from 'drizzle-orm';
import { type FieldSql, listPage } from './list-sql';
import type { ResourceDefinition, ResourceStore } from './resource-routes';
import { operationLogs } from './schema';

const fields: FieldSql = {
  resource: operationLogs.resource,
  recordId: operationLogs.recordId,
  operatorId: operationLogs.operatorId,
  operatorName: operationLogs.operatorName,
  action: operationLogs.action,
  tenantId: operationLogs.tenantId,
  createdAt: operationLogs.createdAt,
  recordLabel: operationLogs.recordLabel,
};

type Row = typeof operationLogs.$inferSelect;
const rowOf = (row: Row) => ({
  ...row,
  changes: row.changes as Record<string, { before: unknown; after: unknown }>,
  createdAt: row.createdAt.toISOString(),
  // Log rows never change; the framework's rows all carry a version.
  version: 0,
});

/** Every admin write, read-only, newest first (issue 16 builds its page; this reads the rows). */
const store: ResourceStore<ReturnType<typeof rowOf>> = {
  label: (row) => `${row.resource}:${row.action}`,
  list: async (tx, query) => {
    const { items, total } = await listPage(tx, {
      declaration: operationLogsResource,
      fields,
      table: operationLogs,
      id: operationLogs.id,
      query,
    });
    return { items: items.map((row) => rowOf(row as Row)), total };
  },
  get: async (tx, id) => {
    const [row] = await tx.select().from(operationLogs).where(eq(operationLogs.id, id));
    return row ? rowOf(row) : undefined;
  },
};

export const operationLogAdminResource = (): ResourceDefinition => ({
  declaration: operationLogsResource,
  store: store as unknown as ResourceDefinition['store'],
});
