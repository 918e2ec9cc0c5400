import type autocannon from 'autocannon';
import { ARGON2_VERIFY_PATH, startArgon2VerifyServer } from '../lib/argon2-verify-server';
import type { ChildServer } from '../lib/child-server';
import { formatMs, formatPercent, formatRate } from '../lib/format';
import { loadTable, measureAlternating } from '../lib/load';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import {
  clientAddress,
  DEMO_USERNAMES,
  fetchPublicKey,
  LOGIN_PATH,
  loginBody,
  signIn,
} from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';
import { loadSettings } from '../settings';

const MIN_RATIO = 0.8;
/** Bodies encrypted before the load (the browser's work); each one signs in again every time it is sent. */
const BODY_POOL_SIZE = 100;

/**
 * One autocannon request that each connection re-builds before every send: the next body of the pool and
 * the next client address, from counters shared by all connections.
 */
const rotatingPosts = (path: string, bodies: string[], nextAddress: () => number): autocannon.Request[] => [
  {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const n = nextAddress();
      request.body = bodies[n % bodies.length];
      request.headers = { ...request.headers, 'x-forwarded-for': clientAddress(n) };
      return request;
    },
  },
];

export const signInScenario: Scenario = {
  name: 'sign-in',
  description:
    'POST /dmp/login with valid credentials of the demo users beside argon2id verify alone (same params, ' +
    'same HTTP driving); budget ≥ 80% of the argon2-alone rate',
  run: async () => {
    const started: ChildServer[] = [];
    try {
      const argon2 = await startArgon2VerifyServer(BENCH_ADMIN_PASSWORD);
      started.push(argon2);
      // TRUST_PROXY: the client address comes from X-Forwarded-For, so the per-address rate limit
      // (60 sign-ins per minute) sees thousands of clients rather than the bench's one loopback address.
      const platform = await startPlatformServer({ TRUST_PROXY: 'true' });
      started.push(platform);

      const publicKey = await fetchPublicKey(platform.url);
      const bodies = Array.from({ length: BODY_POOL_SIZE }, (_, index) =>
        loginBody(publicKey, DEMO_USERNAMES[index % DEMO_USERNAMES.length]!, BENCH_ADMIN_PASSWORD),
      );
      let address = 0;
      const nextAddress = () => address++;

      // Before any load: every demo user signs in for real (a token, no second factor); the first
      // bodies of the pool are one per user ...
      for (let user = 0; user < DEMO_USERNAMES.length; user++) {
        const n = nextAddress();
        await signIn(platform.url, bodies[n % bodies.length]!, clientAddress(n));
      }
      // ... and the baseline verifies the password.
      const check = await fetch(`${argon2.url}${ARGON2_VERIFY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: bodies[0],
      });
      const checkBody = (await check.json()) as { Code?: number; Response?: unknown };
      if (check.status !== 200 || checkBody.Code !== 0 || checkBody.Response !== true) {
        throw new ScenarioFailure(
          `POST ${argon2.url}${ARGON2_VERIFY_PATH} answered ${check.status} ${JSON.stringify(checkBody)}`,
        );
      }

      const connections = loadSettings.signInConnections;
      const [baseline, subject] = await measureAlternating([
        {
          label: `argon2id verify alone (POST ${ARGON2_VERIFY_PATH})`,
          url: argon2.url,
          requests: rotatingPosts(ARGON2_VERIFY_PATH, bodies, nextAddress),
          connections,
        },
        {
          label: `sign-in (POST ${LOGIN_PATH})`,
          url: platform.url,
          requests: rotatingPosts(LOGIN_PATH, bodies, nextAddress),
          connections,
        },
      ]);
      const ratio = subject!.requestsPerSecond / baseline!.requestsPerSecond;
      const { durationSeconds, warmupSeconds, rounds } = loadSettings;
      return {
        checks: [
          {
            measured:
              `${formatPercent(ratio)} of argon2 alone (${formatRate(subject!.requestsPerSecond)} vs ` +
              `${formatRate(baseline!.requestsPerSecond)} /s; sign-in p50 ${formatMs(subject!.p50Ms)} ms, ` +
              `p99 ${formatMs(subject!.p99Ms)} ms; ${subject!.totalRequests} sign-ins, ` +
              `${subject!.errors} errors, ${subject!.non2xx} non-2xx)`,
            budget: `≥ ${formatPercent(MIN_RATIO)} of argon2id verify alone, per second`,
            passed: ratio >= MIN_RATIO,
          },
        ],
        tables: [
          loadTable(
            `${connections} connections; ${warmupSeconds} s warm-up, then ${rounds} × ${durationSeconds / rounds} s ` +
              `per target, alternating; req/s = sign-ins (or verifies) per second; ${BODY_POOL_SIZE} ` +
              `pre-encrypted bodies of ${DEMO_USERNAMES.length} users, a new X-Forwarded-For per request`,
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
