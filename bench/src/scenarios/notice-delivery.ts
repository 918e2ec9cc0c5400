import { readFile } from 'node:fs/promises';
import pg from 'pg';
import WebSocket from 'ws';
import type { ChildServer } from '../lib/child-server';
import { formatMs } from '../lib/format';
import { startPlatformServer } from '../lib/platform-server';
import { mintSessions, percentileOf, type ScaleDatabase, scaleDatabase } from '../lib/scale-database';
import { type Scenario, ScenarioFailure } from '../scenario';
import { accountIdOf, addHomeFixture, HOME_MEMBER, SCALE_TENANT, SCALE_TENANT_ADMIN } from './home-fixture';

const SHELLS = Number(process.env.BENCH_NOTICE_SHELLS || 2_000);
const P99_BUDGET_MS = 2_000;
/** How long the last socket may take before the run gives up on it. */
const DELIVERY_TIMEOUT_MS = 30_000;

const rssBytes = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new ScenarioFailure(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
};

interface Shell {
  socket: WebSocket;
  /** The count the shell was told when it opened. */
  initial: number;
  /** Resolves at the time the count rose above `initial`. */
  rose: Promise<number>;
}

/** One open shell: the header's notice stream, resolved once its first count arrived. */
const openShell = (url: string): Promise<Shell> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    let initial: number | undefined;
    let roseAt: ((at: number) => void) | undefined;
    const rose = new Promise<number>((done) => {
      roseAt = done;
    });
    socket.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as { type: string; data: { unread: number } };
      if (message.type !== 'unread') return;
      if (initial === undefined) {
        initial = message.data.unread;
        resolve({ socket, initial, rose });
      } else if (message.data.unread > initial) roseAt?.(at);
    });
    socket.once('error', reject);
    socket.once('close', (code) => {
      if (initial === undefined) reject(new ScenarioFailure(`a shell's socket closed at once (${code})`));
    });
  });

/** Connections of the server to the database (this client's own left out), sampled while `work` runs. */
const sampleConnections = async <T>(
  client: pg.Client,
  work: () => Promise<T>,
): Promise<{ result: T; peak: number }> => {
  let peak = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`,
      );
      peak = Math.max(peak, rows[0]!.n);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  try {
    return { result: await work(), peak };
  } finally {
    running = false;
    await sampler;
  }
};

export const noticeDeliveryScenario: Scenario = {
  name: 'notice-delivery',
  description:
    `${SHELLS} open shells (WebSockets on /ump/notices/stream, members of the largest tenant of seed:scale) on one ` +
    `instance on PostgreSQL; a notice to everyone published: time until each socket got its new count, ` +
    `p99 < ${P99_BUDGET_MS} ms; memory per open connection and database connections used ` +
    '(BENCH_SCALE_DATABASE_URL: an already seeded database)',
  run: async () => {
    let database: ScaleDatabase | undefined;
    let server: ChildServer | undefined;
    let client: pg.Client | undefined;
    const shells: Shell[] = [];
    try {
      database = await scaleDatabase('notices');
      client = new pg.Client({ connectionString: database.url });
      await client.connect();
      // The homepage's notices and the rest, so each count reads a tenant with history.
      await addHomeFixture(client, await accountIdOf(client, HOME_MEMBER));
      const { rows: members } = await client.query<{ account_id: string }>(
        `SELECT account_id FROM tenant_memberships WHERE tenant_id = $1 AND status = 'active'
         ORDER BY account_id LIMIT $2`,
        [SCALE_TENANT, SHELLS],
      );
      if (members.length < SHELLS)
        throw new ScenarioFailure(`only ${members.length} members in ${SCALE_TENANT}`);
      const tokens = await mintSessions(
        client,
        SCALE_TENANT,
        members.map((member) => member.account_id),
      );
      const [adminToken] = await mintSessions(client, SCALE_TENANT, [
        await accountIdOf(client, SCALE_TENANT_ADMIN),
      ]);
      server = await startPlatformServer({ DATABASE_URL: database.url, SEED_FILE: '' });
      const wsBase = `${server.url.replace('http', 'ws')}/ump/notices/stream?token=`;

      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await rssBytes(server.pid);
      const openedAt = performance.now();
      const opening = await sampleConnections(client, async () => {
        for (let i = 0; i < SHELLS; i += 100) {
          const batch = tokens
            .slice(i, i + 100)
            .map((token) => openShell(`${wsBase}${encodeURIComponent(token)}`));
          shells.push(...(await Promise.all(batch)));
        }
      });
      const openSeconds = (performance.now() - openedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const after = await rssBytes(server.pid);

      const admin = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
      const created = await fetch(`${server.url}/ump/admin/notices`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          title: `停水通知 ${new Date().toISOString()}`,
          type: 'notice',
          body: '<p>明日 9:00 至 17:00 管网检修。</p>',
          audienceKind: 'all',
        }),
      });
      const notice = (await created.json()) as { Code: number; Response?: { id: string }; Message?: string };
      if (notice.Code !== 0) throw new ScenarioFailure(`creating the notice answered ${notice.Message}`);

      const delivery = await sampleConnections(client, async () => {
        const publishedAt = performance.now();
        const published = await fetch(`${server!.url}/ump/admin/notices/${notice.Response!.id}/publish`, {
          method: 'POST',
          headers: admin,
          body: '{}',
        });
        const answer = (await published.json()) as { Code: number; Message?: string };
        if (answer.Code !== 0) throw new ScenarioFailure(`publishing answered ${answer.Message}`);
        const timeout = new Promise<number>((resolve) =>
          setTimeout(() => resolve(Number.POSITIVE_INFINITY), DELIVERY_TIMEOUT_MS),
        );
        const arrived = await Promise.all(shells.map((shell) => Promise.race([shell.rose, timeout])));
        return {
          publishMs: performance.now() - publishedAt,
          latencies: arrived.map((at) => at - publishedAt),
        };
      });
      const latencies = delivery.result.latencies.sort((a, b) => a - b);
      const missing = latencies.filter((ms) => !Number.isFinite(ms)).length;
      const p50 = percentileOf(latencies, 50);
      const p99 = percentileOf(latencies, 99);
      const perConnectionKb = (after - before) / SHELLS / 1024;
      return {
        checks: [
          {
            measured:
              `${SHELLS} shells; publish → new count p50 ${formatMs(p50)} ms, p99 ${formatMs(p99)} ms, ` +
              `max ${formatMs(latencies.at(-1)!)} ms${missing ? `; ${missing} never told` : ''}`,
            budget: `p99 < ${P99_BUDGET_MS} ms, every shell told`,
            passed: missing === 0 && p99 < P99_BUDGET_MS,
          },
        ],
        tables: [
          {
            title:
              'memory is the server process RSS from /proc (after the sockets opened and got their first count, ' +
              'beside before); connections are the server’s to PostgreSQL, sampled every 25 ms',
            columns: [
              'shells',
              'opened in',
              'RSS before',
              'RSS after',
              'per connection',
              'DB connections (opening)',
              'DB connections (delivery)',
              'p50',
              'p99',
              'max',
            ],
            rows: [
              [
                String(shells.length),
                `${openSeconds.toFixed(2)} s`,
                `${(before / 2 ** 20).toFixed(1)} MiB`,
                `${(after / 2 ** 20).toFixed(1)} MiB`,
                `${perConnectionKb.toFixed(1)} KiB`,
                String(opening.peak),
                String(delivery.peak),
                `${formatMs(p50)} ms`,
                `${formatMs(p99)} ms`,
                `${formatMs(latencies.at(-1)!)} ms`,
              ],
            ],
          },
        ],
      };
    } finally {
      for (const shell of shells) shell.socket.terminate();
      await server?.stop();
      await client?.end();
      await database?.release();
    }
  },
};
