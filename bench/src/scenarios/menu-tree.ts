import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { envelopeSchema, type MenuItemNode, menuTreeSchema } from '@uniwim/contracts';
import { BARE_ROUTE_PATH, startBareRouteServer } from '../lib/bare-route-server';
import type { ChildServer } from '../lib/child-server';
import { formatMs, formatPercent, formatRate } from '../lib/format';
import { loadTable, measureAlternating } from '../lib/load';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { assertExpectedResponse, okEnvelope } from '../lib/response-check';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import type { Scenario } from '../scenario';
import { loadSettings } from '../settings';

const PATH = '/ump/menu/userMenuTree';
const MIN_REQUESTS_PER_SECOND = 5_000;
const MAX_P99_MS = 25;
/** The budget is stated at 50 connections, so BENCH_CONNECTIONS does not change it. */
const CONNECTIONS = 50;
/** 25 groups of 19 pages: 500 menu items. */
const GROUPS = 25;
const PAGES_PER_GROUP = 19;
const MENU_ITEMS = GROUPS * (PAGES_PER_GROUP + 1);
const USERNAME = 'bench.menus';
/** What Chromium sends; the shell's pages ask for the tree with it. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * A seed with one tenant empowered for one application of 500 menu items, all granted to the one role
 * its user holds. Links are relative, so every item's fullLink is computed from the application's address.
 */
const menuTreeSeed = () => ({
  platform: { admin: { username: 'admin', name: '平台管理员', mobile: '13800000000' } },
  applications: [
    {
      key: 'bench-app',
      name: '压测应用',
      version: '3.4.5',
      internalLink: 'http://10.1.2.3:8080',
      externalLink: 'https://bench-app.example.com',
      menus: Array.from({ length: GROUPS }, (_, group) => ({
        id: `m-group-${group}`,
        name: `功能分组 ${group + 1}`,
        children: Array.from({ length: PAGES_PER_GROUP }, (_, page) => ({
          id: `m-page-${group}-${page}`,
          name: `业务页面 ${group + 1}-${page + 1}`,
          link: `/module-${group}/page-${page}.html`,
          ...(page % 5 === 0 ? { target: '_blank' } : {}),
        })),
      })),
    },
  ],
  tenants: [
    {
      id: 't-bench',
      code: 'bench',
      name: '压测租户',
      roles: [{ code: 'member', name: '成员', menus: ['*'] }],
      users: [{ username: USERNAME, name: '压测用户', mobile: '13600009999', roles: ['member'] }],
      applications: ['bench-app'],
    },
  ],
});

const countNodes = (nodes: MenuItemNode[]): number =>
  nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);

const bareEnvelope = okEnvelope((response) => (response === 'pong' ? undefined : 'expected Response "pong"'));

export const menuTreeScenario: Scenario = {
  name: 'menu-tree',
  description:
    `GET ${PATH} for a tree of ${MENU_ITEMS} items (browser Accept-Encoding) beside the bare Fastify route, ` +
    `${CONNECTIONS} connections; budget ≥ ${formatRate(MIN_REQUESTS_PER_SECOND)} req/s and p99 < ${MAX_P99_MS} ms`,
  run: async () => {
    const started: ChildServer[] = [];
    const seedDir = await mkdtemp(path.join(tmpdir(), 'uniwim-bench-seed-'));
    try {
      const seedFile = path.join(seedDir, 'menu-tree-seed.json');
      await writeFile(seedFile, JSON.stringify(menuTreeSeed()));
      const bare = await startBareRouteServer();
      started.push(bare);
      const platform = await startPlatformServer({ SEED_FILE: seedFile });
      started.push(platform);

      const bareUrl = `${bare.url}${BARE_ROUTE_PATH}`;
      await assertExpectedResponse({ url: bareUrl, body: bareEnvelope });

      const publicKey = await fetchPublicKey(platform.url);
      const { token } = await signIn(
        platform.url,
        loginBody(publicKey, USERNAME, BENCH_ADMIN_PASSWORD),
        clientAddress(1),
      );
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      // fetch decompresses: this checks the compressed answer is the whole, valid tree.
      await assertExpectedResponse({
        url: `${platform.url}${PATH}`,
        headers,
        body: envelopeSchema(menuTreeSchema),
        extraCheck: (body) => {
          const count = countNodes((body as { Response: MenuItemNode[] }).Response);
          return count === MENU_ITEMS ? undefined : `expected ${MENU_ITEMS} menu items, got ${count}`;
        },
      });

      const [baseline, browserLike, uncompressed] = await measureAlternating([
        { label: `bare route (GET ${BARE_ROUTE_PATH})`, url: bareUrl, connections: CONNECTIONS },
        {
          label: `GET ${PATH} (${MENU_ITEMS} items, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING})`,
          url: `${platform.url}${PATH}`,
          headers,
          connections: CONNECTIONS,
        },
        {
          label: `GET ${PATH} (${MENU_ITEMS} items, no Accept-Encoding)`,
          url: `${platform.url}${PATH}`,
          headers: { authorization: `Bearer ${token}` },
          connections: CONNECTIONS,
        },
      ]);
      const { durationSeconds, warmupSeconds, rounds } = loadSettings;
      return {
        checks: [
          {
            measured:
              `${formatRate(browserLike!.requestsPerSecond)} req/s = ${formatPercent(browserLike!.requestsPerSecond / baseline!.requestsPerSecond)} ` +
              `of the bare route (${formatRate(baseline!.requestsPerSecond)} req/s)`,
            budget: `≥ ${formatRate(MIN_REQUESTS_PER_SECOND)} req/s`,
            passed: browserLike!.requestsPerSecond >= MIN_REQUESTS_PER_SECOND,
          },
          {
            measured: `p99 ${formatMs(browserLike!.p99Ms)} ms (worst round; p50 ${formatMs(browserLike!.p50Ms)} ms)`,
            budget: `p99 < ${MAX_P99_MS} ms at ${CONNECTIONS} connections`,
            passed: browserLike!.p99Ms < MAX_P99_MS,
          },
        ],
        tables: [
          loadTable(
            `${CONNECTIONS} connections; ${warmupSeconds} s warm-up, then ${rounds} × ${durationSeconds / rounds} s per target, alternating`,
            baseline!,
            [browserLike!, uncompressed!],
          ),
        ],
      };
    } finally {
      await Promise.all(started.map((server) => server.stop()));
      await rm(seedDir, { recursive: true, force: true });
    }
  },
};
