import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { ChildServer } from '../lib/child-server';
import { formatMs, median } from '../lib/format';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const BUDGET_MS = 1000;
const CHANGES = Number(process.env.BENCH_ROLE_GRANT_CHANGES || 30);
const ROLE = 't-water-operator';
/** Two grant sets the role alternates between; the holder's tree tells which one is in force. */
const GRANTS = [
  { menuIds: ['m-home'], shows: 'm-home' },
  { menuIds: ['m-saas'], shows: 'm-saas' },
];

const adminUrl = () => process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = () => process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface MenuNode {
  id: string;
  children: MenuNode[];
}
const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((node) => [node.id, ...ids(node.children)]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * Two servers (the compiled server, as `npm start` runs it) on one PostgreSQL database and one Redis.
 * The tenant administrator changes a role's menu grants on B; the role's holder asks A for their merged
 * menu tree, back to back, until it shows the change. Measured: from sending the change to the first
 * answer of A that shows it. A's tree is cached before each change, so a stale cache would show.
 */
export const roleGrantPropagationScenario: Scenario = {
  name: 'role-grant-propagation',
  description:
    `a role's menu grant changed on instance B (PUT /ump/admin/roles/:id), until the holder's GET ` +
    `/ump/menu/mergeUserMenuTree on instance A shows it; PostgreSQL (BENCH_DATABASE_URL) + Redis ` +
    `(BENCH_REDIS_URL), ${CHANGES} changes; budget every change visible within ${BUDGET_MS / 1000} s`,
  run: async () => {
    const name = `uniwim_bench_roles_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect().catch((error) => {
      throw new ScenarioFailure(`needs PostgreSQL (set BENCH_DATABASE_URL): ${error.message}`);
    });
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const started: ChildServer[] = [];
    try {
      const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl(), SEED_FILE: '', TRUST_PROXY: 'true' };
      const a = await startPlatformServer(env); // migrates and seeds
      started.push(a);
      const b = await startPlatformServer(env);
      started.push(b);
      const tokenOn = async (server: ChildServer, username: string, n: number) =>
        (
          await signIn(
            server.url,
            loginBody(await fetchPublicKey(server.url), username, BENCH_ADMIN_PASSWORD),
            clientAddress(n),
          )
        ).token;
      const adminHeaders = { authorization: `Bearer ${await tokenOn(b, 'water.admin', 1)}` };
      const holderHeaders = { authorization: `Bearer ${await tokenOn(a, 'water.op', 2)}` };

      const json = async (response: Response, what: string) => {
        // biome-ignore lint/suspicious/noExplicitAny: checked below
        const body = (await response.json()) as { Code: number; Response: any };
        if (response.status !== 200 || body.Code !== 0) {
          throw new ScenarioFailure(
            `${what} answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`,
          );
        }
        return body.Response;
      };
      const treeOnA = async () =>
        ids(
          await json(
            await fetch(`${a.url}/ump/menu/mergeUserMenuTree`, { headers: holderHeaders }),
            'GET /ump/menu/mergeUserMenuTree on A',
          ),
        );
      let version = (
        await json(
          await fetch(`${b.url}/ump/admin/roles/${ROLE}`, { headers: adminHeaders }),
          'GET role on B',
        )
      ).version as number;

      const visibleAfter: number[] = [];
      const polls: number[] = [];
      for (let change = 0; change < CHANGES; change++) {
        const grant = GRANTS[change % GRANTS.length]!;
        const other = GRANTS[(change + 1) % GRANTS.length]!;
        await treeOnA(); // A has the current tree cached
        const start = performance.now();
        const saved = await json(
          await fetch(`${b.url}/ump/admin/roles/${ROLE}`, {
            method: 'PUT',
            headers: { ...adminHeaders, 'content-type': 'application/json' },
            body: JSON.stringify({ menuIds: grant.menuIds, version }),
          }),
          'PUT role on B',
        );
        version = saved.version;
        let asked = 0;
        for (;;) {
          asked++;
          const tree = await treeOnA();
          if (tree.includes(grant.shows) && !tree.includes(other.shows)) break;
          if (performance.now() - start > 10 * BUDGET_MS) {
            throw new ScenarioFailure(`change ${change} not visible on A after ${10 * BUDGET_MS} ms`);
          }
        }
        visibleAfter.push(performance.now() - start);
        polls.push(asked);
      }
      const worst = Math.max(...visibleAfter);
      return {
        tables: [
          {
            title: `grant change on B → visible in the holder's menu tree on A (${CHANGES} changes)`,
            columns: ['median ms', 'p95 ms', 'max ms', 'requests to A until visible (median / max)'],
            rows: [
              [
                formatMs(median(visibleAfter)),
                formatMs(percentile(visibleAfter, 95)),
                formatMs(worst),
                `${median(polls)} / ${Math.max(...polls)}`,
              ],
            ],
          },
        ],
        checks: [
          {
            measured: `worst ${formatMs(worst)} ms (median ${formatMs(median(visibleAfter))} ms) from the change on B to A's tree showing it`,
            budget: `every change visible on the other instance within ${BUDGET_MS} ms`,
            passed: worst <= BUDGET_MS,
          },
        ],
      };
    } finally {
      for (const server of started.reverse()) await server.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  },
};
