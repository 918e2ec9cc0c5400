import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { AppError } from '../errors';
import type { PubSub, Unsubscribe } from '../pubsub/pubsub';
import type { JobFile, JobsRepo } from './repo';
import type { JobRecord } from './schema';

/** Files of the download centre live here, under DATA_DIR (shared storage when several instances run). */
export const JOB_FILES_DIR = 'exports';
export const JOB_FILE_LIFETIME_MS = 7 * 86_400_000;
const WAKE_CHANNEL = 'jobs:queued';

/** A path the jobs table holds, resolved under DATA_DIR; nothing outside the exports folder. */
export const jobFilePath = (dataDir: string, relative: string): string => {
  const root = path.resolve(dataDir, JOB_FILES_DIR);
  const full = path.resolve(dataDir, relative);
  if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`job file outside ${root}: ${relative}`);
  return full;
};

export interface JobContext {
  /** Aborted when the app closes or another instance took the job over: stop at the next page. */
  signal: AbortSignal;
  /** Rows done so far (and the total, once known); sent with the next heartbeat. */
  progress(done: number, total?: number | null): void;
  /** Where the job's file goes (relative path for the row, absolute for writing). */
  fileFor(suffix: string): Promise<{ relative: string; absolute: string }>;
}

export type JobOutcome = {
  result: Record<string, unknown>;
  progress: number;
  file?: Omit<JobFile, 'expiresAt'>;
};
export type JobHandler = (job: JobRecord, ctx: JobContext) => Promise<JobOutcome>;

export interface JobRunnerOptions {
  /** Names this instance in claimed_by. */
  instanceId: string;
  /** Idle polling starts here and doubles up to maxPollMs; a wake-up (a job queued) resets it. */
  minPollMs: number;
  maxPollMs: number;
  heartbeatMs: number;
  /** A running job whose heartbeat is older than this is taken to have lost its instance. */
  staleAfterMs: number;
  /** Jobs this instance runs at once. */
  concurrency: number;
  cleanupEveryMs: number;
}

export const defaultJobRunnerOptions = (): JobRunnerOptions => ({
  instanceId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  minPollMs: 250,
  maxPollMs: 5_000,
  heartbeatMs: 2_000,
  staleAfterMs: 30_000,
  concurrency: 2,
  // Issue 25: an import's initial passwords live an hour; the sweep removes them within minutes of that.
  cleanupEveryMs: 300_000,
});

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

class Closing extends Error {}

/**
 * Runs queued jobs on this instance: polls with backoff while idle, wakes at once when a job is
 * queued (here or, through pub/sub, on another instance), sends heartbeats while a job runs, and on
 * close hands unfinished jobs back to the queue. Expired files are removed every five minutes.
 */
export const createJobRunner = (deps: {
  repo: JobsRepo;
  dataDir: string;
  pubsub: PubSub;
  logger: Logger;
  handlers: ReadonlyMap<string, JobHandler>;
  options?: Partial<JobRunnerOptions>;
}) => {
  const options = { ...defaultJobRunnerOptions(), ...deps.options };
  const { repo, logger } = deps;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let unsubscribe: Unsubscribe | undefined;
  let cleanupTimer: NodeJS.Timeout | undefined;

  const wake = () => wakeUp?.();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const run = async (job: JobRecord) => {
    const controller = new AbortController();
    let progress = job.progress;
    let total = job.total;
    const beat = setInterval(() => {
      repo.heartbeat(job.id, options.instanceId, progress, total).then(
        (stillOurs) => {
          if (!stillOurs) controller.abort(new Error('job taken over by another instance'));
        },
        (error) => logger.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
      );
    }, options.heartbeatMs);
    const ctx: JobContext = {
      signal: controller.signal,
      progress: (done, newTotal) => {
        progress = done;
        if (newTotal !== undefined) total = newTotal;
      },
      fileFor: async (suffix) => {
        const relative = path.join(JOB_FILES_DIR, `${job.id}${suffix}`);
        await mkdir(path.resolve(deps.dataDir, JOB_FILES_DIR), { recursive: true });
        return { relative, absolute: jobFilePath(deps.dataDir, relative) };
      },
    };
    const work = async () => {
      try {
        const handler = deps.handlers.get(job.kind);
        if (!handler) throw new AppError('BAD_REQUEST', `未知的任务类型：${job.kind}`);
        const outcome = await handler(job, ctx);
        const file = outcome.file && {
          ...outcome.file,
          expiresAt: new Date(Date.now() + JOB_FILE_LIFETIME_MS),
        };
        await repo.finish(job.id, options.instanceId, { ...outcome, file });
        logger.info(
          { jobId: job.id, kind: job.kind, resource: job.resource, rows: outcome.progress },
          'job done',
        );
      } catch (error) {
        if (controller.signal.reason instanceof Closing) {
          await repo.release(job.id, options.instanceId);
          logger.info({ jobId: job.id }, 'job handed back to the queue (closing)');
        } else if (controller.signal.aborted) {
          logger.warn({ jobId: job.id }, 'job taken over by another instance');
        } else {
          const message = error instanceof AppError ? error.message : '任务执行失败，请重试或联系管理员';
          if (!(error instanceof AppError)) logger.error({ err: error, jobId: job.id }, 'job failed');
          await repo.fail(job.id, options.instanceId, message);
        }
      } finally {
        clearInterval(beat);
      }
    };
    const done = work().catch((error) =>
      logger.error({ err: error, jobId: job.id }, 'job bookkeeping failed'),
    );
    running.set(job.id, { controller, done });
    await done;
    running.delete(job.id);
    wake();
  };

  const poll = async () => {
    let idleMs = options.minPollMs;
    while (!stopping) {
      if (running.size < options.concurrency) {
        let job: JobRecord | undefined;
        try {
          job = await repo.claim(options.instanceId, new Date(Date.now() - options.staleAfterMs));
        } catch (error) {
          logger.warn({ err: error }, 'claiming a job failed');
        }
        if (job && !stopping) {
          idleMs = options.minPollMs;
          void run(job);
          continue;
        }
      }
      await sleep(idleMs);
      idleMs = Math.min(idleMs * 2, options.maxPollMs);
    }
  };

  const removeExpiredFiles = async () => {
    try {
      for (const relative of await repo.takeExpiredFiles(new Date())) {
        await unlink(jobFilePath(deps.dataDir, relative)).catch(() => undefined);
      }
      // Half-written files of an instance that died mid-job.
      const dir = path.resolve(deps.dataDir, JOB_FILES_DIR);
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!name.endsWith('.part')) continue;
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && Date.now() - info.mtimeMs > 86_400_000) await unlink(file).catch(() => undefined);
      }
    } catch (error) {
      logger.warn({ err: error }, 'removing expired job files failed');
    }
  };

  return {
    instanceId: options.instanceId,
    start: async () => {
      unsubscribe = await deps.pubsub.subscribe(WAKE_CHANNEL, wake);
      loop = poll();
      void removeExpiredFiles();
      cleanupTimer = setInterval(removeExpiredFiles, options.cleanupEveryMs);
      cleanupTimer.unref();
    },
    /** A job was queued: this instance looks at once, and so do the others. */
    announce: async () => {
      wake();
      await deps.pubsub.publish(WAKE_CHANNEL, '1').catch(() => undefined);
    },
    removeExpiredFiles,
    /** Stops claiming; jobs still running are stopped and handed back to the queue. */
    stop: async () => {
      stopping = true;
      clearInterval(cleanupTimer);
      wake();
      for (const { controller } of running.values()) controller.abort(new Closing());
      await Promise.all([...running.values()].map((job) => job.done));
      await loop;
      await unsubscribe?.();
    },
  };
};

export type JobRunner = ReturnType<typeof createJobRunner>;
