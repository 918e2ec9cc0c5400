import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { newId } from '../crypto/tokens';
import type { Database, Tx } from '../db/database';
import { type JobRecord, jobs } from './schema';

/** What a job is asked to do, by whom and where; the params are its snapshot (filters, sort, file). */
export interface NewJob {
  kind: string;
  scope: 'dmp' | 'ump';
  resource: string;
  tenantId: string | null;
  params: Record<string, unknown>;
  requestedBy: string;
  requestedByName: string | null;
  total?: number | null;
}

export interface JobFile {
  /** Relative to DATA_DIR. */
  path: string;
  name: string;
  size: number;
  expiresAt: Date;
}

/** A claim gives up on a job that was interrupted this many times (it would likely fail again). */
export const MAX_JOB_ATTEMPTS = 3;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The jobs table. Claims, heartbeats and the cleanup run in the platform scope (the runner serves
 * every tenant); what a person reads runs in the scope of the page asking.
 */
export const createJobsRepo = (db: Database) => ({
  /** Inside the caller's transaction: the job exists exactly when the write that asked for it does. */
  insert: async (tx: Tx, job: NewJob, values: Partial<typeof jobs.$inferInsert> = {}): Promise<JobRecord> => {
    const [row] = await tx
      .insert(jobs)
      .values({ id: newId('job-'), ...job, total: job.total ?? null, ...values })
      .returning();
    return row!;
  },

  /**
   * The oldest queued job, or a running one whose instance stopped sending heartbeats before
   * `staleBefore`, now held by `instanceId`. FOR UPDATE SKIP LOCKED: two instances claiming at once
   * never get the same job, and neither waits for the other.
   */
  claim: (instanceId: string, staleBefore: Date): Promise<JobRecord | undefined> =>
    db.asPlatform(async (tx) => {
      // A job interrupted too often is failed rather than retried for ever.
      await tx
        .update(jobs)
        .set({ status: 'failed', error: '任务多次中断，已停止', finishedAt: sql`now()` })
        .where(
          and(
            eq(jobs.status, 'running'),
            lt(jobs.heartbeatAt, staleBefore),
            sql`${jobs.attempts} >= ${MAX_JOB_ATTEMPTS}`,
          ),
        );
      const claimed = await tx.execute(sql`
        UPDATE jobs SET status = 'running', claimed_by = ${instanceId}, heartbeat_at = now(),
          attempts = attempts + 1, started_at = coalesce(started_at, now())
        WHERE id = (
          SELECT id FROM jobs
          WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < ${staleBefore.toISOString()})
          ORDER BY created_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id`);
      const id = rowsOf<{ id: string }>(claimed)[0]?.id;
      if (!id) return undefined;
      const [row] = await tx.select().from(jobs).where(eq(jobs.id, id));
      return row;
    }),

  /** Still ours? False when another instance took the job over (our heartbeat was late). */
  heartbeat: async (id: string, instanceId: string, progress: number, total: number | null) =>
    db.asPlatform(async (tx) => {
      const changed = await tx
        .update(jobs)
        .set({ heartbeatAt: sql`now()`, progress, total })
        .where(and(eq(jobs.id, id), eq(jobs.claimedBy, instanceId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return changed.length > 0;
    }),

  finish: (
    id: string,
    instanceId: string,
    outcome: { result: Record<string, unknown>; progress: number; file?: JobFile },
  ) =>
    db.asPlatform(async (tx) => {
      const changed = await tx
        .update(jobs)
        .set({
          status: 'done',
          result: outcome.result,
          progress: outcome.progress,
          total: outcome.progress,
          finishedAt: sql`now()`,
          ...(outcome.file
            ? {
                filePath: outcome.file.path,
                fileName: outcome.file.name,
                fileSize: outcome.file.size,
                fileExpiresAt: outcome.file.expiresAt,
              }
            : {}),
        })
        .where(and(eq(jobs.id, id), eq(jobs.claimedBy, instanceId), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return changed.length > 0;
    }),

  fail: (id: string, instanceId: string, error: string) =>
    db.asPlatform((tx) =>
      tx
        .update(jobs)
        .set({ status: 'failed', error: error.slice(0, 1000), finishedAt: sql`now()` })
        .where(and(eq(jobs.id, id), eq(jobs.claimedBy, instanceId), eq(jobs.status, 'running'))),
    ),

  /** A job this instance stops running (the app is closing): queued again for any instance. */
  release: (id: string, instanceId: string) =>
    db.asPlatform((tx) =>
      tx
        .update(jobs)
        .set({ status: 'queued', claimedBy: null, heartbeatAt: null })
        .where(and(eq(jobs.id, id), eq(jobs.claimedBy, instanceId), eq(jobs.status, 'running'))),
    ),

  /** Files past their expiry: forgotten by their jobs, returned so their files can be removed. */
  takeExpiredFiles: (now: Date) =>
    db.asPlatform(async (tx) => {
      const expired = await tx
        .select({ id: jobs.id, filePath: jobs.filePath })
        .from(jobs)
        .where(and(isNotNull(jobs.filePath), lt(jobs.fileExpiresAt, now)))
        .limit(1000);
      if (expired.length === 0) return [];
      await tx
        .update(jobs)
        .set({ filePath: null })
        .where(
          inArray(
            jobs.id,
            expired.map((row) => row.id),
          ),
        );
      return expired.map((row) => row.filePath!);
    }),

  /**
   * A file served once (an import's initial passwords): the job forgets it in the same statement that
   * finds it, so of two downloads at once only one gets the path. Answers the path, if it was there.
   */
  takeFile: async (tx: Tx, id: string): Promise<string | undefined> => {
    const [row] = rowsOf<{ file_path: string }>(
      await tx.execute(sql`
        WITH served AS (
          SELECT id, file_path FROM jobs
          WHERE id = ${id} AND file_path IS NOT NULL AND file_expires_at > now()
          FOR UPDATE
        )
        UPDATE jobs SET file_path = NULL, file_expires_at = now() FROM served
        WHERE jobs.id = served.id RETURNING served.file_path`),
    );
    return row?.file_path;
  },

  get: (tx: Tx, id: string) =>
    tx
      .select()
      .from(jobs)
      .where(eq(jobs.id, id))
      .then((rows) => rows[0]),

  listOf: (tx: Tx, filter: { requestedBy?: string; limit: number; offset: number }) => {
    const where = filter.requestedBy ? eq(jobs.requestedBy, filter.requestedBy) : undefined;
    return Promise.all([
      tx
        .select()
        .from(jobs)
        .where(where)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(filter.limit)
        .offset(filter.offset),
      tx
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(where)
        .then((rows) => rows[0]?.n ?? 0),
    ]);
  },

  /** How many jobs of this person are waiting or running (a person may not flood the queue). */
  pendingOf: (tx: Tx, requestedBy: string) =>
    tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.requestedBy, requestedBy), sql`${jobs.status} IN ('queued', 'running')`))
      .then((rows) => rows[0]?.n ?? 0),
});

export type JobsRepo = ReturnType<typeof createJobsRepo>;
