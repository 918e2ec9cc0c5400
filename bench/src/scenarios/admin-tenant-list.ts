import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import type { ChildServer } from '../lib/child-server';
import { closedLoop } from '../lib/closed-loop';
import { repoRoot } from '../lib/paths';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const CLIENTS = 10;
const P95_BUDGET_MS = 50;
const SEED_BUDGET_S = 600;
/** Measured seconds per list request (after one second of warm-up). */
const SECONDS = Number(process.env.BENCH_TENANT_LIST_SECONDS || 5);
/** Load before the first measured request: a fresh server (JIT, pool, PostgreSQL's caches). */
const FIRST_WARMUP_SECONDS = Number(process.env.BENCH_TENANT_LIST_WARMUP || 15);

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** The list with each declared filter alone (values that match a few rows to a thousand), then each sort both ways. */
const requests = (): { label: string; query: string }[] => [
  { label: 'default (-createdAt)', query: '' },
  { label: 'q=sc12', query: 'q=sc12' },
  { label: 'code contains sc12', query: 'code=sc12' },
  { label: 'name contains 租户99', query: `name=${encodeURIComponent('租户99')}` },
  { label: 'contactName contains 联系人42', query: `contactName=${encodeURIComponent('联系人42')}` },
  { label: 'contactPhone contains 0000123', query: 'contactPhone=0000123' },
  { label: 'domain contains sc777.', query: 'domain=sc777.' },
  { label: 'status = disabled', query: 'status=disabled' },
  { label: 'expiresAt next 30 days', query: `expiresAtFrom=${day(0)}&expiresAtTo=${day(30)}` },
  { label: 'createdAt last 30 days', query: `createdAtFrom=${day(-30)}&createdAtTo=${day(0)}` },
  { label: 'deleted = true (recycle bin)', query: 'deleted=true' },
  ...['code', 'name', 'status', 'usersUsed', 'expiresAt', 'createdAt'].flatMap((field) => [
    { label: `sort ${field}`, query: `sort=${field}` },
    { label: `sort -${field}`, query: `sort=-${field}` },
  ]),
];

/** seed:scale into a scratch database, with the bench's administrator password; its time is a budget too. */
const seedScale = async (databaseUrl: string) => {
  const start = performance.now();
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/scripts/seed-scale.ts', '--database-url', databaseUrl],
    { cwd: repoRoot, env: { ...process.env, SEED_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD }, maxBuffer: 1 << 20 },
  );
  return (performance.now() - start) / 1000;
};

export const adminTenantListScenario: Scenario = {
  name: 'admin-tenant-list',
  description:
    `GET /dmp/admin/tenants on PostgreSQL after seed:scale (10,000 tenants, 1,000,000 accounts), each filter and each sort: ` +
    `p95 < ${P95_BUDGET_MS} ms at ${CLIENTS} clients; seed:scale < ${SEED_BUDGET_S / 60} min ` +
    '(BENCH_SCALE_DATABASE_URL: an already seeded database, seeded with the bench password)',
  run: async () => {
    const given = process.env.BENCH_SCALE_DATABASE_URL;
    const scratch = given ? undefined : `uniwim_bench_scale_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    let databaseUrl = given ?? '';
    let seedSeconds: number | undefined;
    let server: ChildServer | undefined;
    try {
      if (scratch) {
        await admin.connect().catch((error) => {
          throw new ScenarioFailure(`needs PostgreSQL (set BENCH_DATABASE_URL): ${error.message}`);
        });
        await admin.query(`CREATE DATABASE ${scratch}`);
        const url = new URL(adminUrl());
        url.pathname = `/${scratch}`;
        databaseUrl = url.toString();
        seedSeconds = await seedScale(databaseUrl);
      }
      server = await startPlatformServer({ DATABASE_URL: databaseUrl, SEED_FILE: '' });
      const login = await signIn(
        server.url,
        loginBody(await fetchPublicKey(server.url), 'admin', BENCH_ADMIN_PASSWORD),
        clientAddress(78),
      );
      const headers = { authorization: `Bearer ${login.token}` };
      const rows: string[][] = [];
      let worstP95 = 0;
      let worstLabel = '';
      for (const { label, query } of requests()) {
        const url = `${server.url}/dmp/admin/tenants${query ? `?${query}` : ''}`;
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
        const load = { url, headers, clients: CLIENTS, check, quickCheck };
        // The first request also warms the fresh server up (JIT, connections, caches) for longer.
        await closedLoop({ ...load, seconds: rows.length === 0 ? FIRST_WARMUP_SECONDS : 1 });
        const result = await closedLoop({ ...load, seconds: SECONDS });
        if (result.p95Ms > worstP95) [worstP95, worstLabel] = [result.p95Ms, label];
        rows.push([
          label,
          String(total),
          result.requestsPerSecond.toFixed(0),
          result.p50Ms.toFixed(1),
          result.p95Ms.toFixed(1),
          result.p99Ms.toFixed(1),
          result.p95Ms < P95_BUDGET_MS ? 'PASS' : 'FAIL',
        ]);
      }
      const failing = rows.filter((row) => row[6] === 'FAIL').map((row) => row[0]);
      return {
        tables: [
          {
            title: `tenant list at scale, ${CLIENTS} clients, ${SECONDS} s each`,
            columns: ['request', 'total', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 budget'],
            rows,
          },
        ],
        checks: [
          ...(seedSeconds === undefined
            ? []
            : [
                {
                  measured: `seed:scale ${seedSeconds.toFixed(1)} s`,
                  budget: `< ${SEED_BUDGET_S} s`,
                  passed: seedSeconds < SEED_BUDGET_S,
                },
              ]),
          {
            measured: `worst p95 ${worstP95.toFixed(1)} ms (${worstLabel})${failing.length ? `; over: ${failing.join(', ')}` : ''}`,
            budget: `< ${P95_BUDGET_MS} ms for every filter and sort`,
            passed: failing.length === 0,
          },
        ],
      };
    } finally {
      await server?.stop();
      if (scratch) {
        await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
        await admin.end();
      }
    }
  },
};
