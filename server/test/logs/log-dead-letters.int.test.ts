import { touristUsageLogBodySchema } from '@uniwim/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { logDeadLetters, loginLogs, usageLogs } from '../../src/db/schema';
import type { LoginAttempt } from '../../src/modules/auth/login-log';
import type { RequestContext } from '../../src/modules/auth/request-context';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Within a second or two": the login log flushes every 500 ms, the usage logs every 200 ms. */
const STORED_WITHIN_MS = 2_000;

const attempt = (username: string, overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
  tenantId: null,
  accountId: null,
  username,
  mode: 'password',
  result: 'failure',
  errorCode: 'INVALID_CREDENTIALS',
  ip: '203.0.113.9',
  userAgent: 'log-dead-letters test',
  ...overrides,
});

type TouristLog = z.output<typeof touristUsageLogBodySchema>;
const visitorLog = (functionId: string, overrides: Partial<TouristLog> = {}): TouristLog => ({
  ...touristUsageLogBodySchema.parse({
    source: 'web',
    type: 1,
    applicationId: 'app-devices',
    functionId,
    result: 1,
    userName: 'tourist-vDeadLetterTest01',
  }),
  ...overrides,
});
const context: RequestContext = { ip: '203.0.113.9', userAgent: 'test', host: undefined, channel: 'web' };

/**
 * Rows the database refuses are put straight into the writers (requests with such values are refused
 * at validation since issue 11, but a writer must not depend on that).
 */
describe.each(testBackends())('log rows the database refuses, on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const deadLettersOf = (writer: string) =>
    infra.db.asPlatform((tx) => tx.select().from(logDeadLetters).where(eq(logDeadLetters.writer, writer)));
  const loginLogUsernames = async (prefix: string) =>
    (
      await infra.db.asPlatform((tx) =>
        tx
          .select({ username: loginLogs.username })
          .from(loginLogs)
          .where(like(loginLogs.username, `${prefix}%`)),
      )
    ).map((row) => row.username);
  const usageLogFunctions = async (prefix: string) =>
    (
      await infra.db.asPlatform((tx) =>
        tx
          .select({ functionId: usageLogs.functionId })
          .from(usageLogs)
          .where(and(eq(usageLogs.tenantId, 't-water'), like(usageLogs.functionId, `${prefix}%`))),
      )
    ).map((row) => row.functionId);

  it('sets a login-log row with a NUL aside and stores the attempts behind it within a second or two', async () => {
    const before = app.services.loginLog.stats();
    await app.services.loginLog.record(attempt('nul\u0000user'));
    for (const n of [1, 2, 3, 4, 5]) await app.services.loginLog.record(attempt(`after-nul-${n}`));

    await vi.waitFor(async () => expect(await loginLogUsernames('after-nul-')).toHaveLength(5), {
      timeout: STORED_WITHIN_MS,
      interval: 50,
    });
    const [letter, ...others] = await deadLettersOf('login-log');
    expect(others).toEqual([]);
    expect(letter).toMatchObject({
      writer: 'login-log',
      sqlState: '22021',
      reason: expect.stringContaining('0x00'),
      // Stored with the NUL written out, so an administrator sees what was sent.
      rowData: expect.objectContaining({ username: 'nul\\u0000user', result: 'failure', mode: 'password' }),
    });
    const after = app.services.loginLog.stats();
    expect(after).toMatchObject({
      queued: 0,
      written: before.written + 5,
      deadLettered: before.deadLettered + 1,
      retries: before.retries,
      retryInMs: 0,
      lastError: { sqlState: '22021' },
    });

    // The writer is not retrying it: later flushes find nothing to do, and the row is set aside once.
    await sleep(1_200);
    expect(app.services.loginLog.stats()).toEqual(after);
    expect(await deadLettersOf('login-log')).toHaveLength(1);
  });

  it('sets usage-log rows aside for a NUL, a lone surrogate and a broken check, and stores the rest', async () => {
    const logs = app.services.usageLogs;
    const before = logs.stats();
    await logs.recordForVisitor(visitorLog('ok-1'), 't-water', context);
    await logs.recordForVisitor(visitorLog('bad-nul', { applicationId: 'app\u0000x' }), 't-water', context);
    await logs.recordForVisitor(visitorLog('ok-2'), 't-water', context);
    await logs.recordForVisitor(visitorLog('bad-surrogate', { path: '/x\ud800y' }), 't-water', context);
    // type is 1 or 2 (CHECK constraint); the schema stops 3 at the door, the writer must cope anyway.
    await logs.recordForVisitor(visitorLog('bad-check', { type: 3 as 1 }), 't-water', context);
    await logs.recordForVisitor(visitorLog('ok-3'), 't-water', context);

    await vi.waitFor(
      async () => expect((await usageLogFunctions('ok-')).sort()).toEqual(['ok-1', 'ok-2', 'ok-3']),
      {
        timeout: STORED_WITHIN_MS,
        interval: 50,
      },
    );
    await vi.waitFor(() => expect(logs.stats().deadLettered).toBe(before.deadLettered + 3), {
      timeout: 1_000,
    });
    expect(await usageLogFunctions('bad-')).toEqual([]);
    const letters = new Map(
      (await deadLettersOf('usage-logs')).map((letter) => [
        (letter.rowData as { function_id: string }).function_id,
        letter,
      ]),
    );
    expect(letters.get('bad-nul')).toMatchObject({
      sqlState: expect.stringMatching(/^22/),
      rowData: expect.objectContaining({ application_id: 'app\\u0000x', tenant_id: 't-water' }),
    });
    expect(letters.get('bad-surrogate')).toMatchObject({
      sqlState: expect.stringMatching(/^22/),
      rowData: expect.objectContaining({ path: '/x\\ud800y' }),
    });
    expect(letters.get('bad-check')).toMatchObject({
      sqlState: '23514',
      reason: expect.stringContaining('usage_logs'),
      rowData: expect.objectContaining({ type: 3 }),
    });
    expect(logs.stats()).toMatchObject({ queued: 0, retries: before.retries, written: before.written + 3 });
  });

  it('shows the writers’ counters on /readyz, which stays ready', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.logWriters['login-log']).toMatchObject({
      queued: 0,
      deadLettered: 1,
      dropped: 0,
      retries: 0,
    });
    expect(body.logWriters['login-log'].written).toBeGreaterThanOrEqual(5);
    expect(body.logWriters['usage-logs']).toMatchObject({
      queued: 0,
      written: 3,
      deadLettered: 3,
      dropped: 0,
    });
    expect(body.logWriters['usage-logs'].lastError).toMatchObject({ sqlState: expect.any(String) });
  });

  it('lists the dead letters to platform administrators only, newest first, a page at a time', async () => {
    const list = (query: string, headers: Record<string, string> = {}) =>
      app.server.inject({ method: 'GET', url: `/dmp/admin/log-dead-letters${query}`, headers });

    expect((await list('')).json()).toMatchObject({ Error: 'UNAUTHENTICATED' });
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const refused = await list('', tenantAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Error: 'FORBIDDEN' });

    const platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
    const all = await list('?page=1&pageSize=100', platformAdmin);
    expect(all.statusCode).toBe(200);
    const page = all.json().Response;
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 100 });
    expect(page.list.map((letter: { writer: string }) => letter.writer).sort()).toEqual([
      'login-log',
      'usage-logs',
      'usage-logs',
      'usage-logs',
    ]);
    // The login-log row was set aside before the usage-log rows.
    expect(page.list.at(-1)).toMatchObject({
      writer: 'login-log',
      sqlState: '22021',
      row: expect.objectContaining({ username: 'nul\\u0000user' }),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const second = (await list('?page=2&pageSize=3', platformAdmin)).json().Response;
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.list).toEqual([page.list[3]]);

    for (const query of ['?pageSize=0', '?pageSize=1000', '?page=abc']) {
      const bad = await list(query, platformAdmin);
      expect(bad.statusCode, query).toBe(400);
    }
  });

  it('keeps the dead letters out of every tenant transaction (platform scope only)', async () => {
    expect(await infra.db.withTenant('t-water', (tx) => tx.select().from(logDeadLetters))).toEqual([]);
    expect(await infra.db.withNoTenant((tx) => tx.select().from(logDeadLetters))).toEqual([]);
    await expect(
      infra.db.withTenant('t-water', (tx) =>
        tx.insert(logDeadLetters).values({ id: 'dl-forged', writer: 'x', reason: 'x', rowData: {} }),
      ),
    ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
      /row-level security/.test(`${error.message} ${error.cause?.message ?? ''}`),
    );
  });
});
