import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/platform/db/database';
import { createPubSub, type PubSub } from '../../src/platform/pubsub';
import { RedisPubSub } from '../../src/platform/pubsub/redis-pubsub';
import { createStore, type Store } from '../../src/platform/store';
import {
  deleteNamespace,
  randomTestNamespace,
  redisUrls,
  withRawRedis,
} from '../../src/platform/store/redis-test-support';
import { loginClient } from '../support/login-client';
import { startTcpProxy, type TcpProxy, targetOf } from '../support/tcp-proxy';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

// The issue asks for an answer "within about 1 s"; the margin is for a busy CI machine.
const OUTAGE_ANSWER_BUDGET_MS = 1_500;
// Reconnect attempts are at most 1 s apart (redis-connection.ts).
const RECOVERY_BUDGET_MS = 5_000;

/**
 * Redis seen through a proxy the test cuts and restores: the app's store and pubsub lose their
 * connections as in a real outage, while the machine's Redis, which other tests share, keeps running.
 */
describe.each(redisUrls)('a Redis outage (Redis at %s, reached through a proxy)', (redisUrl) => {
  const namespace = randomTestNamespace();
  const storeOutages: Error[] = [];
  const pubsubErrors: Error[] = [];
  let proxy: TcpProxy;
  let store: Store;
  let pubsub: PubSub;
  let app: TestApp;
  let client: ReturnType<typeof loginClient>;
  let ipCounter = 0;

  beforeAll(async () => {
    proxy = await startTcpProxy(targetOf(redisUrl, 6379));
    const proxiedUrl = proxy.urlThrough(redisUrl);
    const db = await openDatabase({});
    store = await createStore({
      redisUrl: proxiedUrl,
      namespace,
      onError: (error) => storeOutages.push(error),
    });
    pubsub = await createPubSub({
      redisUrl: proxiedUrl,
      namespace,
      onError: (error) => pubsubErrors.push(error),
    });
    app = await startTestApp({ db, store, pubsub });
    client = loginClient(app);
    await client.encrypt('warm up: fetches the public key while the store is up');
  }, 60_000);
  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await app?.close();
    await Promise.all([store?.close(), pubsub?.close()]);
    await deleteNamespace(redisUrl, namespace);
    await proxy?.close();
  });

  // A fresh client address per request, so rate limits never decide an answer here.
  const nextIp = () => ({ 'x-forwarded-for': `10.11.0.${++ipCounter}` });
  const signIn = () => client.login({ username: 'water.op', password: TEST_ADMIN_PASSWORD }, nextIp());
  const timed = async <T>(request: () => Promise<T>) => {
    const startedAt = performance.now();
    const result = await request();
    return { result, elapsedMs: performance.now() - startedAt };
  };

  const requestsThatNeedTheStore = {
    'POST /dmp/login': () => signIn().then(({ res }) => res),
    'GET /uniwim/ump/loginCode.png': () =>
      app.server.inject({
        method: 'GET',
        url: `/uniwim/ump/loginCode.png?time=${Date.now()}1234`,
        headers: nextIp(),
      }),
    'POST /dmp/verificationCode': () =>
      app.server.inject({
        method: 'POST',
        url: '/dmp/verificationCode',
        payload: { mobile: '13900000002', type: 'LOGIN_CODE' },
        headers: nextIp(),
      }),
  };

  it('works while Redis is up', async () => {
    const { res, body } = await signIn();
    expect(res.statusCode).toBe(200);
    expect(body.Response.token).toBeTruthy();
  });

  describe('while the connection is cut', () => {
    beforeAll(async () => {
      await proxy.cut();
    });

    it.each(Object.entries(requestsThatNeedTheStore))(
      '%s answers 503 STORE_UNAVAILABLE with Retry-After within 1.5 s',
      async (route, request) => {
        const { result: res, elapsedMs } = await timed(request);
        console.info(`[redis outage] ${route} answered ${res.statusCode} in ${elapsedMs.toFixed(1)} ms`);
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({
          Code: 50301,
          Error: 'STORE_UNAVAILABLE',
          Message: '服务暂不可用（缓存服务无法连接），请稍后重试',
          Response: null,
        });
        expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_BUDGET_MS);
      },
    );

    it('keeps answering fast while reconnect attempts keep failing', async () => {
      // Several reconnect attempts fail meanwhile (they are at most 1 s apart).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const { result: res, elapsedMs } = await timed(requestsThatNeedTheStore['POST /dmp/login']);
      expect(res.statusCode).toBe(503);
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_BUDGET_MS);
    });

    it('is not ready', async () => {
      const res = await app.server.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.store).not.toBe('ok');
      expect(res.json().checks.database).toBe('ok');
    });

    it('reports the outage once, and no request as a failure with a stack', () => {
      expect(storeOutages).toHaveLength(1);
      expect(pubsubErrors).toHaveLength(2); // its publishing and its subscribing connection
      const errorLines = app.logLines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
      expect(errorLines).toEqual([]);
    });
  });

  describe('once the connection is back', () => {
    let recoveryMs: number;

    beforeAll(async () => {
      await proxy.restore();
      const restoredAt = performance.now();
      await vi.waitFor(
        async () => {
          const { res } = await signIn();
          expect(res.statusCode).toBe(200);
        },
        { timeout: RECOVERY_BUDGET_MS, interval: 50 },
      );
      recoveryMs = performance.now() - restoredAt;
    });

    it('signs in again by itself, without a restart', async () => {
      console.info(`[redis outage] sign-in works again ${Math.round(recoveryMs)} ms after Redis returned`);
      expect(recoveryMs).toBeLessThan(RECOVERY_BUDGET_MS);
      const { res, body } = await signIn();
      expect(res.statusCode).toBe(200);
      expect(body.Response.token).toBeTruthy();
      expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    });

    it('serves the captcha and sends codes again', async () => {
      const captcha = await requestsThatNeedTheStore['GET /uniwim/ump/loginCode.png']();
      expect(captcha.statusCode).toBe(200);
      expect(captcha.headers['content-type']).toBe('image/png');
      const code = await requestsThatNeedTheStore['POST /dmp/verificationCode']();
      expect(code.json()).toMatchObject({ Code: 0 });
    });
  });

  describe('when Redis stops answering without closing the connection', () => {
    afterAll(() => proxy.resume());

    it('answers 503 STORE_UNAVAILABLE within 1.5 s all the same, and recovers once replies flow again', async () => {
      proxy.stall();
      const { result: res, elapsedMs } = await timed(requestsThatNeedTheStore['POST /dmp/login']);
      console.info(
        `[redis stalled] POST /dmp/login answered ${res.statusCode} in ${elapsedMs.toFixed(1)} ms`,
      );
      expect(res.statusCode).toBe(503);
      expect(res.json().Error).toBe('STORE_UNAVAILABLE');
      expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_BUDGET_MS);

      proxy.resume();
      await vi.waitFor(
        async () => {
          const { res } = await signIn();
          expect(res.statusCode).toBe(200);
        },
        { timeout: RECOVERY_BUDGET_MS + 5_000, interval: 100 },
      );
    }, 20_000);
  });
});

describe.each(redisUrls)('RedisPubSub through an outage (Redis at %s)', (redisUrl) => {
  const namespace = randomTestNamespace();
  const errors: Error[] = [];
  let proxy: TcpProxy;
  let proxied: PubSub;
  /** A second instance on a connection the test never cuts. */
  let direct: PubSub;

  beforeAll(async () => {
    proxy = await startTcpProxy(targetOf(redisUrl, 6379));
    proxied = await RedisPubSub.connect(proxy.urlThrough(redisUrl), {
      namespace,
      onError: (error) => errors.push(error),
    });
    direct = await RedisPubSub.connect(redisUrl, { namespace });
  });
  afterAll(async () => {
    await Promise.all([proxied?.close(), direct?.close()]);
    await proxy?.close();
  });

  const subscribersOf = (channel: string) =>
    withRawRedis(redisUrl, async (redis) => Number((await redis.pubsub('NUMSUB', namespace + channel))[1]));

  it('fails publish and subscribe fast with STORE_UNAVAILABLE, and unsubscribing does not reject', async () => {
    const kept: string[] = [];
    const dropped: string[] = [];
    await proxied.subscribe('kept', (message) => kept.push(message));
    const unsubscribe = await proxied.subscribe('dropped', (message) => dropped.push(message));
    await proxy.cut();
    const startedAt = performance.now();
    await expect(proxied.publish('kept', 'during')).rejects.toMatchObject({ errorName: 'STORE_UNAVAILABLE' });
    await expect(proxied.subscribe('other', () => undefined)).rejects.toMatchObject({
      errorName: 'STORE_UNAVAILABLE',
    });
    expect(performance.now() - startedAt).toBeLessThan(OUTAGE_ANSWER_BUDGET_MS);
    // A QR page closing during the outage unsubscribes with `void unsubscribe()`: a rejection would end the process.
    await expect(unsubscribe()).resolves.toBeUndefined();

    await proxy.restore();
    // Subscribed again after the reconnect: a message from another instance arrives.
    await vi.waitFor(
      async () => {
        await direct.publish('kept', 'after');
        expect(kept).toContain('after');
      },
      { timeout: RECOVERY_BUDGET_MS, interval: 100 },
    );
    // The channel left during the outage is left in Redis too, once the connection is back.
    await vi.waitFor(async () => expect(await subscribersOf('dropped')).toBe(0), {
      timeout: RECOVERY_BUDGET_MS,
    });
    expect(await subscribersOf('kept')).toBe(1);
    await direct.publish('dropped', 'after');
    await proxied.publish('kept', 'marker');
    await vi.waitFor(() => expect(kept).toContain('marker'));
    expect(dropped).toEqual([]);
  });
});
