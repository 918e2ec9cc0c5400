import { sql } from 'drizzle-orm';
import { newId } from '../../platform/crypto/tokens';
import type { Database } from '../../platform/db/database';
import type { TimeZones } from '../time-zones/time-zones';
import { monthsAhead } from './partitions';
import type { LogRetentionService } from './retention';
import { buildDay, daysDue, todayOf } from './rollup-repo';

const CHECK_EVERY_MS = 60 * 60_000;
/** Days the nightly job looks back for days it missed (the server was down). */
const CATCH_UP_DAYS = 35;
/** Months of partitions kept ready ahead of the writers. */
const MONTHS_AHEAD = 3;

export interface MaintenanceRun {
  id: string;
  kind: 'cleanup' | 'rollup';
  startedAt: string;
  finishedAt: string | null;
  status: 'running' | 'succeeded' | 'failed';
  rowsRemoved: number;
  rowsWritten: number;
  partitionsDropped: string[];
  days: string[];
  error: string | null;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const iso = (value: unknown) => (value instanceof Date ? value : new Date(String(value))).toISOString();

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The log maintenance of issue 16: partitions created ahead, expired rows removed, yesterday (and
 * any day missed) rolled up. Each cleanup and rollup is a row of log_maintenance_runs, so the
 * statistics pages can say when they last ran and what they did.
 */
export const createLogMaintenance = (deps: {
  db: Database;
  retention: LogRetentionService;
  /** The platform's zone: all tenants' days, and the window the nightly job looks back over. */
  timeZones: Pick<TimeZones, 'platform'>;
  onError(error: unknown): void;
}) => {
  const { db } = deps;

  /** Records a run around `work`: started, then finished with its figures or its error. */
  const recorded = async <
    T extends Partial<Pick<MaintenanceRun, 'rowsRemoved' | 'rowsWritten' | 'partitionsDropped' | 'days'>>,
  >(
    kind: MaintenanceRun['kind'],
    work: () => Promise<T>,
  ): Promise<T> => {
    const id = newId('lmr-');
    await db.asPlatform((tx) =>
      tx.execute(sql`INSERT INTO log_maintenance_runs (id, kind) VALUES (${id}, ${kind})`),
    );
    try {
      const outcome = await work();
      await db.asPlatform((tx) =>
        tx.execute(sql`
          UPDATE log_maintenance_runs SET finished_at = now(), status = 'succeeded',
            rows_removed = ${outcome.rowsRemoved ?? 0}, rows_written = ${outcome.rowsWritten ?? 0},
            partitions_dropped = ${`{${(outcome.partitionsDropped ?? []).join(',')}}`}::text[],
            days = ${`{${(outcome.days ?? []).join(',')}}`}::text[]
          WHERE id = ${id}`),
      );
      return outcome;
    } catch (error) {
      await db
        .asPlatform((tx) =>
          tx.execute(sql`
            UPDATE log_maintenance_runs SET finished_at = now(), status = 'failed', error = ${String(error).slice(0, 1000)}
            WHERE id = ${id}`),
        )
        .catch(() => undefined);
      throw error;
    }
  };

  const ensurePartitions = async () => {
    for (const month of monthsAhead(new Date(), MONTHS_AHEAD))
      for (const table of ['login_logs', 'usage_logs'])
        await db.admin.query('SELECT uniwim_log_partition_create($1, $2::date)', [table, month]);
  };

  const cleanup = (signal?: AbortSignal) => recorded('cleanup', () => deps.retention.cleanup(signal));

  /** Rebuilds the given days (an administrator's action, or the nightly catch-up). */
  const rollUp = (days: string[]) =>
    recorded('rollup', async () => {
      let rowsWritten = 0;
      const platform = await deps.timeZones.platform();
      for (const day of days) rowsWritten += await buildDay(db, day, { platform });
      return { rowsWritten, days };
    });

  const lastRuns = async (): Promise<{ cleanup: MaintenanceRun | null; rollup: MaintenanceRun | null }> => {
    const rows = rowsOf<Record<string, unknown>>(
      await db.asPlatform((tx) =>
        tx.execute(sql`
          SELECT DISTINCT ON (kind) id, kind, started_at, finished_at, status, rows_removed, rows_written,
            partitions_dropped, days, error
          FROM log_maintenance_runs ORDER BY kind, started_at DESC`),
      ),
    );
    const runOf = (kind: string): MaintenanceRun | null => {
      const row = rows.find((r) => r.kind === kind);
      if (!row) return null;
      return {
        id: String(row.id),
        kind: row.kind as MaintenanceRun['kind'],
        startedAt: iso(row.started_at),
        finishedAt: row.finished_at ? iso(row.finished_at) : null,
        status: row.status as MaintenanceRun['status'],
        rowsRemoved: Number(row.rows_removed),
        rowsWritten: Number(row.rows_written),
        partitionsDropped: (row.partitions_dropped as string[]) ?? [],
        days: (row.days as string[]) ?? [],
        error: row.error === null ? null : String(row.error),
      };
    };
    return { cleanup: runOf('cleanup'), rollup: runOf('rollup') };
  };

  /** What is due now: partitions ahead, a cleanup once a day, the days not rolled up yet. */
  const runDue = async (signal?: AbortSignal) => {
    await ensurePartitions();
    const platform = await deps.timeZones.platform();
    const today = await todayOf(db, platform);
    const last = await lastRuns();
    const cleanedToday =
      last.cleanup !== null &&
      (last.cleanup.status === 'running' || Date.now() - Date.parse(last.cleanup.startedAt) < 20 * 3_600_000);
    if (!cleanedToday) await cleanup(signal);
    const missing = await daysDue(db, addDays(today, -CATCH_UP_DAYS), platform);
    if (missing.length > 0 && !signal?.aborted) await rollUp(missing);
  };

  return {
    ensurePartitions,
    cleanup,
    rollUp,
    lastRuns,
    runDue,
    /** Starts the hourly check on this instance; answers the function that stops it. */
    start: async () => {
      const controller = new AbortController();
      let running: Promise<unknown> = Promise.resolve();
      const run = () => {
        running = runDue(controller.signal).catch(deps.onError);
      };
      const first = setTimeout(run, 30_000);
      const timer = setInterval(run, CHECK_EVERY_MS);
      first.unref();
      timer.unref();
      return async () => {
        controller.abort();
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
};

export type LogMaintenance = ReturnType<typeof createLogMaintenance>;
