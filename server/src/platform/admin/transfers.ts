import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type StopBackgroundWork, startAfter } from '../background/start-after';
import { createJobsRepo } from '../jobs/repo';
import { createJobRunner, type JobRunnerOptions, jobFilePath } from '../jobs/runner';
import type { PubSub } from '../pubsub/pubsub';
import type { TraceExport } from './export-workbook';
import { jobRoutes } from './job-routes';
import type { AdminFrameworkDeps, ResourceDefinition } from './resource-routes';
import { transferJobHandlers } from './transfer-jobs';
import { IMPORT_MAX_BYTES, transferRoutes } from './transfer-routes';

export interface TransferFrameworkDeps extends Pick<AdminFrameworkDeps, 'db' | 'permissions' | 'auth'> {
  dataDir: string;
  pubsub: PubSub;
  /** Issue 16: each export's trace id, written into the file and kept in the watermark log. */
  traceExport?: TraceExport;
  /** Issue 25: the zone an operator reads times in (the active tenant's, the platform's outside one). */
  zoneOf(tenantId: string | null): Promise<string>;
  /** Tests: a faster heartbeat, a shorter stale limit, a fixed instance name. */
  jobRunner?: Partial<JobRunnerOptions>;
  /** The runner's first look at the queue waits for this (see startAfter). */
  startAfter?: Promise<unknown>;
}

/**
 * Export, import and the download centre for every declared resource, and the runner of their jobs:
 * started when the app is ready, stopped (unfinished jobs handed back to the queue) when it closes.
 */
export const registerAdminTransfers = async (
  app: FastifyInstance,
  deps: TransferFrameworkDeps,
  definitions: readonly ResourceDefinition[],
) => {
  const jobs = createJobsRepo(deps.db);
  const runner = createJobRunner({
    repo: jobs,
    dataDir: deps.dataDir,
    pubsub: deps.pubsub,
    logger: app.log,
    handlers: transferJobHandlers({
      db: deps.db,
      dataDir: deps.dataDir,
      definitions,
      resolveFile: (relative) => jobFilePath(deps.dataDir, relative),
      jobs,
      traceExport: deps.traceExport,
      zoneOf: deps.zoneOf,
    }),
    options: deps.jobRunner,
  });
  const plugin: FastifyPluginAsyncZod = async (scoped) => {
    // Multipart only where an upload is expected: the import routes of this plugin.
    await scoped.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    for (const definition of definitions) {
      await scoped.register(transferRoutes({ ...deps, jobs, runner }, definition));
    }
    const routesOf = jobRoutes({ ...deps, jobs });
    await scoped.register(routesOf('dmp'));
    await scoped.register(routesOf('ump'));
  };
  await app.register(plugin);
  // Which instance claimed a job is in jobs.claimed_by; this names this one (diagnostics, tests).
  app.decorate('jobRunnerId', runner.instanceId);
  let stopRunner: Promise<StopBackgroundWork> | undefined;
  app.addHook('onReady', async () => {
    stopRunner = startAfter(
      deps.startAfter,
      async () => {
        await runner.start();
        return runner.stop;
      },
      (error) => app.log.error({ err: error }, 'starting the job runner failed'),
    );
    await stopRunner;
  });
  // A runner that never started (closed before ready) is stopped all the same.
  app.addHook('onClose', async () => (stopRunner ? (await stopRunner)() : runner.stop()));
  return runner;
};
