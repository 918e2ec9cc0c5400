import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClients } from '../../src/modules/api-clients/schema';
import { hashSecret } from '../../src/modules/api-clients/secrets';
import { operationLogs } from '../../src/platform/admin/schema';
import { platformOperator } from '../support/admin';
import { API_CLIENTS, createApiClient, tokenOf } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

describe.each(testBackends())('the api-clients resource on $name', (backend) => {
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

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    app.server.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async (query: string) => {
    const res = await call('GET', `${API_CLIENTS}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Response as { items: { id: string; name: string }[]; total: number };
  };

  it('creates a credential whose secret is answered once and never again, nor logged, nor stored', async () => {
    const created = await createApiClient(app, admin, {
      name: '水务数据中台',
      description: '夜间同步字典',
      ipAllowList: ['203.0.113.0/24', '2001:db8::/32'],
      ratePerMinute: 120,
      tokenTtlSeconds: 300,
      expiresAt: '2099-01-01T00:00:00+08:00',
    });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^uwc_[0-9a-f]{20}$/),
      clientSecret: expect.stringMatching(/^uwsk\.[A-Za-z0-9_-]{43}$/),
      name: '水务数据中台',
      ownerTenantId: 't-water',
      ownerTenantName: '示范水务集团',
      applicationId: null,
      scopes: ['dictionary:read', 'parameter:read'],
      ipAllowList: ['203.0.113.0/24', '2001:db8::/32'],
      ratePerMinute: 120,
      tokenTtlSeconds: 300,
      status: 'active',
      lastUsedAt: null,
      callsToday: 0,
      dailyCalls: [],
      version: 0,
    });
    const secret = created.clientSecret;
    const read = await call('GET', `${API_CLIENTS}/${created.id}`);
    const history = await call('GET', `${API_CLIENTS}/${created.id}/history`);
    const listed = await call('GET', `${API_CLIENTS}?id=${created.id}`);
    for (const res of [read, history, listed]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain('clientSecret');
    }
    expect(history.json().Response[0]).toMatchObject({ action: 'create' });
    const [stored] = await infra.db.asPlatform((tx) =>
      tx.select().from(apiClients).where(eq(apiClients.id, created.id)),
    );
    expect(stored!.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(stored)).not.toContain(secret);

    // Rotation answers the new secret once; neither secret reaches the operation log or the log lines.
    const rotated = await call('POST', `${API_CLIENTS}/${created.id}/rotate-secret`, {});
    const newSecret = rotated.json().Response.clientSecret as string;
    expect(new Date(rotated.json().Response.previousSecretValidUntil).getTime() - Date.now()).toBeGreaterThan(
      23.9 * 3_600_000,
    );
    const logged = await infra.db.asPlatform((tx) =>
      tx.select().from(operationLogs).where(eq(operationLogs.recordId, created.id)),
    );
    expect(logged.map((row) => row.action).sort()).toEqual(['create', 'rotate-secret']);
    await tokenOf(app, { id: created.id, clientSecret: newSecret }, { ip: '203.0.113.4' });
    // A client that puts its secret in the query string (it should not) does not get it logged either.
    await app.server.inject({
      method: 'POST',
      url: `/dmp/oauth/token?client_id=${created.id}&client_secret=${newSecret}`,
      headers: { 'x-forwarded-for': '203.0.113.4' },
      payload: { grant_type: 'client_credentials' },
    });
    expect(app.logLines.some((line) => line.includes('client_secret=%5BRedacted%5D'))).toBe(true);
    for (const text of [JSON.stringify(logged), app.logLines.join('\n')]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(newSecret);
    }
  });

  it('refuses bad input with the field named: addresses, owners, scopes, expiry', async () => {
    const refusal = async (fields: Record<string, unknown>, status: number, error: string, path?: string) => {
      const res = await call('POST', API_CLIENTS, {
        name: '坏数据',
        ownerTenantId: 't-water',
        scopes: ['dictionary:read'],
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().Error).toBe(error);
      if (path) expect(JSON.stringify(res.json().Details)).toContain(path);
    };
    await refusal({ ipAllowList: ['10.0.0.0/33'] }, 400, 'BAD_REQUEST', 'ipAllowList');
    await refusal({ ipAllowList: ['2001:db8::/129'] }, 400, 'BAD_REQUEST', 'ipAllowList');
    await refusal({ ipAllowList: ['example.com'] }, 400, 'BAD_REQUEST', 'ipAllowList');
    await refusal({ scopes: ['admin:all'] }, 400, 'BAD_REQUEST', 'scopes');
    await refusal({ scopes: [] }, 400, 'BAD_REQUEST', 'scopes');
    await refusal({ ownerTenantId: null }, 400, 'BAD_REQUEST', 'ownerTenantId');
    await refusal({ ownerTenantId: 't-nowhere' }, 404, 'NOT_FOUND', 'body.ownerTenantId');
    await refusal({ applicationId: 'app-nowhere' }, 404, 'NOT_FOUND', 'body.applicationId');
    await refusal({ expiresAt: '2001-01-01T00:00:00Z' }, 422, 'RULE_BROKEN', 'body.expiresAt');
    await refusal({ ratePerMinute: 0 }, 400, 'BAD_REQUEST', 'ratePerMinute');
    await refusal({ secretHash: 'mine' }, 400, 'BAD_REQUEST');
    expect((await list('name=%E5%9D%8F')).total).toBe(0);
  });

  it('pages, sorts and filters as declared', async () => {
    const energy = await createApiClient(app, admin, {
      name: '能源报表',
      ownerTenantId: 't-energy',
      scopes: ['parameter:read'],
      expiresAt: '2030-06-01T00:00:00Z',
    });
    const appOnly = await createApiClient(app, admin, {
      name: '知识库上报',
      ownerTenantId: null,
      applicationId: 'app-knowledge',
      scopes: ['usage-log:write'],
    });
    await call('POST', `${API_CLIENTS}/${appOnly.id}/disable`, {});
    const names = (page: { items: { name: string }[] }) => page.items.map((c) => c.name);
    expect(names(await list(`id=${energy.id.slice(4, 14)}`))).toEqual(['能源报表']);
    expect(names(await list('name=%E7%9F%A5%E8%AF%86'))).toEqual(['知识库上报']);
    expect(names(await list('ownerTenantId=t-energy'))).toEqual(['能源报表']);
    expect(names(await list('applicationId=app-knowledge'))).toEqual(['知识库上报']);
    expect(names(await list('scope=usage-log'))).toEqual(['知识库上报']);
    expect(names(await list('status=disabled'))).toEqual(['知识库上报']);
    expect((await list('status=active,disabled')).total).toBe((await list('')).total);
    expect(names(await list('expiresAtFrom=2030-05-31&expiresAtTo=2030-06-01'))).toEqual(['能源报表']);
    expect((await list('createdAtFrom=2000-01-01')).total).toBe((await list('')).total);
    expect((await list('createdAtTo=2000-01-01')).total).toBe(0);
    expect(names(await list('q=%E8%83%BD%E6%BA%90'))).toEqual(['能源报表']);

    const sorted = names(await list('sort=name&pageSize=200'));
    expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await list('sort=-createdAt&page=1&pageSize=1');
    const second = await list('sort=-createdAt&page=2&pageSize=1');
    expect(first.items[0]!.name).toBe('知识库上报');
    expect(second.items[0]!.name).toBe('能源报表');

    // Used credentials: the last-use range and the calls of the day sort.
    await tokenOf(app, energy);
    await tokenOf(app, energy);
    await app.services.apiUsage.flush();
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(names(await list(`lastUsedAtFrom=${encodeURIComponent(since)}`))).toContain('能源报表');
    expect((await list('sort=-callsToday&pageSize=1')).items[0]!.name).toBe('能源报表');
    expect((await call('GET', `${API_CLIENTS}?sort=secretHash`)).statusCode).toBe(400);
  });

  it('updates with optimistic locking; a stale version answers 409; scope changes apply to live tokens', async () => {
    const client = await createApiClient(app, admin, { name: '版本测试' });
    const token = await tokenOf(app, client);
    const read = () =>
      app.server.inject({
        method: 'POST',
        url: '/ump/dictionary/getValueByCode',
        headers: { ...bearer(token), 'x-forwarded-for': '192.0.2.10' },
        payload: { codes: ['deviceType'] },
      });
    expect((await read()).statusCode).toBe(200);
    const first = await call('PUT', `${API_CLIENTS}/${client.id}`, {
      scopes: ['parameter:read'],
      version: 0,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Response).toMatchObject({ scopes: ['parameter:read'], version: 1 });
    const stale = await call('PUT', `${API_CLIENTS}/${client.id}`, { name: '旧版本', version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Error).toBe('VERSION_CONFLICT');
    expect((await read()).statusCode).toBe(403);
    const history = (await call('GET', `${API_CLIENTS}/${client.id}/history`)).json().Response;
    expect(history[0]).toMatchObject({
      action: 'update',
      changes: { scopes: { before: ['dictionary:read', 'parameter:read'], after: ['parameter:read'] } },
    });
  });

  it('the permission matrix: no token, a member, a tenant administrator, an operator without and with the codes', async () => {
    const client = await createApiClient(app, admin, { name: '权限矩阵' });
    const doc = app.server.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith(API_CLIENTS))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const member = bearer(await tokenFor(app, infra.db, 'water.op', 't-water'));
    const tenantAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
    const nobody = await platformOperator(app, infra.db, 'ops.nokeys', ['tenant:list']);
    const everything = await platformOperator(app, infra.db, 'ops.keys', [
      'api-client:list',
      'api-client:create',
      'api-client:update',
      'api-client:rotate-secret',
      'api-client:revoke',
      'api-client:export',
    ]);
    for (const { method, path } of routes) {
      const url = path.replace('{id}', client.id);
      const payload = method === 'GET' ? undefined : {};
      const send = (headers: Record<string, string>) => call(method as 'GET', url, payload, headers);
      expect((await send({})).statusCode, `${method} ${url} without a token`).toBe(401);
      for (const [who, headers] of [
        ['a member', member],
        ['a tenant administrator', tenantAdmin],
        ['an operator without the codes', nobody],
      ] as const) {
        const res = await send(headers);
        expect(res.statusCode, `${method} ${url} as ${who}: ${res.body}`).toBe(403);
        expect(res.json().Message).toMatch(/缺少权限 api-client:/);
      }
      const allowed = await send(everything);
      const failure = app.logLines.filter((line) => line.includes('request failed')).at(-1);
      expect([200, 400, 409, 422], `${method} ${url} with the codes: ${allowed.body} ${failure}`).toContain(
        allowed.statusCode,
      );
    }
    // The rows are platform data: a tenant transaction sees none of them.
    const seenByTenant = await infra.db.withTenant('t-water', (tx) =>
      tx.select({ n: sql<number>`count(*)::int` }).from(apiClients),
    );
    expect(seenByTenant[0]!.n).toBe(0);
  });
});
