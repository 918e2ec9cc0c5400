import { currentUserSchema, envelopeSchema } from '@uniwim/contracts';
import { BARE_ROUTE_PATH, startBareRouteServer } from '../lib/bare-route-server';
import type { ChildServer } from '../lib/child-server';
import { formatMs, formatPercent, formatRate } from '../lib/format';
import { loadTable, measureAlternating } from '../lib/load';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { assertExpectedResponse, okEnvelope } from '../lib/response-check';
import { clientAddress, DEMO_USERNAMES, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import type { Scenario } from '../scenario';
import { loadSettings } from '../settings';

const PATH = '/ump/currUserInfo';
const MIN_RATIO = 0.4;
const MAX_P99_MS = 25;
/** The budget is stated at 50 connections, so BENCH_CONNECTIONS does not change it. */
const CONNECTIONS = 50;

const bareEnvelope = okEnvelope((response) => (response === 'pong' ? undefined : 'expected Response "pong"'));

export const currUserScenario: Scenario = {
  name: 'curr-user',
  description:
    `GET ${PATH} with bearer tokens of ${DEMO_USERNAMES.length} signed-in users beside the bare Fastify route, ` +
    `${CONNECTIONS} connections; budget ≥ 40% of the bare route's req/s and p99 < ${MAX_P99_MS} ms`,
  run: async () => {
    const started: ChildServer[] = [];
    try {
      const bare = await startBareRouteServer();
      started.push(bare);
      const platform = await startPlatformServer();
      started.push(platform);

      const bareUrl = `${bare.url}${BARE_ROUTE_PATH}`;
      await assertExpectedResponse({ url: bareUrl, body: bareEnvelope });

      // Sign every demo user in once (a handful of sessions), then check each token's answer.
      const publicKey = await fetchPublicKey(platform.url);
      const tokens: string[] = [];
      for (const [index, username] of DEMO_USERNAMES.entries()) {
        const result = await signIn(
          platform.url,
          loginBody(publicKey, username, BENCH_ADMIN_PASSWORD),
          clientAddress(index),
        );
        const authorization = `Bearer ${result.token}`;
        await assertExpectedResponse({
          url: `${platform.url}${PATH}`,
          headers: { authorization },
          body: envelopeSchema(currentUserSchema),
          extraCheck: (body) => {
            const { Code, Response } = body as { Code: number; Response: { username: string } };
            if (Code !== 0) return `expected Code 0, got ${Code}`;
            return Response.username === username
              ? undefined
              : `expected Response.username "${username}", got "${Response.username}"`;
          },
        });
        tokens.push(result.token);
      }

      const [baseline, subject] = await measureAlternating([
        { label: `bare route (GET ${BARE_ROUTE_PATH})`, url: bareUrl, connections: CONNECTIONS },
        {
          label: `GET ${PATH} (${tokens.length} tokens)`,
          url: platform.url,
          // Each connection cycles through the tokens, one request each.
          requests: tokens.map((token) => ({
            method: 'GET',
            path: PATH,
            headers: { authorization: `Bearer ${token}` },
          })),
          connections: CONNECTIONS,
        },
      ]);
      const ratio = subject!.requestsPerSecond / baseline!.requestsPerSecond;
      const { durationSeconds, warmupSeconds, rounds } = loadSettings;
      return {
        checks: [
          {
            measured: `${formatPercent(ratio)} of the bare route (${formatRate(subject!.requestsPerSecond)} vs ${formatRate(baseline!.requestsPerSecond)} req/s)`,
            budget: `≥ ${formatPercent(MIN_RATIO)} of the bare route's req/s`,
            passed: ratio >= MIN_RATIO,
          },
          {
            measured: `p99 ${formatMs(subject!.p99Ms)} ms (worst round; p50 ${formatMs(subject!.p50Ms)} ms)`,
            budget: `p99 < ${MAX_P99_MS} ms at ${CONNECTIONS} connections`,
            passed: subject!.p99Ms < MAX_P99_MS,
          },
        ],
        tables: [
          loadTable(
            `${CONNECTIONS} connections; ${warmupSeconds} s warm-up, then ${rounds} × ${durationSeconds / rounds} s per target, alternating`,
            baseline!,
            [subject!],
          ),
        ],
      };
    } finally {
      await Promise.all(started.map((server) => server.stop()));
    }
  },
};
