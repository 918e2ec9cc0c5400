import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLogs } from '../../src/db/schema';
import { TOURIST_LOG_RATE_LIMIT } from '../../src/modules/usage-logs/routes';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { accountIdOf, bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const accessLog = {
  source: 'web',
  type: 1,
  applicationId: 'app-devices',
  applicationName: '设备管理',
  functionId: 'm-device-list',
  functionName: '设备列表',
  path: '/deviceList',
  result: 1,
};

describe.each(testBackends())('usage logs on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let waterToken: string;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    waterToken = await tokenFor(app, infra.db, 'water.op', 't-water');
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const saveLog = (payload: unknown, headers: Record<string, string> = bearer(waterToken)) =>
    app.server.inject({ method: 'POST', url: '/ump/accessLog/saveLog', headers, payload: payload as object });
  const saveTouristLog = (payload: unknown, query = '', ip = '198.51.100.7') =>
    app.server.inject({
      method: 'POST',
      url: `/ump/accessTouristLog/saveLog${query}`,
      headers: { 'x-forwarded-for': ip },
      payload: payload as object,
    });
  /** Every usage log row, read on the platform path after the writer has flushed. */
  const storedLogs = async () => {
    await app.services.usageLogs.flush();
    return infra.db.asPlatform((tx) => tx.select().from(usageLogs));
  };
  const storedCount = async () => {
    await app.services.usageLogs.flush();
    const [row] = await infra.db.asPlatform((tx) => tx.select({ n: count() }).from(usageLogs));
    return row!.n;
  };

  it("stores a signed-in user's log under the session's user and tenant, never the body's", async () => {
    const res = await saveLog({ ...accessLog, userName: 'someone.else', functionId: 'm-first' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Code: 0, Response: null });
    const [row] = (await storedLogs()).filter((r) => r.functionId === 'm-first');
    expect(row).toMatchObject({
      tenantId: 't-water',
      accountId: await accountIdOf(infra.db, 'water.op'),
      visitorId: null,
      userName: 'water.op',
      source: 'web',
      type: 1,
      applicationId: 'app-devices',
      applicationName: '设备管理',
      functionName: '设备列表',
      path: '/deviceList',
      result: 1,
    });
  });

  it('keeps each tenant’s logs behind row-level security', async () => {
    const energyToken = await tokenFor(app, infra.db, 'energy.staff', 't-energy');
    await saveLog({ ...accessLog, type: 2, functionId: 'm-energy' }, bearer(energyToken));
    await app.services.usageLogs.flush();
    const seenBy = (tenantId: string) =>
      infra.db.withTenant(tenantId, (tx) => tx.select({ tenantId: usageLogs.tenantId }).from(usageLogs));
    expect((await seenBy('t-energy')).every((r) => r.tenantId === 't-energy')).toBe(true);
    expect((await seenBy('t-energy')).length).toBeGreaterThan(0);
    expect((await seenBy('t-water')).some((r) => r.tenantId === 't-energy')).toBe(false);
    expect(await infra.db.withNoTenant((tx) => tx.select().from(usageLogs))).toEqual([]);
  });

  it('refuses unknown fields, wrong types, bad values and over-long strings, storing nothing', async () => {
    const before = await storedCount();
    const cases: [unknown, string][] = [
      [{ ...accessLog, type: 3 }, 'body.type'],
      [{ ...accessLog, type: '1' }, 'body.type'],
      [{ ...accessLog, result: 2 }, 'body.result'],
      [{ ...accessLog, applicationId: '' }, 'body.applicationId'],
      [{ ...accessLog, applicationId: undefined }, 'body.applicationId'],
      [{ ...accessLog, path: `/${'x'.repeat(2000)}` }, 'body.path'],
      [{ ...accessLog, source: 'web client' }, 'body.source'],
      [{ ...accessLog, functionName: 42 }, 'body.functionName'],
    ];
    for (const [payload, path] of cases) {
      const res = await saveLog(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ Code: 40000, Error: 'BAD_REQUEST', Response: null });
      expect(body.Details.map((d: { path: string }) => d.path)).toContain(path);
    }
    const unknownField = (await saveLog({ ...accessLog, tenantId: 't-energy' })).json();
    expect(unknownField).toMatchObject({ Code: 40000, Error: 'BAD_REQUEST' });
    expect(unknownField.Message).toContain('tenantId');
    const text = await app.server.inject({
      method: 'POST',
      url: '/ump/accessLog/saveLog',
      headers: { ...bearer(waterToken), 'content-type': 'application/json' },
      payload: '{"type":1,',
    });
    expect(text.json().Error).toBe('MALFORMED_JSON');
    expect(await storedCount()).toBe(before);
  });

  it('needs a token for the signed-in call', async () => {
    const res = await saveLog(accessLog, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().Error).toBe('UNAUTHENTICATED');
  });

  it('stores every one of 2,000 concurrent logs, in a handful of batches', async () => {
    const before = await storedCount();
    const answers = await Promise.all(
      Array.from({ length: 2_000 }, (_, i) => saveLog({ ...accessLog, functionId: `load-${i}` })),
    );
    expect(answers.filter((a) => a.statusCode !== 200)).toEqual([]);
    expect(await storedCount()).toBe(before + 2_000);
    const ids = new Set((await storedLogs()).map((r) => r.functionId).filter((f) => f?.startsWith('load-')));
    expect(ids.size).toBe(2_000);
  });

  it('gives visitors an identity and stores their logs under "tourist-" + visitor id', async () => {
    const casual = await app.server.inject({ method: 'GET', url: '/ump/user/getCasualUser' });
    expect(casual.statusCode).toBe(200);
    const { visitorId, userName } = casual.json().Response;
    expect(visitorId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(userName).toBe(`tourist-${visitorId}`);
    const second = (await app.server.inject({ method: 'GET', url: '/ump/user/getCasualUser' })).json()
      .Response;
    expect(second.visitorId).not.toBe(visitorId);
    // With the browser's fingerprint, the same browser gets the same identity every time.
    const byFingerprint = async (fingerprint: string) =>
      (
        await app.server.inject({ method: 'GET', url: `/ump/user/getCasualUser?fingerprint=${fingerprint}` })
      ).json().Response.visitorId;
    const fingerprint = '0123456789abcdef0123456789abcdef';
    expect(await byFingerprint(fingerprint)).toBe(await byFingerprint(fingerprint));
    expect(await byFingerprint(fingerprint)).not.toBe(await byFingerprint(`${fingerprint.slice(1)}0`));
    expect(await byFingerprint(fingerprint)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const badFingerprint = await app.server.inject({
      method: 'GET',
      url: '/ump/user/getCasualUser?fingerprint=a%20b',
    });
    expect(badFingerprint.statusCode).toBe(400);

    expect((await saveTouristLog({ ...accessLog, userName, functionId: 'visitor-1' })).statusCode).toBe(200);
    expect(
      (await saveTouristLog({ ...accessLog, userName, functionId: 'visitor-2' }, '?tenant=water')).statusCode,
    ).toBe(200);
    const rows = (await storedLogs()).filter((r) => r.functionId?.startsWith('visitor-'));
    expect(rows.map((r) => [r.functionId, r.tenantId, r.visitorId, r.accountId, r.userName]).sort()).toEqual([
      ['visitor-1', null, visitorId, null, userName],
      ['visitor-2', 't-water', visitorId, null, userName],
    ]);
    // A visitor row without a tenant is visible on the platform path only.
    const [platformOnly] = await infra.db.withTenant('t-water', (tx) =>
      tx
        .select({ n: count() })
        .from(usageLogs)
        .where(and(eq(usageLogs.functionId, 'visitor-1'), isNull(usageLogs.tenantId))),
    );
    expect(platformOnly!.n).toBe(0);
  });

  it('refuses visitor logs whose userName is not "tourist-" + a visitor id', async () => {
    for (const userName of [
      'water.op',
      'tourist-',
      'tourist-short',
      `tourist-${'a'.repeat(65)}`,
      'tourist-a b c d e f',
    ]) {
      const res = await saveTouristLog({ ...accessLog, userName });
      expect(res.statusCode, userName).toBe(400);
      expect(res.json().Details[0].path).toBe('body.userName');
    }
    expect((await saveTouristLog({ ...accessLog })).statusCode).toBe(400);
  });

  it('rate-limits visitor logs per client address', async () => {
    const payload = { ...accessLog, userName: 'tourist-ratelimit01' };
    const ip = '203.0.113.99';
    const answers = [];
    for (let i = 0; i <= TOURIST_LOG_RATE_LIMIT.limit; i++)
      answers.push(await saveTouristLog(payload, '', ip));
    expect(answers.slice(0, -1).every((a) => a.statusCode === 200)).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ Error: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await saveTouristLog(payload, '', '203.0.113.100')).statusCode).toBe(200);
  });

  it('writes the logs still queued when the server closes', async () => {
    const second = await startTestApp(infra);
    const token = await tokenFor(second, infra.db, 'water.admin', 't-water');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        second.server.inject({
          method: 'POST',
          url: '/ump/accessLog/saveLog',
          headers: bearer(token),
          payload: { ...accessLog, functionId: `closing-${i}` },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(second.services.usageLogs.pendingCount()).toBe(50); // nothing written yet: the batch is waiting
    await second.close();
    const rows = await infra.db.asPlatform((tx) =>
      tx.select({ functionId: usageLogs.functionId }).from(usageLogs),
    );
    expect(rows.filter((r) => r.functionId?.startsWith('closing-'))).toHaveLength(50);
  });
});
