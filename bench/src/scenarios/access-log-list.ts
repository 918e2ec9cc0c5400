import type { ChildServer } from '../lib/child-server';
import { closedLoop } from '../lib/closed-loop';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { scaleDatabase } from '../lib/scale-database';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

/** The budget is at 10 concurrent clients. */
const CLIENTS = Number(process.env.BENCH_ACCESS_LOG_LIST_CLIENTS || 10);
const P95_BUDGET_MS = 100;
const SECONDS = Number(process.env.BENCH_ACCESS_LOG_LIST_SECONDS || 5);
const FIRST_WARMUP_SECONDS = Number(process.env.BENCH_ACCESS_LOG_LIST_WARMUP || 10);
/** Usage and login log rows each when the scenario seeds its own database (the issue: 10,000,000 in all). */
const LOG_ROWS = Number(process.env.BENCH_ACCESS_LOG_ROWS || 5_000_000);
/** seed:scale's administrator of the largest tenant (its first member holds the administrator role). */
const TENANT_ADMIN = 'sc.u1';
const HOUR = 3_600_000;

/** A time range ending now, as the page's presets send it. */
const lastHours = (hours: number) => {
  const now = Date.now();
  return `createdAtFrom=${encodeURIComponent(new Date(now - hours * HOUR).toISOString())}&createdAtTo=${encodeURIComponent(new Date(now + 60_000).toISOString())}`;
};

/** The access log's first page in the tenant: a time range and one more filter each. */
const requests = (): { label: string; path: string; budgeted?: false }[] => [
  { label: '7 d + application', path: `/ump/admin/access-logs?${lastHours(168)}&applicationId=app-scale-3` },
  { label: '24 h + type download', path: `/ump/admin/access-logs?${lastHours(24)}&type=2` },
  { label: '30 d + result failure', path: `/ump/admin/access-logs?${lastHours(720)}&result=0` },
  { label: '30 d + user (account)', path: `/ump/admin/access-logs?${lastHours(720)}&accountId=acc-sc7` },
  { label: '1 h + visitors (none)', path: `/ump/admin/access-logs?${lastHours(1)}&sender=visitor` },
  { label: '30 d + user (account name)', path: `/ump/admin/access-logs?${lastHours(720)}&userName=sc.u9` },
];

export const accessLogListScenario: Scenario = {
  name: 'access-log-list',
  description:
    `GET /ump/admin/access-logs, first page in the largest scale tenant with a time range and one more filter, ` +
    `p95 < ${P95_BUDGET_MS} ms at ${CLIENTS} clients on PostgreSQL after seed:scale --logs ` +
    `(${(LOG_ROWS * 2).toLocaleString('en')} log rows; BENCH_SCALE_DATABASE_URL: an already seeded database, ` +
    'seeded with the bench password)',
  run: async () => {
    const database = await scaleDatabase('access_logs', { logRows: LOG_ROWS });
    const databaseUrl = database.url;
    let server: ChildServer | undefined;
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
      const rows: string[][] = [];
      let worstP95 = 0;
      let worstLabel = '';
      for (const { label, path, budgeted } of requests()) {
        let total = -1;
        const check = (status: number, body: string) => {
          const answer = JSON.parse(body) as { Code: number; Response?: { total: number } };
          if (status !== 200 || answer.Code !== 0)
            throw new ScenarioFailure(`${label}: answered ${status} ${body.slice(0, 200)}`);
          total = answer.Response!.total;
        };
        const quickCheck = (status: number, bodyStart: string) => {
          if (status !== 200 || !bodyStart.startsWith('{"Code":0,'))
            throw new ScenarioFailure(`${label}: answered ${status} ${bodyStart.slice(0, 200)}`);
        };
        const load = { url: `${server.url}${path}`, headers, clients: CLIENTS, check, quickCheck };
        await closedLoop({ ...load, seconds: rows.length === 0 ? FIRST_WARMUP_SECONDS : 1 });
        const result = await closedLoop({ ...load, seconds: SECONDS });
        if (budgeted !== false && result.p95Ms > worstP95) [worstP95, worstLabel] = [result.p95Ms, label];
        rows.push([
          label,
          total > 1_000 ? '1,000+' : String(total),
          result.requestsPerSecond.toFixed(0),
          result.p50Ms.toFixed(1),
          result.p95Ms.toFixed(1),
          result.p99Ms.toFixed(1),
          budgeted === false ? '(none)' : result.p95Ms < P95_BUDGET_MS ? 'PASS' : 'FAIL',
        ]);
      }
      const failing = rows.filter((row) => row[6] === 'FAIL').map((row) => row[0]);
      return {
        tables: [
          {
            title: `access log of t-sc1 as ${TENANT_ADMIN}, first page of 20, ${CLIENTS} clients, ${SECONDS} s each`,
            columns: ['request', 'total', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 budget'],
            rows,
          },
        ],
        checks: [
          {
            measured: `worst p95 ${worstP95.toFixed(1)} ms (${worstLabel})${failing.length ? `; over: ${failing.join(', ')}` : ''}`,
            budget: `< ${P95_BUDGET_MS} ms for each tenant + time range + one filter`,
            passed: failing.length === 0,
          },
        ],
      };
    } finally {
      await server?.stop();
      await database.release();
    }
  },
};
