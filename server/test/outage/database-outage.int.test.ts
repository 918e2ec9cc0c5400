import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '../../src/platform/db/database';
import { MemoryPubSub } from '../../src/platform/pubsub';
import { MemoryStore } from '../../src/platform/store';
import { createScratchDatabase } from '../support/backends';
import { bearer } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTcpProxy, type TcpProxy, targetOf } from '../support/tcp-proxy';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

// The issue asks for an answer "within about 1 s"; the margin is for a busy CI machine.
const OUTAGE_ANSWER_BUDGET_MS = 1_500;
const RECOVERY_BUDGET_MS = 5_000;

/** Zero or one PostgreSQL URL: the suite runs only when TEST_DATABASE_URL is set, and is never reported as skipped. */
const postgresUrls: string[] = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

/**
 * PostgreSQL seen through a proxy the test cuts and restores: the pool's connections break as in a real
 * outage, while the machine's PostgreSQL, which other tests share, keeps running.
 */
describe.each(postgresUrls)(
  'a PostgreSQL outage (PostgreSQL at %s, reached through a proxy)',
  (databaseUrl) => {
    const outages: unknown[] = [];
    const restorations: number[] = [];
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    let proxy: TcpProxy;
    let db: Database;
    let app: TestApp;
    let client: ReturnType<typeof loginClient>;
    let token: string;
    let ipCounter = 0;

    beforeAll(async () => {
      scratch = await createScratchDatabase(databaseUrl);
      proxy = await startTcpProxy(targetOf(databaseUrl, 5432));
      db = await openDatabase({
        databaseUrl: proxy.urlThrough(scratch.url),
        poolSize: 3,
        outages: { onOutage: (error) => outages.push(error), onRestored: (ms) => restorations.push(ms) },
      });
      app = await startTestApp({ db, store: new MemoryStore(), pubsub: new MemoryPubSub() });
      client = loginClient(app);
      await client.encrypt('warm up: fetches the public key while the database is up');
    }, 60_000);
    afterAll(async () => {
      await proxy?.restore().catch(() => undefined);
      await app?.close();
      await db?.close();
      await proxy?.close();
      await scratch?.drop();
    });

    const nextIp = () => ({ 'x-forwarded-for': `10.12.0.${++ipCounter}` });
    const signIn = () => client.login({ username: 'water.op', password: TEST_ADMIN_PASSWORD }, nextIp());
    const timed = async <T>(request: () => Promise<T>) => {
      const startedAt = performance.now();
      const result = await request();
      return { result, elapsedMs: performance.now() - startedAt };
    };

    it('works while PostgreSQL is up', async () => {
      const { res, body } = await signIn();
      expect(res.statusCode).toBe(200);
      token = body.Response.token;
    });

    describe('while the connection is cut', () => {
      beforeAll(async () => {
        await proxy.cut();
      });

      const requestsThatNeedTheDatabase = {
        'POST /dmp/login': () => signIn().then(({ res }) => res),
        'GET /dmp/tenant/suggest': () =>
          app.server.inject({ method: 'GET', url: '/dmp/tenant/suggest?name=示范', headers: nextIp() }),
        'GET /ump/currUserInfo': () =>
          app.server.inject({
            method: 'GET',
            url: '/ump/currUserInfo',
            headers: { ...bearer(token), ...nextIp() },
          }),
      };

      it.each(Object.entries(requestsThatNeedTheDatabase))(
        '%s answers 503 DATABASE_UNAVAILABLE with Retry-After within 1.5 s',
        async (route, request) => {
          const { result: res, elapsedMs } = await timed(request);
          console.info(`[database outage] ${route} answered ${res.statusCode} in ${elapsedMs.toFixed(1)} ms`);
          expect(res.statusCode).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json()).toMatchObject({
            Code: 50302,
            Error: 'DATABASE_UNAVAILABLE',
            Message: '服务暂不可用（数据库无法连接），请稍后重试',
            Response: null,
          });
          expect(elapsedMs).toBeLessThan(OUTAGE_ANSWER_BUDGET_MS);
        },
      );

      it('is not ready', async () => {
        const res = await app.server.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        expect(res.json().checks.database).not.toBe('ok');
        expect(res.json().checks.store).toBe('ok');
      });

      it('reports the outage once, and no request as a failure with a stack', () => {
        expect(outages).toHaveLength(1);
        expect(restorations).toEqual([]);
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

      it('signs in again by itself, without a restart, and reports the end of the outage', async () => {
        console.info(
          `[database outage] sign-in works again ${Math.round(recoveryMs)} ms after PostgreSQL returned`,
        );
        expect(recoveryMs).toBeLessThan(RECOVERY_BUDGET_MS);
        expect(restorations).toHaveLength(1);
        const me = await app.server.inject({
          method: 'GET',
          url: '/ump/currUserInfo',
          headers: bearer(token),
        });
        expect(me.json().Response.username).toBe('water.op');
        expect((await app.server.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      });
    });

    // The connection a transaction holds, lost between two of its queries, says so with an 'error'
    // event on the client: unheard, that event ended the whole process.
    it('fails a transaction whose connection is lost between its queries, and nothing else', async () => {
      const transaction = db.asPlatform(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await proxy.cut();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`SELECT 1`);
      });
      await expect(transaction).rejects.toThrow();
      await proxy.restore();
      await vi.waitFor(() => db.ping(), { timeout: RECOVERY_BUDGET_MS, interval: 50 });
    });
  },
);
