import type { ChildServer } from '../lib/child-server';
import { closedLoop } from '../lib/closed-loop';
import { cpuMeter } from '../lib/cpu-time';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { scaleDatabase } from '../lib/scale-database';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

/** Issue 16: the budget is at 10 clients. */
const CLIENTS = Number(process.env.BENCH_LOGIN_LOG_CLIENTS || 10);
const P95_BUDGET_MS = 100;
const SECONDS = Number(process.env.BENCH_LOGIN_LOG_SECONDS || 5);
const FIRST_WARMUP_SECONDS = Number(process.env.BENCH_LOGIN_LOG_WARMUP || 10);
/** Rows per log table when the scenario seeds its own database (seed:scale's --log-rows). */
const LOG_ROWS = Number(process.env.BENCH_LOGIN_LOG_ROWS || 5_000_000);
/** seed:scale's administrator of the largest tenant (sc1, a tenth of every log row). */
const TENANT_ADMIN = 'sc.u1';

const since = (ms: number) => encodeURIComponent(new Date(Date.now() - ms).toISOString());
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The first page of sc1's login log as its administrator opens it: a time range preset plus one
 * more filter (the issue's budget), and beside it a few requests outside the budget.
 */
const requests = (): { label: string; path: string; budgeted?: false }[] => [
  {
    label: '24 h + result=failure',
    path: `/ump/admin/login-logs?createdAtFrom=${since(DAY)}&result=failure`,
  },
  { label: '7 d + mode=sms', path: `/ump/admin/login-logs?createdAtFrom=${since(7 * DAY)}&mode=sms` },
  {
    label: '7 d + browser=WeChat',
    path: `/ump/admin/login-logs?createdAtFrom=${since(7 * DAY)}&browser=WeChat`,
  },
  {
    label: '30 d + flagged only',
    path: `/ump/admin/login-logs?createdAtFrom=${since(30 * DAY)}&flagged=true`,
  },
  { label: '1 h + client=mobile', path: `/ump/admin/login-logs?createdAtFrom=${since(HOUR)}&client=mobile` },
  {
    label: '7 d + account contains sc.u1',
    path: `/ump/admin/login-logs?createdAtFrom=${since(7 * DAY)}&username=sc.u1`,
  },
  {
    label: '30 d + region=广东',
    path: `/ump/admin/login-logs?createdAtFrom=${since(30 * DAY)}&region=${encodeURIComponent('广东')}`,
    budgeted: false,
  },
];

export const loginLogListScenario: Scenario = {
  name: 'login-log-list',
  description:
    `GET /ump/admin/login-logs of the largest tenant after seed:scale --logs, as its administrator: first page with a ` +
    `time range and one more filter, p95 < ${P95_BUDGET_MS} ms at ${CLIENTS} clients ` +
    '(BENCH_SCALE_DATABASE_URL: an already seeded database, seeded with the bench password and --logs; ' +
    `otherwise a scratch database with BENCH_LOGIN_LOG_ROWS=${LOG_ROWS} rows per log table)`,
  run: async () => {
    const database = await scaleDatabase('loginlog', { logRows: LOG_ROWS });
    const databaseUrl = database.url;
    let server: ChildServer | undefined;
    let meter: Awaited<ReturnType<typeof cpuMeter>> | undefined;
    try {
      server = await startPlatformServer({ DATABASE_URL: databaseUrl, SEED_FILE: '' });
      const login = await signIn(
        server.url,
        loginBody(await fetchPublicKey(server.url), TENANT_ADMIN, BENCH_ADMIN_PASSWORD),
        clientAddress(81),
      );
      if (login.tenantId !== 't-sc1')
        throw new ScenarioFailure(`${TENANT_ADMIN} signed in to ${login.tenantId}`);
      const headers = { authorization: `Bearer ${login.token}` };
      meter = await cpuMeter({ serverPid: server.pid, databaseUrl });
      const rows: string[][] = [];
      let worstP95 = 0;
      let worstLabel = '';
      for (const { label, path, budgeted } of requests()) {
        let total = -1;
        let shown = -1;
        const check = (status: number, body: string) => {
          const answer = JSON.parse(body) as { Code: number; Response?: { total: number; items: unknown[] } };
          if (status !== 200 || answer.Code !== 0)
            throw new ScenarioFailure(`${label}: answered ${status} ${body.slice(0, 200)}`);
          total = answer.Response!.total;
          shown = answer.Response!.items.length;
        };
        const quickCheck = (status: number, bodyStart: string) => {
          if (status !== 200 || !bodyStart.startsWith('{"Code":0,'))
            throw new ScenarioFailure(`${label}: answered ${status} ${bodyStart.slice(0, 200)}`);
        };
        const load = { url: `${server.url}${path}`, headers, clients: CLIENTS, check, quickCheck };
        await closedLoop({ ...load, seconds: rows.length === 0 ? FIRST_WARMUP_SECONDS : 1 });
        const stretch = await meter.start();
        const result = await closedLoop({ ...load, seconds: SECONDS });
        const used = await stretch.stop();
        const perRequest = (ms: number) => (ms / result.requests).toFixed(2);
        if (budgeted !== false && result.p95Ms > worstP95) [worstP95, worstLabel] = [result.p95Ms, label];
        rows.push([
          label,
          total > 10_000 ? '> 10,000' : String(total),
          String(shown),
          result.requestsPerSecond.toFixed(0),
          result.p50Ms.toFixed(1),
          result.p95Ms.toFixed(1),
          result.p99Ms.toFixed(1),
          budgeted === false ? '(none)' : result.p95Ms < P95_BUDGET_MS ? 'PASS' : 'FAIL',
          perRequest(used.serverMs),
          perRequest(used.databaseMs),
        ]);
      }
      const failing = rows.filter((row) => row[7] === 'FAIL').map((row) => row[0]);
      return {
        tables: [
          {
            title: `login log of sc1 as ${TENANT_ADMIN}, ${CLIENTS} clients, ${SECONDS} s each`,
            columns: [
              'request',
              'total',
              'rows',
              'req/s',
              'p50 ms',
              'p95 ms',
              'p99 ms',
              'p95 budget',
              'server CPU ms/req',
              'database CPU ms/req',
            ],
            rows,
          },
        ],
        checks: [
          {
            measured: `worst p95 ${worstP95.toFixed(1)} ms (${worstLabel})${failing.length ? `; over: ${failing.join(', ')}` : ''}`,
            budget: `< ${P95_BUDGET_MS} ms for each time range + one filter`,
            passed: failing.length === 0,
          },
        ],
      };
    } finally {
      await meter?.close();
      await server?.stop();
      await database.release();
    }
  },
};
