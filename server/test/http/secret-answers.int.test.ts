import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENTS, createApiClient, requestToken } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { loginClient } from '../support/login-client';
import { startTestApp, TEST_ADMIN_PASSWORD, type TestApp } from '../support/test-app';

/** Fields whose value is a secret: a token, a pending sign-in, a password or a credential's secret. */
const SECRET_FIELDS = new Set([
  'token',
  'refreshToken',
  'access_token',
  'ticket',
  'initialPassword',
  'clientSecret',
]);

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
}
interface Operation {
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Whether a schema of the document holds a field named as a secret, at any depth. */
const holdsSecretField = (
  document: Document,
  schema: Schema | undefined,
  seen = new Set<string>(),
): boolean => {
  if (!schema) return false;
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return false;
    const named = document.components.schemas[schema.$ref.split('/').pop()!];
    return holdsSecretField(document, named, new Set([...seen, schema.$ref]));
  }
  return (
    Object.entries(schema.properties ?? {}).some(
      ([name, property]) => SECRET_FIELDS.has(name) || holdsSecretField(document, property, seen),
    ) ||
    [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].some((part) =>
      holdsSecretField(document, part, seen),
    ) ||
    holdsSecretField(document, schema.items, seen)
  );
};

const expectNoStore = (res: { headers: Record<string, unknown> }, what: string) => {
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers.pragma, what).toBe('no-cache');
};

/**
 * Answers that carry secrets are never stored by a cache (issue 24): every sign-in answer, a
 * refresh, a tenant switch, the OAuth token, a credential's secret and a password shown once.
 */
describe.each(testBackends())('answers that carry secrets on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let document: Document;
  let platformAdmin: Record<string, string>;
  let waterAdmin: Record<string, string>;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    document = app.server.swagger() as unknown as Document;
    platformAdmin = bearer(await tokenFor(app, infra.db, 'admin', null));
    waterAdmin = bearer(await tokenFor(app, infra.db, 'water.admin', 't-water'));
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  /** Every operation whose success answer, as documented, holds a secret field. */
  const secretOperations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) =>
          Object.entries(operation.responses).some(
            ([status, response]) =>
              status.startsWith('2') &&
              Object.values(response.content ?? {}).some((media) => holdsSecretField(document, media.schema)),
          ),
        )
        .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );

  it('finds them all in the document, each documented as no-store, and no others', () => {
    const operations = secretOperations();
    const names = operations.map(({ method, path }) => `${method} ${path}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /dmp/login',
        'POST /dmp/refreshToken',
        'POST /dmp/verificationCodeLogin',
        'POST /dmp/register',
        'GET /ump/scanQrcodeInterface',
        'POST /dmp/changeTenant',
        'POST /dmp/changeTenantToken',
        'POST /dmp/oauth/token',
        'POST /dmp/admin/api-clients',
        'POST /dmp/admin/api-clients/{id}/rotate-secret',
        'POST /ump/admin/users/{id}/reset-password',
        'POST /dmp/admin/platform-users/{id}/reset-password',
      ]),
    );
    const undocumented = operations
      .filter(({ operation }) =>
        Object.entries(operation.responses).some(
          ([status, response]) => status.startsWith('2') && !response.headers?.['cache-control'],
        ),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(undocumented).toEqual([]);
    expect(document.paths['/ump/currUserInfo']!.get!.responses['200']!.headers).toBeUndefined();
  });

  it('sends no-store on each of them, their refusals included', async () => {
    const missing: string[] = [];
    // The legacy sign-in answers the legacy system's address with its token in it.
    const legacySignIn = { method: 'POST', path: '/uniwim/ump/uniLogin' };
    for (const { method, path } of [...secretOperations(), legacySignIn]) {
      const res = await app.server.inject({ method: method as 'GET', url: path.replace(/\{[^}]+\}/g, 'x') });
      if (res.headers['cache-control'] !== 'no-store' || res.headers.pragma !== 'no-cache') {
        missing.push(`${method} ${path}: ${res.statusCode} ${res.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('a sign-in and a refresh answer their tokens with no-store; other answers stay cacheable by rule', async () => {
    const { res, body } = await loginClient(app).login({
      username: 'water.op',
      password: TEST_ADMIN_PASSWORD,
    });
    expect(body.Code, res.body).toBe(0);
    expectNoStore(res, 'POST /dmp/login');
    const refreshed = await app.server.inject({
      method: 'POST',
      url: '/dmp/refreshToken',
      payload: { refreshToken: body.Response.refreshToken },
    });
    expect(refreshed.json().Code, refreshed.body).toBe(0);
    expectNoStore(refreshed, 'POST /dmp/refreshToken');
    const switched = await app.server.inject({
      method: 'POST',
      url: '/dmp/changeTenantToken',
      headers: bearer(refreshed.json().Response.token),
      payload: { tenantId: 't-water' },
    });
    expect(switched.json().Code, switched.body).toBe(0);
    expectNoStore(switched, 'POST /dmp/changeTenantToken');
    const me = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer(switched.json().Response.token),
    });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers['cache-control']).toBeUndefined();
  });

  it("an API credential's secret, at creation and rotation, and its OAuth token", async () => {
    const res = await app.server.inject({
      method: 'POST',
      url: API_CLIENTS,
      headers: platformAdmin,
      payload: { name: '缓存测试', ownerTenantId: 't-water', scopes: ['parameter:read'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expectNoStore(res, 'POST /dmp/admin/api-clients');
    const client = await createApiClient(app, platformAdmin, { name: '缓存测试二' });
    const rotated = await app.server.inject({
      method: 'POST',
      url: `${API_CLIENTS}/${client.id}/rotate-secret`,
      headers: platformAdmin,
      payload: {},
    });
    expect(rotated.json().Response.clientSecret, rotated.body).toMatch(/.{20,}/);
    expectNoStore(rotated, 'rotate-secret');
    const token = await requestToken(app, {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: rotated.json().Response.clientSecret,
    });
    expect(token.statusCode, token.body).toBe(200);
    expectNoStore(token, 'POST /dmp/oauth/token');
  });

  it('a password shown once: a new member and a password reset', async () => {
    const created = await app.server.inject({
      method: 'POST',
      url: '/ump/admin/users',
      headers: waterAdmin,
      payload: { username: 'water.cache', name: '缓存', mobile: '13900000098' },
    });
    expect(created.json().Response.initialPassword, created.body).toMatch(/.{8,}/);
    expectNoStore(created, 'POST /ump/admin/users');
    const reset = await app.server.inject({
      method: 'POST',
      url: `/ump/admin/users/${created.json().Response.id}/reset-password`,
      headers: waterAdmin,
      payload: {},
    });
    expect(reset.json().Response.initialPassword, reset.body).toMatch(/.{8,}/);
    expectNoStore(reset, 'reset-password');
  });
});
