import { readFile } from 'node:fs/promises';
import WebSocket from 'ws';
import { formatMs, formatRate } from '../lib/format';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const SOCKETS = 2_000;
const CONFIRMS = 200;
const CONFIRM_CONCURRENCY = 4;
const P99_BUDGET_MS = 50;

/** Resident memory of a process, from /proc (Linux). */
const rssBytes = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!kb) throw new ScenarioFailure(`no VmRSS for process ${pid}`);
  return Number(kb[1]) * 1024;
};

interface QrSocket {
  socket: WebSocket;
  uid: string;
  waitFor(type: string): Promise<number>;
}

/** One PC sign-in page: opens the socket and resolves with the code's uid. */
const openSocket = (wsUrl: string, n: number): Promise<QrSocket> =>
  new Promise((resolve, reject) => {
    // Distinct client addresses: the server limits how many codes one address may open per minute.
    const socket = new WebSocket(wsUrl, { headers: { 'x-forwarded-for': clientAddress(n + 1) } });
    const waiters = new Map<string, (at: number) => void>();
    socket.on('message', (raw) => {
      const at = performance.now();
      const message = JSON.parse(String(raw)) as { type: string; data: unknown };
      if (message.type === 'uid') {
        resolve({
          socket,
          uid: message.data as string,
          waitFor: (type) => new Promise((done) => waiters.set(type, done)),
        });
      }
      waiters.get(message.type)?.(at);
    });
    socket.once('error', reject);
  });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const qrSocketsScenario: Scenario = {
  name: 'qr-sockets',
  description: `${SOCKETS} QR sign-in WebSockets open on one instance (memory per socket), then confirm → token message latency for ${CONFIRMS} of them; budget p99 < ${P99_BUDGET_MS} ms`,
  run: async () => {
    const server = await startPlatformServer({ TRUST_PROXY: 'true' });
    const sockets: QrSocket[] = [];
    try {
      const wsUrl = `${server.url.replace('http', 'ws')}/ump/qrcodeLogin?tenant=water`;
      const key = await fetchPublicKey(server.url);
      const signIn = await fetch(`${server.url}/dmp/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.250.0.1' },
        body: loginBody(key, 'water.op', BENCH_ADMIN_PASSWORD),
      });
      const phoneToken = ((await signIn.json()) as { Response?: { token?: string } }).Response?.token;
      if (!phoneToken) throw new ScenarioFailure('the phone user could not sign in');

      await new Promise((resolve) => setTimeout(resolve, 500));
      const before = await rssBytes(server.pid);
      const openedAt = performance.now();
      for (let i = 0; i < SOCKETS; i += 100) {
        sockets.push(...(await Promise.all(Array.from({ length: 100 }, (_, j) => openSocket(wsUrl, i + j)))));
      }
      const openSeconds = (performance.now() - openedAt) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const after = await rssBytes(server.pid);

      const phone = async (action: 'scan' | 'confirm', uid: string) => {
        const response = await fetch(`${server.url}/ump/qrcode/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${phoneToken}` },
          body: JSON.stringify({ uid }),
        });
        const answer = (await response.json()) as { Code?: number; Message?: string };
        if (answer.Code !== 0)
          throw new ScenarioFailure(`${action} answered ${response.status} ${answer.Message}`);
      };
      const latencies: number[] = [];
      const confirmOne = async (qr: QrSocket) => {
        await phone('scan', qr.uid);
        const token = qr.waitFor('token');
        const startedAt = performance.now();
        await phone('confirm', qr.uid);
        latencies.push((await token) - startedAt);
      };
      const queue = sockets.slice(0, CONFIRMS);
      await Promise.all(
        Array.from({ length: CONFIRM_CONCURRENCY }, async () => {
          for (let qr = queue.shift(); qr; qr = queue.shift()) await confirmOne(qr);
        }),
      );
      latencies.sort((a, b) => a - b);
      const p50 = percentile(latencies, 50);
      const p99 = percentile(latencies, 99);
      const perSocketKb = (after - before) / SOCKETS / 1024;
      return {
        checks: [
          {
            measured: `${SOCKETS} sockets open; confirm → token p50 ${formatMs(p50)} ms, p99 ${formatMs(p99)} ms (${CONFIRMS} confirms)`,
            budget: `p99 < ${P99_BUDGET_MS} ms with ${SOCKETS} sockets open`,
            passed: sockets.length === SOCKETS && p99 < P99_BUDGET_MS,
          },
        ],
        tables: [
          {
            title:
              'memory is the server process RSS from /proc; latency runs from sending the confirm to the token message',
            columns: [
              'sockets',
              'opened in',
              'RSS before',
              'RSS after',
              'per socket',
              'confirm → token p50',
              'p99',
              'max',
            ],
            rows: [
              [
                String(sockets.length),
                `${openSeconds.toFixed(2)} s (${formatRate(SOCKETS / openSeconds)}/s)`,
                `${(before / 2 ** 20).toFixed(1)} MiB`,
                `${(after / 2 ** 20).toFixed(1)} MiB`,
                `${perSocketKb.toFixed(1)} KiB`,
                `${formatMs(p50)} ms`,
                `${formatMs(p99)} ms`,
                `${formatMs(latencies.at(-1) ?? 0)} ms`,
              ],
            ],
          },
        ],
      };
    } finally {
      for (const qr of sockets) qr.socket.terminate();
      await server.stop();
    }
  },
};
