import { execFile } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { ChildServer } from '../lib/child-server';
import { closedLoop } from '../lib/closed-loop';
import { repoRoot } from '../lib/paths';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { discardLater } from '../lib/scratch';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure, type Table } from '../scenario';

/** The budget is at 10 clients (issue 14). */
const CLIENTS = Number(process.env.BENCH_SEARCH_CLIENTS || 10);
const P95_BUDGET_MS = 50;
const SECONDS = Number(process.env.BENCH_SEARCH_SECONDS || 5);
/** Load before the first measured query: a fresh server (JIT, caches, the segmenter's dictionary). */
const FIRST_WARMUP_SECONDS = Number(process.env.BENCH_SEARCH_WARMUP || 10);
/** pglite, postgres or both (the default). */
const ENGINES = (process.env.BENCH_SEARCH_ENGINES || 'pglite,postgres').split(',');
/** server/scripts/seed-search.ts: water.admin's tree holds 3,960 of the catalogue's 99,000 items. */
const USER = 'water.admin';

/** The issue's query kinds: 1, 2 and 4 Chinese characters and English words; pinyin initials beside. */
const QUERIES: { kind: string; q: string }[] = [
  { kind: '1 character', q: '水' },
  { kind: '1 character', q: '管' },
  { kind: '2 characters', q: '管网' },
  { kind: '2 characters', q: '泵站' },
  { kind: '4 characters', q: '漏损分析' },
  { kind: '4 characters', q: '泵站监控' },
  { kind: 'English word', q: 'pump' },
  { kind: 'English word', q: 'scada' },
  { kind: 'pinyin initials', q: 'sbgl' },
];

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const seedSearch = async (target: string[]) => {
  const started = performance.now();
  await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'server/scripts/seed-search.ts', ...target],
    {
      cwd: repoRoot,
      env: { ...process.env, SEED_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD },
      maxBuffer: 1 << 20,
    },
  );
  return (performance.now() - started) / 1000;
};

interface EngineRun {
  rows: string[][];
  worstP95: number;
  worstLabel: string;
  failing: string[];
}

/** How long a new server may take to finish its start-up statistics catch-up (first check at 30 s). */
const CATCH_UP_WAIT_MS = 120_000;

/**
 * Waits for the server's one-off start-up work on the database: 30 s after start, the statistics roll
 * up every day of the last five weeks not rolled up yet (on PGlite about 1.3 s of the one thread's
 * time, in one transaction per day). The budget is about searches on a running server; measured
 * during that catch-up, a 5-second window shows it instead (p99 80-100 ms for a second or two).
 */
const waitForStartUpCatchUp = async (server: ChildServer) => {
  const admin = await signIn(
    server.url,
    loginBody(await fetchPublicKey(server.url), 'admin', BENCH_ADMIN_PASSWORD),
    clientAddress(115),
  );
  const deadline = Date.now() + CATCH_UP_WAIT_MS;
  for (;;) {
    const res = await fetch(`${server.url}/dmp/admin/statistics/login`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const body = (await res.json()) as {
      Code: number;
      Response?: { maintenance: { rollup: { finishedAt: string | null } | null } };
    };
    if (body.Code !== 0)
      throw new ScenarioFailure(`statistics: answered ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    if (body.Response?.maintenance.rollup?.finishedAt) return;
    if (Date.now() > deadline)
      throw new ScenarioFailure('the start-up statistics catch-up did not finish in 120 s');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
};

const measure = async (server: ChildServer): Promise<EngineRun> => {
  await waitForStartUpCatchUp(server);
  const login = await signIn(
    server.url,
    loginBody(await fetchPublicKey(server.url), USER, BENCH_ADMIN_PASSWORD),
    clientAddress(114),
  );
  const headers = { authorization: `Bearer ${login.token}` };
  const run: EngineRun = { rows: [], worstP95: 0, worstLabel: '', failing: [] };
  for (const { kind, q } of QUERIES) {
    let hits = -1;
    const check = (status: number, body: string) => {
      const answer = JSON.parse(body) as { Code: number; Response?: { groups: { hits: unknown[] }[] } };
      if (status !== 200 || answer.Code !== 0)
        throw new ScenarioFailure(`${q}: answered ${status} ${body.slice(0, 200)}`);
      hits = answer.Response!.groups.reduce((total, group) => total + group.hits.length, 0);
    };
    const quickCheck = (status: number, bodyStart: string) => {
      if (status !== 200 || !bodyStart.startsWith('{"Code":0,'))
        throw new ScenarioFailure(`${q}: answered ${status} ${bodyStart.slice(0, 200)}`);
    };
    const url = `${server.url}/ump/search?q=${encodeURIComponent(q)}`;
    const load = { url, headers, clients: CLIENTS, check, quickCheck };
    await closedLoop({ ...load, seconds: run.rows.length === 0 ? FIRST_WARMUP_SECONDS : 1 });
    const result = await closedLoop({ ...load, seconds: SECONDS });
    if (hits <= 0) throw new ScenarioFailure(`${q}: found nothing; the seeded catalogue should match it`);
    const label = `${kind}: ${q}`;
    if (result.p95Ms > run.worstP95) [run.worstP95, run.worstLabel] = [result.p95Ms, label];
    const passed = result.p95Ms < P95_BUDGET_MS;
    if (!passed) run.failing.push(label);
    run.rows.push([
      label,
      String(hits),
      result.requestsPerSecond.toFixed(0),
      result.p50Ms.toFixed(1),
      result.p95Ms.toFixed(1),
      result.p99Ms.toFixed(1),
      passed ? 'PASS' : 'FAIL',
    ]);
  }
  return run;
};

const onPglite = async (): Promise<{ run: EngineRun; seedSeconds: number }> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'uniwim-bench-search-'));
  let server: ChildServer | undefined;
  try {
    // A directory seed-search.ts filled before (BENCH_SEARCH_DATA_DIR) is copied, not changed.
    const prepared = process.env.BENCH_SEARCH_DATA_DIR;
    if (prepared) await cp(prepared, dataDir, { recursive: true });
    const seedSeconds = prepared ? 0 : await seedSearch(['--data-dir', dataDir]);
    server = await startPlatformServer({ DATA_DIR: dataDir });
    return { run: await measure(server), seedSeconds };
  } finally {
    await server?.stop();
    await discardLater(dataDir);
  }
};

const onPostgres = async (): Promise<{ run: EngineRun; seedSeconds: number }> => {
  const given = process.env.BENCH_SEARCH_DATABASE_URL;
  if (given) {
    // A database seed-search.ts filled before, with the bench's password.
    const server = await startPlatformServer({ DATABASE_URL: given, SEED_FILE: '' });
    try {
      return { run: await measure(server), seedSeconds: 0 };
    } finally {
      await server.stop();
    }
  }
  const scratch = `uniwim_bench_search_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  let server: ChildServer | undefined;
  await admin.connect().catch((error) => {
    throw new ScenarioFailure(`needs PostgreSQL (set BENCH_DATABASE_URL): ${error.message}`);
  });
  try {
    await admin.query(`CREATE DATABASE ${scratch}`);
    const url = new URL(adminUrl());
    url.pathname = `/${scratch}`;
    const seedSeconds = await seedSearch(['--database-url', url.toString()]);
    server = await startPlatformServer({ DATABASE_URL: url.toString(), SEED_FILE: '' });
    return { run: await measure(server), seedSeconds };
  } finally {
    await server?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
};

export const searchScenario: Scenario = {
  name: 'search',
  description:
    `GET /ump/search over 100,000 indexed items (server/scripts/seed-search.ts: 1,000 applications, 99,000 ` +
    `menu items; ${USER}'s tree holds 3,960): 1-, 2- and 4-character Chinese queries and English words, ` +
    `p95 < ${P95_BUDGET_MS} ms at ${CLIENTS} clients, on PGlite and on PostgreSQL (BENCH_SEARCH_ENGINES)`,
  run: async () => {
    const tables: Table[] = [];
    const checks = [];
    for (const engine of ENGINES) {
      const { run, seedSeconds } = engine === 'postgres' ? await onPostgres() : await onPglite();
      tables.push({
        title: `${engine}: search as ${USER}, ${CLIENTS} clients, ${SECONDS} s each (seeded and indexed in ${seedSeconds.toFixed(0)} s)`,
        columns: ['query', 'hits', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 budget'],
        rows: run.rows,
      });
      checks.push({
        measured: `${engine}: worst p95 ${run.worstP95.toFixed(1)} ms (${run.worstLabel})${run.failing.length ? `; over: ${run.failing.join(', ')}` : ''}`,
        budget: `< ${P95_BUDGET_MS} ms for each query`,
        passed: run.failing.length === 0,
      });
    }
    return { tables, checks };
  },
};
