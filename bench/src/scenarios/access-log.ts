import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../../../server/src/platform/db/database';
import { BARE_ROUTE_PATH, startBareRouteServer } from '../lib/bare-route-server';
import { type ChildServer, startChildServer } from '../lib/child-server';
import { formatMs, formatPercent, formatRate } from '../lib/format';
import { BENCH_ADMIN_PASSWORD } from '../lib/platform-server';
import { discardLater } from '../lib/scratch';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';
import { loadSettings } from '../settings';

const PATH = '/ump/accessLog/saveLog';
/** The budget: sustained for 30 s at 50 connections, whatever BENCH_DURATION and BENCH_CONNECTIONS say. */
const SUSTAIN_SECONDS = 30;
const CONNECTIONS = 50;
const MIN_LOGS_PER_SECOND = 5_000;
const BARE_SECONDS = 10;

const LOG = JSON.stringify({
  source: 'web',
  type: 1,
  applicationId: 'app-devices',
  applicationName: '设备管理',
  functionId: 'm-device-list',
  functionName: '设备列表',
  path: '/deviceList',
  result: 1,
});

const fire = (options: autocannon.Options) =>
  autocannon({ connections: CONNECTIONS, timeout: 10, ...options });

type Result = Awaited<ReturnType<typeof fire>>;

/** Requests written to the socket, answered or not (autocannon counts them; its types omit the field). */
const sentOf = (result: Result): number =>
  (result.requests as { sent?: number }).sent ?? result.requests.total;

const row = (label: string, result: Result, seconds: number) => [
  label,
  formatRate(result['2xx'] / seconds),
  formatMs(result.latency.p50),
  formatMs(result.latency.p99),
  String(result.errors + result.timeouts),
  String(result.non2xx),
];

/**
 * The real server on a data directory of our own: after it stops (SIGTERM, which writes the logs still
 * queued), the bench opens its embedded database and counts the rows.
 */
const startServerKeepingData = async (dataDir: string): Promise<ChildServer> =>
  startChildServer({
    name: 'platform server',
    nodeArgs: ['--import', 'tsx', 'server/src/main.ts'],
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: '',
      SEED_FILE: '',
      TRUST_PROXY: 'true',
    },
  });

const countStoredLogs = async (dataDir: string): Promise<number> => {
  const db = await openDatabase({ dataDir });
  try {
    const [row] = await db.admin.query<{ n: string }>('SELECT count(*) AS n FROM usage_logs');
    return Number(row?.n ?? 0);
  } finally {
    await db.close();
  }
};

export const accessLogScenario: Scenario = {
  name: 'access-log',
  description:
    `POST ${PATH} sustained ${SUSTAIN_SECONDS} s at ${CONNECTIONS} connections by a signed-in user, then every ` +
    `accepted log counted in the database; budget ≥ ${formatRate(MIN_LOGS_PER_SECOND)} logs/s, none lost`,
  run: async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'uniwim-bench-logs-'));
    const started: ChildServer[] = [];
    try {
      const bare = await startBareRouteServer();
      started.push(bare);
      const platform = await startServerKeepingData(dataDir);
      started.push(platform);

      const publicKey = await fetchPublicKey(platform.url);
      const { token } = await signIn(
        platform.url,
        loginBody(publicKey, 'water.op', BENCH_ADMIN_PASSWORD),
        clientAddress(1),
      );
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const probe = await fetch(`${platform.url}${PATH}`, { method: 'POST', headers, body: LOG });
      const probeBody = (await probe.json()) as { Code?: number };
      if (probe.status !== 200 || probeBody.Code !== 0)
        throw new ScenarioFailure(`POST ${PATH} answered ${probe.status} ${JSON.stringify(probeBody)}`);

      const bareRequest = { url: `${bare.url}${BARE_ROUTE_PATH}` };
      await fire({ ...bareRequest, duration: loadSettings.warmupSeconds }); // as warm as the subject
      const bareResult = await fire({ ...bareRequest, duration: BARE_SECONDS });
      const request = { url: `${platform.url}${PATH}`, method: 'POST' as const, headers, body: LOG };
      const warmup = await fire({ ...request, duration: loadSettings.warmupSeconds });
      const sustained = await fire({ ...request, duration: SUSTAIN_SECONDS });
      for (const [phase, result] of [
        ['warm-up', warmup],
        ['sustained', sustained],
      ] as const) {
        if (result.errors + result.timeouts > 0 || result.non2xx > 0)
          throw new ScenarioFailure(
            `${PATH} (${phase}): ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`,
          );
      }
      const accepted = 1 + warmup['2xx'] + sustained['2xx'];
      // When a run's time is up autocannon drops the requests in flight (up to one per connection): the
      // server may still have stored them, so the count lies between the accepted and the sent requests.
      const sent = 1 + sentOf(warmup) + sentOf(sustained);

      // SIGTERM: the server finishes its requests and writes every log still queued before it exits.
      await platform.stop();
      const stored = await countStoredLogs(dataDir);
      const perSecond = sustained['2xx'] / SUSTAIN_SECONDS;
      const bareRate = bareResult['2xx'] / BARE_SECONDS;
      return {
        checks: [
          {
            measured: `${formatRate(perSecond)} logs/s for ${SUSTAIN_SECONDS} s (p99 ${formatMs(sustained.latency.p99)} ms; ${formatPercent(perSecond / bareRate)} of the bare route's ${formatRate(bareRate)} req/s)`,
            budget: `≥ ${formatRate(MIN_LOGS_PER_SECOND)} logs/s sustained at ${CONNECTIONS} connections`,
            passed: perSecond >= MIN_LOGS_PER_SECOND,
          },
          {
            measured: `${formatRate(stored)} rows stored for ${formatRate(accepted)} accepted logs (${formatRate(sent)} sent, ${formatRate(sent - accepted)} cut off when the load stopped)`,
            budget:
              'every accepted log stored, nothing invented (accepted ≤ rows ≤ sent, counted after the server stopped)',
            passed: stored >= accepted && stored <= sent,
          },
        ],
        tables: [
          {
            title: `${CONNECTIONS} connections; each target ${loadSettings.warmupSeconds} s warm-up, then bare route ${BARE_SECONDS} s and the log call ${SUSTAIN_SECONDS} s sustained`,
            columns: ['target', '2xx/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'],
            rows: [
              row(`bare route (GET ${BARE_ROUTE_PATH})`, bareResult, BARE_SECONDS),
              row(`POST ${PATH} (sustained)`, sustained, SUSTAIN_SECONDS),
            ],
          },
        ],
      };
    } finally {
      await Promise.all(started.map((server) => server.stop()));
      await discardLater(dataDir);
    }
  },
};
