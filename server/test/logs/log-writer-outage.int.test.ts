import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logDeadLetters, loginLogs, usageLogs } from '../../src/db/schema';
import { createLoginLog } from '../../src/modules/auth/login-log';
import { createLogDeadLettersRepo } from '../../src/modules/log-dead-letters/repo';
import { createUsageLogsRepo } from '../../src/modules/usage-logs/repo';
import { createUsageLogService } from '../../src/modules/usage-logs/service';
import { createUsersRepo } from '../../src/modules/users/repo';
import { type Database, openDatabase } from '../../src/platform/db/database';
import { ServiceUnavailableError } from '../../src/platform/unavailable';
import { createScratchDatabase, type TestInfrastructure, testBackends } from '../support/backends';
import { loginClient } from '../support/login-client';
import { startTcpProxy, targetOf } from '../support/tcp-proxy';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

/** What the database layer throws when PostgreSQL cannot be reached. */
const connectionRefused = () =>
  new ServiceUnavailableError(
    'database',
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
  );

/** The real database, except that login-log writes fail like an unreachable server while `down`. */
const withLoginLogOutage = (db: Database) => {
  /** loseAnswers: that many writes are stored, then fail as if the connection dropped before the answer. */
  const state = { down: false, loseAnswers: 0, attemptsAt: [] as number[] };
  const wrapped: Database = {
    ...db,
    insertAsPlatform: async (table, rows) => {
      if ((table as unknown) === loginLogs) {
        state.attemptsAt.push(performance.now());
        if (state.down) throw connectionRefused();
        if (state.loseAnswers > 0) {
          state.loseAnswers--;
          await db.insertAsPlatform(table, rows);
          throw connectionRefused();
        }
      }
      return db.insertAsPlatform(table, rows);
    },
  };
  return { db: wrapped, state };
};

const warningsSink = () => {
  const warnings: { details: Record<string, unknown>; msg: string }[] = [];
  return {
    warnings,
    reporter: { warn: (details: Record<string, unknown>, msg: string) => warnings.push({ details, msg }) },
  };
};

describe.each(testBackends())('log writers while the database fails, on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let outage: ReturnType<typeof withLoginLogOutage>;

  beforeAll(async () => {
    infra = await backend.open();
    outage = withLoginLogOutage(infra.db);
    app = await startTestApp({ ...infra, db: outage.db });
  });
  afterAll(async () => {
    outage.state.down = false;
    await app?.close();
    await infra?.close();
  });

  const storedUsernames = async (prefix: string) =>
    (
      await infra.db.asPlatform((tx) =>
        tx
          .select({ username: loginLogs.username })
          .from(loginLogs)
          .where(like(loginLogs.username, `${prefix}%`)),
      )
    ).map((row) => row.username);

  it('answers sign-ins at once, keeps their log rows, backs off, and writes them when the database is back', async () => {
    const client = loginClient(app);
    outage.state.down = true;
    const signIn = (n: number) =>
      client.login(
        { username: 'water.op', password: TEST_ADMIN_PASSWORD },
        { 'x-forwarded-for': `10.13.0.${n}` },
      );
    const first = await signIn(1);
    expect(first.body).toMatchObject({ Code: 0 });
    const wrong = await client.login(
      { username: 'outage-nobody', password: 'wrong' },
      { 'x-forwarded-for': '10.13.0.2' },
    );
    expect(wrong.body).toMatchObject({ Error: 'INVALID_CREDENTIALS' });

    // 0.5 s flush, then retries 0.5 s and 1 s after each failure.
    await vi.waitFor(() => expect(outage.state.attemptsAt.length).toBeGreaterThanOrEqual(3), {
      timeout: 4_000,
      interval: 50,
    });
    const startedAt = performance.now();
    const third = await signIn(3);
    expect(third.body).toMatchObject({ Code: 0 });
    // Sign-in never waits for the log (nor fails because of it).
    expect(performance.now() - startedAt).toBeLessThan(1_000);

    const stats = app.services.loginLog.stats();
    expect(stats).toMatchObject({ queued: 3, written: 0, deadLettered: 0, dropped: 0 });
    expect(stats.retries).toBeGreaterThanOrEqual(3);
    expect(stats.retryInMs).toBeGreaterThan(0);
    expect(stats.lastError).toMatchObject({
      sqlState: null,
      message: expect.stringContaining('ECONNREFUSED'),
    });
    const [a, b, c] = outage.state.attemptsAt;
    // Backoff, not a hot loop: each wait at least about double the one before.
    expect(c! - b!).toBeGreaterThan(1.6 * (b! - a!));
    expect(b! - a!).toBeGreaterThan(400);

    const ready = (await app.server.inject({ method: 'GET', url: '/readyz' })).json();
    expect(ready.logWriters['login-log']).toMatchObject({ queued: 3, retries: stats.retries });

    outage.state.down = false;
    await vi.waitFor(
      async () => {
        expect(app.services.loginLog.stats()).toMatchObject({ queued: 0, written: 3 });
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(await storedUsernames('outage-nobody')).toEqual(['outage-nobody']);
    expect(app.services.loginLog.stats()).toMatchObject({ retryInMs: 0, deadLettered: 0, dropped: 0 });
  });

  it('does not set aside rows whose first write was stored although its answer was lost', async () => {
    const before = app.services.loginLog.stats();
    outage.state.loseAnswers = 1;
    for (const n of [1, 2, 3]) {
      await app.services.loginLog.record({
        tenantId: null,
        accountId: null,
        username: `lost-answer-${n}`,
        mode: 'password',
        result: 'failure',
        errorCode: null,
        ip: null,
        userAgent: null,
      });
    }
    await expect(app.services.loginLog.flush()).rejects.toThrow();
    // The retry is refused as duplicates of the primary key: the rows are there, once each.
    await app.services.loginLog.flush();
    expect((await storedUsernames('lost-answer-')).sort()).toEqual([
      'lost-answer-1',
      'lost-answer-2',
      'lost-answer-3',
    ]);
    expect(app.services.loginLog.stats()).toMatchObject({
      queued: 0,
      written: before.written + 3,
      deadLettered: before.deadLettered,
      retries: before.retries + 1,
    });
    const letters = await infra.db.asPlatform((tx) => tx.select().from(logDeadLetters));
    expect(letters).toEqual([]);
  });

  it('drops and counts usage logs beyond its queue while the database hangs, without making callers wait', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const repo = createUsageLogsRepo(infra.db);
    const { warnings, reporter } = warningsSink();
    const service = createUsageLogService({
      repo: { insertBatch: async (tenantId, rows) => gate.then(() => repo.insertBatch(tenantId, rows)) },
      users: createUsersRepo(infra.db),
      deadLetters: createLogDeadLettersRepo(infra.db),
      reporter,
      settings: { flushIntervalMs: 20, maxBatchRows: 10, maxPendingRows: 20 },
    });
    const context = { ip: '203.0.113.10', userAgent: null, host: undefined, channel: 'web' };
    const log = (n: number) => ({
      source: 'web',
      type: 1 as const,
      applicationId: 'app-devices',
      functionId: `queue-full-${n}`,
      result: 1 as const,
      userName: 'tourist-vQueueFullTest01',
    });

    // Every call is answered although no write has finished (the gate is still closed).
    await Promise.all(
      Array.from({ length: 50 }, (_, n) => service.recordForVisitor(log(n), 't-water', context)),
    );
    expect(service.stats()).toMatchObject({ queued: 20, dropped: 30, written: 0 });
    expect(warnings.filter((w) => w.msg.startsWith('log queue full'))).toHaveLength(1);
    expect(warnings[0]?.details).toMatchObject({ writer: 'usage-logs', maxPendingRows: 20 });

    open();
    await service.close();
    const stored = await infra.db.asPlatform((tx) =>
      tx.select({ id: usageLogs.id }).from(usageLogs).where(like(usageLogs.functionId, 'queue-full-%')),
    );
    expect(stored).toHaveLength(20);
    expect(service.stats()).toMatchObject({ queued: 0, written: 20, dropped: 30 });
  });
});

/** Zero or one PostgreSQL URL: this part needs a server whose connections a proxy can cut. */
const postgresUrls: string[] = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe.each(postgresUrls)(
  'the login log across a real PostgreSQL outage (%s, through a proxy)',
  (databaseUrl) => {
    it('keeps the rows while the connection is cut and writes them once it is restored', async () => {
      const scratch = await createScratchDatabase(databaseUrl);
      const proxy = await startTcpProxy(targetOf(databaseUrl, 5432));
      const db = await openDatabase({
        databaseUrl: proxy.urlThrough(scratch.url),
        poolSize: 2,
        // The outage is the point of the test: no console lines about it.
        outages: { onOutage: () => undefined, onRestored: () => undefined },
      });
      const { warnings, reporter } = warningsSink();
      const loginLog = createLoginLog({ db, deadLetters: createLogDeadLettersRepo(db), reporter });
      try {
        await proxy.cut();
        for (const n of [1, 2, 3]) {
          await loginLog.record({
            tenantId: null,
            accountId: null,
            username: `cut-${n}`,
            mode: 'password',
            result: 'failure',
            errorCode: null,
            ip: null,
            userAgent: null,
          });
        }
        await vi.waitFor(() => expect(loginLog.stats().retries).toBeGreaterThanOrEqual(2), {
          timeout: 5_000,
        });
        expect(loginLog.stats()).toMatchObject({ queued: 3, written: 0, deadLettered: 0 });
        expect(warnings.every((w) => w.msg.includes('the database is unavailable'))).toBe(true);

        await proxy.restore();
        await vi.waitFor(() => expect(loginLog.stats()).toMatchObject({ queued: 0, written: 3 }), {
          timeout: 10_000,
          interval: 100,
        });
        const stored = await db.asPlatform((tx) =>
          tx
            .select({ username: loginLogs.username })
            .from(loginLogs)
            .where(like(loginLogs.username, 'cut-%')),
        );
        expect(stored.map((row) => row.username).sort()).toEqual(['cut-1', 'cut-2', 'cut-3']);
      } finally {
        await proxy.restore().catch(() => undefined);
        await loginLog.close().catch(() => undefined);
        await db.close();
        await proxy.close();
        await scratch.drop();
      }
    }, 30_000);
  },
);
