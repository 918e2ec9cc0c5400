import type { LogRetention } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { partitionMonthsToDrop } from './partitions';

/** The log tables under retention, and the platform maximum and tenant column that rule each. */
const LOG_TABLES = [
  { table: 'login_logs', platformDays: 'loginLogDays', tenantColumn: 'login_log_days' },
  { table: 'usage_logs', platformDays: 'usageLogDays', tenantColumn: 'usage_log_days' },
] as const;

export interface CleanupResult {
  rowsRemoved: number;
  partitionsDropped: string[];
}

export interface RetentionOptions {
  /** Rows per delete statement, each its own short transaction. */
  batchSize: number;
  /** Rest between batches, so sign-ins writing their logs are never queued behind the cleanup. */
  pauseMs: number;
  /**
   * At least this many times the batch's own time rests after it: the cleanup takes at most
   * 1 / (1 + restFactor) of one core, whatever the machine (on 2 cores, deleting back to back
   * raised the sign-ins' p99 2.6× at ten million rows).
   */
  restFactor: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Expired login and usage logs leave: whole months past the platform's maximum (which every tenant's
 * own retention stays within) are detached and dropped, then the remaining expired rows, tenant by
 * tenant for tenants keeping less, in small batches that each hold their locks for milliseconds.
 */
export const createLogRetention = (deps: {
  db: Database;
  platformMaximum(): Promise<LogRetention>;
  options?: Partial<RetentionOptions>;
}) => {
  const options: RetentionOptions = { batchSize: 2_000, pauseMs: 20, restFactor: 3, ...deps.options };

  const dropExpiredPartitions = async (table: string, days: number): Promise<CleanupResult> => {
    const partitions = (
      await deps.db.admin.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = to_regclass($1)`,
        [table],
      )
    ).map((row) => row.name);
    const doomed = partitionMonthsToDrop(table, partitions, new Date(), days);
    let rowsRemoved = 0;
    for (const partition of doomed) {
      await deps.db.admin.transaction(async (tx) => {
        // Never queue sign-ins behind the detach: give up this run rather than wait for a lock.
        await tx.exec(`SET LOCAL lock_timeout = '2s'; SET LOCAL app.scope = 'platform'`);
        const [row] = await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM "${partition}"`);
        rowsRemoved += Number(row?.count ?? 0);
        await tx.exec(`ALTER TABLE "${table}" DETACH PARTITION "${partition}"; DROP TABLE "${partition}"`);
      });
    }
    return { rowsRemoved, partitionsDropped: doomed };
  };

  /** Deletes in batches until none is left; answers the rows removed. */
  const deleteInBatches = async (table: string, condition: ReturnType<typeof sql>, signal?: AbortSignal) => {
    let removed = 0;
    for (;;) {
      if (signal?.aborted) return removed;
      const started = performance.now();
      const deleted = await deps.db.asPlatform(async (tx) =>
        rowsOf<{ count: number }>(
          await tx.execute(sql`
            WITH doomed AS (SELECT id, created_at FROM ${sql.identifier(table)} WHERE ${condition} LIMIT ${options.batchSize}),
              gone AS (DELETE FROM ${sql.identifier(table)} t USING doomed d WHERE t.id = d.id AND t.created_at = d.created_at RETURNING 1)
            SELECT count(*)::int AS count FROM gone`),
        ),
      );
      const count = Number(deleted[0]?.count ?? 0);
      removed += count;
      if (count < options.batchSize) return removed;
      await sleep(Math.max(options.pauseMs, (performance.now() - started) * options.restFactor));
    }
  };

  const cleanup = async (signal?: AbortSignal): Promise<CleanupResult> => {
    const maximum = await deps.platformMaximum();
    const result: CleanupResult = { rowsRemoved: 0, partitionsDropped: [] };
    for (const { table, platformDays, tenantColumn } of LOG_TABLES) {
      const days = maximum[platformDays];
      const dropped = await dropExpiredPartitions(table, days);
      result.rowsRemoved += dropped.rowsRemoved;
      result.partitionsDropped.push(...dropped.partitionsDropped);
      // Everyone's rows past the platform's maximum (in the months still attached).
      result.rowsRemoved += await deleteInBatches(
        table,
        sql`created_at < now() - make_interval(days => ${days})`,
        signal,
      );
      // Tenants keeping less than the maximum: their own rows, through their (tenant_id, created_at) index.
      const shorter = await deps.db.asPlatform(async (tx) =>
        rowsOf<{ tenant_id: string; days: number }>(
          await tx.execute(sql`
            SELECT tenant_id, ${sql.identifier(tenantColumn)}::int AS days FROM tenant_log_retention
            WHERE ${sql.identifier(tenantColumn)} < ${days} ORDER BY tenant_id`),
        ),
      );
      for (const tenant of shorter) {
        result.rowsRemoved += await deleteInBatches(
          table,
          sql`tenant_id = ${tenant.tenant_id} AND created_at < now() - make_interval(days => ${Number(tenant.days)})`,
          signal,
        );
      }
    }
    return result;
  };

  return { cleanup };
};

export type LogRetentionService = ReturnType<typeof createLogRetention>;
