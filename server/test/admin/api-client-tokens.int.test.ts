import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageLogs } from '../../src/db/schema';
import { apiAccessLogs, apiClients, apiClientTokens } from '../../src/modules/api-clients/schema';
import { hashSecret } from '../../src/modules/api-clients/secrets';
import {
  API_CLIENTS,
  basicAuth,
  createApiClient,
  requestToken,
  TOKEN_PATH,
  tokenOf,
} from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const DICTIONARY = '/ump/dictionary/getValueByCode';
const PARAMS = '/ump/param/get';
const USAGE_LOG = '/ump/accessLog/saveLog';
const usageLog = { source: 'web', type: 1, applicationId: 'app-devices', result: 1 };

describe.each(testBackends())('client-credentials tokens on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra, {});
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  const callWith = (
    token: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    ip = '192.0.2.10',
  ) =>
    app.server.inject({
      method,
      url,
      headers: { ...bearer(token), 'x-forwarded-for': ip },
      ...(payload ? { payload } : {}),
    });
  const readDictionary = (token: string, ip?: string) =>
    callWith(token, 'POST', DICTIONARY, { codes: ['deviceType'] }, ip);
  const action = (id: string, verb: string, payload: object = {}) =>
    app.server.inject({ method: 'POST', url: `${API_CLIENTS}/${id}/${verb}`, headers: admin, payload });

  it('issues a token for the form body, HTTP Basic and JSON, with the RFC answer and no caching', async () => {
    const client = await createApiClient(app, admin);
    const form = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toEqual({
      access_token: expect.stringMatching(/^uwat\.[A-Za-z0-9_-]{43}$/),
      token_type: 'Bearer',
      expires_in: 600,
      scope: 'dictionary:read parameter:read',
    });
    expect(form.headers['cache-control']).toBe('no-store');
    expect(form.headers.pragma).toBe('no-cache');

    const basic = await requestToken(
      app,
      { grant_type: 'client_credentials' },
      { headers: basicAuth(client.id, client.clientSecret) },
    );
    expect(basic.statusCode, basic.body).toBe(200);
    const json = await requestToken(
      app,
      { grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret },
      { json: true },
    );
    expect(json.statusCode, json.body).toBe(200);

    // Only the token's hash is stored.
    const token = form.json().access_token as string;
    const stored = await infra.db.asPlatform((tx) =>
      tx.select().from(apiClientTokens).where(eq(apiClientTokens.clientId, client.id)),
    );
    expect(stored.map((row) => row.tokenHash)).toContain(hashSecret(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    // The dictionary of the credential's tenant: water's device_type (with its own hydrant), asked the earlier way.
    const read = await readDictionary(token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().Response.deviceType.map((item: { value: string }) => item.value)).toContain('hydrant');
    const params = await callWith(token, 'GET', `${PARAMS}?key=mapCenter`);
    expect(params.json().Response).toEqual({ mapCenter: '120.15,30.28' });
  });

  it('answers RFC 6749 errors: invalid_client, unsupported_grant_type, invalid_request, invalid_scope', async () => {
    const client = await createApiClient(app, admin);
    const expectError = async (
      res: Awaited<ReturnType<typeof requestToken>>,
      status: number,
      error: string,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ error, error_description: expect.any(String) });
    };
    const wrong = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: `${client.clientSecret}x`,
    });
    await expectError(wrong, 401, 'invalid_client');
    expect(wrong.headers['www-authenticate']).toMatch(/^Basic /);
    await expectError(
      await requestToken(app, {
        grant_type: 'client_credentials',
        client_id: 'uwc_nobody',
        client_secret: 'x',
      }),
      401,
      'invalid_client',
    );
    await expectError(
      await requestToken(
        app,
        { grant_type: 'client_credentials' },
        { headers: basicAuth(client.id, 'nope') },
      ),
      401,
      'invalid_client',
    );
    await expectError(
      await requestToken(app, {
        grant_type: 'password',
        client_id: client.id,
        client_secret: client.clientSecret,
      }),
      400,
      'unsupported_grant_type',
    );
    await expectError(
      await requestToken(app, { client_id: client.id, client_secret: client.clientSecret }),
      400,
      'invalid_request',
    );
    // Two ways of authenticating at once, and a parameter sent twice.
    await expectError(
      await requestToken(
        app,
        { grant_type: 'client_credentials', client_secret: client.clientSecret },
        { headers: basicAuth(client.id, client.clientSecret) },
      ),
      400,
      'invalid_request',
    );
    const twice = await app.server.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&grant_type=client_credentials&client_id=${client.id}`,
    });
    await expectError(twice, 400, 'invalid_request');
    const noClient = await requestToken(app, { grant_type: 'client_credentials' }, { json: true });
    await expectError(noClient, 401, 'invalid_client');
    const notAString = await app.server.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: { grant_type: 5, client_id: client.id },
    });
    await expectError(notAString, 400, 'invalid_request');
    const notJson = await app.server.inject({
      method: 'POST',
      url: TOKEN_PATH,
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    await expectError(notJson, 400, 'invalid_request');

    // Scope narrowing: a subset is granted as asked; a scope the credential lacks is refused.
    const narrowed = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
      scope: 'dictionary:read',
    });
    expect(narrowed.json().scope).toBe('dictionary:read');
    for (const scope of ['usage-log:write', 'dictionary:read admin:all']) {
      await expectError(
        await requestToken(app, {
          grant_type: 'client_credentials',
          client_id: client.id,
          client_secret: client.clientSecret,
          scope,
        }),
        400,
        'invalid_scope',
      );
    }
  });

  it('a token works on its scopes only: another group, a user route and an admin route answer 403', async () => {
    const client = await createApiClient(app, admin);
    const token = await tokenOf(app, client, { scope: 'dictionary:read' });
    expect((await readDictionary(token)).statusCode).toBe(200);
    const refusals = [
      await callWith(token, 'GET', PARAMS),
      await callWith(token, 'POST', USAGE_LOG, usageLog),
      await callWith(token, 'GET', '/ump/currUserInfo'),
      await callWith(token, 'GET', '/dmp/admin/tenants'),
      await callWith(token, 'GET', API_CLIENTS),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().Error).toBe('API_SCOPE_NOT_GRANTED');
    }
    const forged = await callWith('uwat.not-a-token-of-anybody', 'POST', DICTIONARY, {
      codes: ['deviceType'],
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().Error).toBe('TOKEN_INVALID');
    // A user session still works on the same route.
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const asUser = await app.server.inject({ method: 'GET', url: PARAMS, headers: member });
    expect(asUser.statusCode).toBe(200);
  });

  it("posts usage logs for its application, in its tenant, under the credential's name", async () => {
    const client = await createApiClient(app, admin, {
      name: '设备应用上报',
      applicationId: 'app-devices',
      scopes: ['usage-log:write'],
    });
    const token = await tokenOf(app, client);
    const posted = await callWith(token, 'POST', USAGE_LOG, { ...usageLog, userName: 'someone.else' });
    expect(posted.statusCode, posted.body).toBe(200);
    const otherApp = await callWith(token, 'POST', USAGE_LOG, {
      ...usageLog,
      applicationId: 'app-knowledge',
    });
    expect(otherApp.statusCode).toBe(403);
    await app.services.usageLogs.flush();
    const rows = await infra.db.asPlatform((tx) =>
      tx.select().from(usageLogs).where(eq(usageLogs.apiClientId, client.id)),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        tenantId: 't-water',
        accountId: null,
        visitorId: null,
        userName: `client:${client.id}`,
        applicationId: 'app-devices',
      }),
    ]);
  });

  it('refuses addresses outside the allow-list (IPv4 and IPv6 networks), at the token endpoint and on each call', async () => {
    const client = await createApiClient(app, admin, { ipAllowList: ['203.0.113.0/24', '2001:db8::/32'] });
    const outside = await requestToken(
      app,
      { grant_type: 'client_credentials', client_id: client.id, client_secret: client.clientSecret },
      { ip: '198.51.100.7' },
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error).toBe('unauthorized_client');
    const token = await tokenOf(app, client, { ip: '203.0.113.9' });
    expect((await readDictionary(token, '203.0.113.200')).statusCode).toBe(200);
    expect((await readDictionary(token, '2001:db8:7::1')).statusCode).toBe(200);
    for (const ip of ['198.51.100.7', '2001:db9::1', '203.0.114.1']) {
      const res = await readDictionary(token, ip);
      expect(res.statusCode, ip).toBe(403);
      expect(res.json().Error).toBe('CLIENT_IP_NOT_ALLOWED');
    }
  });

  it('answers 429 with Retry-After past its requests per minute', async () => {
    const client = await createApiClient(app, admin, { ratePerMinute: 3 });
    const token = await tokenOf(app, client);
    for (let i = 0; i < 3; i++) expect((await readDictionary(token)).statusCode).toBe(200);
    const refused = await readDictionary(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().Error).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('an expired credential gets invalid_client, a token past its expires_in 401', async () => {
    const client = await createApiClient(app, admin);
    const token = await tokenOf(app, client);
    await infra.db.asPlatform((tx) =>
      tx
        .update(apiClientTokens)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(apiClientTokens.tokenHash, hashSecret(token))),
    );
    const late = await readDictionary(token);
    expect(late.statusCode).toBe(401);
    expect(late.json().Error).toBe('TOKEN_INVALID');

    const fresh = await tokenOf(app, client);
    await infra.db.asPlatform((tx) =>
      tx
        .update(apiClients)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(apiClients.id, client.id)),
    );
    expect((await readDictionary(fresh)).statusCode).toBe(401);
    const again = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({
      error: 'invalid_client',
      error_description: 'The client credential has expired',
      message: '接口凭据已过期',
    });
  });

  it('rotation: old and new secret both work inside the overlap window, only the new one after it', async () => {
    const client = await createApiClient(app, admin);
    const rotated = await action(client.id, 'rotate-secret', { overlapHours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { clientSecret: newSecret, previousSecretValidUntil } = rotated.json().Response;
    expect(newSecret).toMatch(/^uwsk\./);
    expect(newSecret).not.toBe(client.clientSecret);
    const until = new Date(previousSecretValidUntil).getTime() - Date.now();
    expect(until).toBeGreaterThan(7_100_000);
    expect(until).toBeLessThanOrEqual(7_200_000);
    await tokenOf(app, client);
    await tokenOf(app, { id: client.id, clientSecret: newSecret });

    await infra.db.asPlatform((tx) =>
      tx
        .update(apiClients)
        .set({ previousSecretValidUntil: sql`now() - interval '1 second'` })
        .where(eq(apiClients.id, client.id)),
    );
    const old = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
    });
    expect(old.json().error).toBe('invalid_client');
    await tokenOf(app, { id: client.id, clientSecret: newSecret });

    // Without an overlap the old secret stops at once.
    const again = await action(client.id, 'rotate-secret', { overlapHours: 0 });
    const newest = again.json().Response.clientSecret;
    expect(again.json().Response.previousSecretValidUntil).toBeNull();
    const stale = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: newSecret,
    });
    expect(stale.statusCode).toBe(401);
    await tokenOf(app, { id: client.id, clientSecret: newest });
  });

  it('revoking ends the tokens in use at once and for good; disabling until enabled again', async () => {
    const client = await createApiClient(app, admin);
    const token = await tokenOf(app, client);
    expect((await readDictionary(token)).statusCode).toBe(200);
    await action(client.id, 'disable');
    expect((await readDictionary(token)).statusCode).toBe(401);
    const whileDisabled = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
    });
    expect(whileDisabled.json()).toMatchObject({
      error: 'invalid_client',
      error_description: 'The client credential is disabled',
      message: '接口凭据已停用',
    });
    await action(client.id, 'enable');
    const second = await tokenOf(app, client);
    expect((await readDictionary(second)).statusCode).toBe(200);

    const revoked = await action(client.id, 'revoke');
    expect(revoked.json().Response).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await readDictionary(second)).statusCode).toBe(401);
    expect(
      (
        await requestToken(app, {
          grant_type: 'client_credentials',
          client_id: client.id,
          client_secret: client.clientSecret,
        })
      ).statusCode,
    ).toBe(401);
    for (const verb of ['enable', 'rotate-secret']) {
      const res = await action(client.id, verb);
      expect(res.statusCode).toBe(422);
      expect(res.json().Error).toBe('API_CLIENT_REVOKED');
    }
  });

  it('revoking on one instance ends a token another instance has cached, without waiting for its cache', async () => {
    const { buildApp } = await import('../../src/app');
    const other = await buildApp({
      config: app.config,
      ...infra,
      serveWeb: false,
      logger: pino({ level: 'silent' }),
    });
    try {
      const client = await createApiClient(app, admin);
      const token = await tokenOf(app, client);
      const readOn = (instance: { server: TestApp['server'] }) =>
        instance.server.inject({
          method: 'POST',
          url: DICTIONARY,
          headers: { ...bearer(token), 'x-forwarded-for': '192.0.2.10' },
          payload: { codes: ['deviceType'] },
        });
      expect((await readOn(other)).statusCode).toBe(200); // now cached there
      await action(client.id, 'revoke');
      // Told through PubSub (Redis between processes): well before its 5 s cache would have expired.
      await expect
        .poll(async () => (await readOn(other)).statusCode, { timeout: 2_000, interval: 20 })
        .toBe(401);
    } finally {
      await other.close();
    }
  });

  it('writes every call to the access log and counts the calls of the day and the last use', async () => {
    const client = await createApiClient(app, admin, { ratePerMinute: 1 });
    const token = await tokenOf(app, client, { ip: '192.0.2.77' });
    await readDictionary(token, '192.0.2.78');
    await callWith(token, 'GET', '/dmp/admin/tenants', undefined, '192.0.2.78');
    await readDictionary(token, '192.0.2.79'); // over the rate: 429
    await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: 'wrong',
    });
    await app.services.apiUsage.flush();

    const rows = await infra.db.asPlatform((tx) =>
      tx.select().from(apiAccessLogs).where(eq(apiAccessLogs.clientId, client.id)),
    );
    const summary = rows
      .map((row) => `${row.method} ${row.route} ${row.status} ${row.ip} ${row.tenantId}`)
      .sort();
    expect(summary).toEqual(
      [
        `POST ${TOKEN_PATH} 200 192.0.2.77 t-water`,
        `POST ${DICTIONARY} 200 192.0.2.78 t-water`,
        'GET /dmp/admin/tenants 403 192.0.2.78 t-water',
        `POST ${DICTIONARY} 429 192.0.2.79 t-water`,
        `POST ${TOKEN_PATH} 401 192.0.2.10 t-water`,
      ].sort(),
    );
    expect(rows.every((row) => row.durationMs >= 0 && row.durationMs < 5_000)).toBe(true);
    // The tenant reads its own rows under row-level security; the other tenant none of them.
    const seenByWater = await infra.db.withTenant('t-water', (tx) =>
      tx.select().from(apiAccessLogs).where(eq(apiAccessLogs.clientId, client.id)),
    );
    expect(seenByWater).toHaveLength(5);
    const seenByEnergy = await infra.db.withTenant('t-energy', (tx) => tx.select().from(apiAccessLogs));
    expect(seenByEnergy).toEqual([]);

    // Calls with the credential proved (token or right secret) count; the wrong secret does not.
    const row = (
      await app.server.inject({ method: 'GET', url: `${API_CLIENTS}/${client.id}`, headers: admin })
    ).json().Response;
    expect(row.callsToday).toBe(4);
    expect(row.dailyCalls).toEqual([{ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), calls: 4 }]);
    expect(row.lastUsedIp).toBe('192.0.2.79');
    expect(Date.now() - new Date(row.lastUsedAt).getTime()).toBeLessThan(60_000);
  });
});
