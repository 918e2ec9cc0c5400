import autocannon from 'autocannon';
import { createLogRetention } from '../../../server/src/modules/statistics/retention';
import { openDatabase } from '../../../server/src/platform/db/database';
import type { ChildServer } from '../lib/child-server';
import { formatMs } from '../lib/format';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { scaleDatabase } from '../lib/scale-database';
import {
  clientAddress,
  DEMO_USERNAMES,
  fetchPublicKey,
  LOGIN_PATH,
  loginBody,
  signIn,
} from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const MAX_RATIO = 2;
const CONNECTIONS = 8;
const BASELINE_SECONDS = Number(process.env.BENCH_RETENTION_SECONDS || 15);
/** Rows per log table of a scratch database. */
const LOG_ROWS = Number(process.env.BENCH_RETENTION_LOG_ROWS || 1_000_000);
/** The seed spreads its rows over 180 days: keeping 150 expires the oldest month. */
const KEEP_DAYS = 150;

const signIns = (serverUrl: string, bodies: string[], seconds: number) => {
  let n = 0;
  return autocannon({
    url: serverUrl,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: LOGIN_PATH,
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => {
          n += 1;
          request.body = bodies[n % bodies.length];
          request.headers = { ...request.headers, 'x-forwarded-for': clientAddress(1000 + n) };
          return request;
        },
      },
    ],
  });
};

/**
 * Sign-ins under load, first alone, then while a month of expired login and usage logs is removed
 * (partitions dropped, the rest in batches): the p99 with the removal stays within 2× the p99 without.
 * The removal deletes rows: on BENCH_SCALE_DATABASE_URL it is done once (run the statistics bench first).
 */
export const retentionSignInScenario: Scenario = {
  name: 'retention-signin',
  description:
    `POST /dmp/login at ${CONNECTIONS} connections alone and while the logs older than ${KEEP_DAYS} days are removed ` +
    `after seed:scale --logs; p99 with the removal ≤ ${MAX_RATIO}× p99 without`,
  run: async () => {
    const database = await scaleDatabase('retention', { logRows: LOG_ROWS });
    const databaseUrl = database.url;
    let server: ChildServer | undefined;
    try {
      // TRUST_PROXY: each request's X-Forwarded-For is its client, so the per-address sign-in limit
      // (60 a minute) sees many clients, not the bench's one loopback address.
      server = await startPlatformServer({ DATABASE_URL: databaseUrl, SEED_FILE: '', TRUST_PROXY: 'true' });
      const key = await fetchPublicKey(server.url);
      const bodies = Array.from({ length: 50 }, (_, index) =>
        loginBody(key, DEMO_USERNAMES[index % DEMO_USERNAMES.length]!, BENCH_ADMIN_PASSWORD),
      );
      // Every demo user signs in for real before any load (a failure names its answer).
      for (let user = 0; user < DEMO_USERNAMES.length; user++)
        await signIn(server.url, bodies[user]!, clientAddress(user));
      await signIns(server.url, bodies, 3);
      const alone = await signIns(server.url, bodies, BASELINE_SECONDS);

      const db = await openDatabase({ databaseUrl, poolSize: 2 });
      let removal: { rowsRemoved: number; partitionsDropped: string[]; ms: number } | undefined;
      try {
        const retention = createLogRetention({
          db,
          platformMaximum: async () => ({
            loginLogDays: KEEP_DAYS,
            usageLogDays: KEEP_DAYS,
            operationLogDays: 365,
          }),
        });
        const started = performance.now();
        const removing = retention.cleanup().then((result) => {
          removal = { ...result, ms: performance.now() - started };
        });
        const during = await signIns(server.url, bodies, BASELINE_SECONDS);
        await removing;
        for (const [phase, result] of [
          ['alone', alone],
          ['during removal', during],
        ] as const)
          if (result.errors > 0 || result.non2xx > 0)
            throw new ScenarioFailure(`sign-ins ${phase}: ${result.errors} errors, ${result.non2xx} non-2xx`);
        const ratio = during.latency.p99 / Math.max(1, alone.latency.p99);
        const removed = removal!;
        return {
          tables: [
            {
              title: `sign-ins at ${CONNECTIONS} connections, ${BASELINE_SECONDS} s each; removal of logs older than ${KEEP_DAYS} days`,
              columns: ['phase', 'req/s', 'p50', 'p99'],
              rows: [
                [
                  'alone',
                  (alone.requests.total / alone.duration).toFixed(0),
                  formatMs(alone.latency.p50),
                  formatMs(alone.latency.p99),
                ],
                [
                  'during removal',
                  (during.requests.total / during.duration).toFixed(0),
                  formatMs(during.latency.p50),
                  formatMs(during.latency.p99),
                ],
                [
                  `removal: ${removed.rowsRemoved.toLocaleString('en')} rows, ${removed.partitionsDropped.length} partitions`,
                  '',
                  '',
                  `${(removed.ms / 1000).toFixed(1)} s`,
                ],
              ],
            },
          ],
          checks: [
            {
              measured: `p99 ${formatMs(during.latency.p99)} during the removal vs ${formatMs(alone.latency.p99)} alone (${ratio.toFixed(2)}×)`,
              budget: `≤ ${MAX_RATIO}×`,
              passed: ratio <= MAX_RATIO && removed.rowsRemoved > 0,
            },
          ],
        };
      } finally {
        await db.close();
      }
    } finally {
      await server?.stop();
      await database.release();
    }
  },
};
