import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BatchWriterStats } from '../../platform/db/batch-writer';
import type { Database } from '../../platform/db/database';
import type { Store } from '../../platform/store/store';

/** The counters of one batch log writer (see BatchWriter). */
const logWriterStatsSchema = z.object({
  queued: z.number().int(),
  written: z.number().int(),
  deadLettered: z.number().int(),
  dropped: z.number().int(),
  retries: z.number().int(),
  retryInMs: z.number(),
  lastError: z.object({ sqlState: z.string().nullable(), message: z.string(), at: z.string() }).nullable(),
});

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.string()),
  /**
   * Readiness only: the log writers' counters by writer name. Informational; they do not decide
   * readiness (a log writer waiting for the database shows in the database check already).
   */
  logWriters: z.record(z.string(), logWriterStatsSchema).optional(),
});

/** Liveness answers while the process runs; readiness only when the database and store answer. */
export const healthRoutes =
  (deps: {
    db: Database;
    store: Store;
    isShuttingDown: () => boolean;
    logWriters: () => Record<string, BatchWriterStats>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness: the process answers (nothing else is checked)',
          response: { 200: healthSchema },
        },
      },
      async () => ({ status: 'ok' as const, checks: {} }),
    );

    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness: the database, the store and the log writers work (503 with the failing checks)',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const checks: Record<string, string> = {};
        const probe = async (name: string, check: () => Promise<unknown>) => {
          try {
            await check();
            checks[name] = 'ok';
          } catch (error) {
            checks[name] = error instanceof Error ? error.message.slice(0, 200) : 'failed';
          }
        };
        await Promise.all([
          probe('database', () => deps.db.ping()),
          probe('store', () => deps.store.get('readyz-probe')),
        ]);
        if (deps.isShuttingDown()) checks.shutdown = 'in progress';
        const ready = Object.values(checks).every((v) => v === 'ok');
        return reply
          .code(ready ? 200 : 503)
          .send({ status: ready ? 'ok' : 'unavailable', checks, logWriters: deps.logWriters() });
      },
    );
  };
