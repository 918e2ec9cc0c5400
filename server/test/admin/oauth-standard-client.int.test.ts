import type { AddressInfo } from 'node:net';
import { API_SCOPE_CODES, OAUTH_DESCRIPTION_PATTERN } from '@uniwim/contracts';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedClient, createApiClient, requestToken, tokenOf } from '../support/api-clients';
import { type TestInfrastructure, testBackends } from '../support/backends';
import { bearer, tokenFor } from '../support/fixtures';
import { startTestApp, type TestApp } from '../support/test-app';

const TODOS = '/ump/todos';
const DICTIONARY = '/ump/dictionary/getValueByCode';
const INTROSPECT = '/dmp/oauth/introspect';
const REVOKE = '/dmp/oauth/revoke';
const METADATA = '/.well-known/oauth-authorization-server';
const todo = (title: string) => JSON.stringify({ username: 'water.op', title });

/** The parsed challenges a standard client saw when a protected call was refused. */
const challengesOf = async (call: Promise<Response>) => {
  const refusal = await call.then(
    () => {
      throw new Error('the call was not refused with a WWW-Authenticate challenge');
    },
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(oidc.WWWAuthenticateChallengeError);
  const challenge = refusal as oidc.WWWAuthenticateChallengeError;
  return { status: challenge.status, challenges: challenge.cause };
};

/**
 * The API credentials as a standard OAuth client uses them: openid-client (v6, on oauth4webapi)
 * against the server listening on a real port, discovering it by RFC 8414 metadata.
 */
describe.each(testBackends())('API credentials through a standard OAuth client on $name', (backend) => {
  let infra: TestInfrastructure;
  let app: TestApp;
  let base: string;
  let admin: Record<string, string>;
  let credential: CreatedClient;

  beforeAll(async () => {
    infra = await backend.open();
    app = await startTestApp(infra);
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    admin = bearer(await tokenFor(app, infra.db, 'admin', null));
    credential = await createApiClient(app, admin, {
      name: '工单系统',
      scopes: ['todo:write', 'dictionary:read'],
    });
  });
  afterAll(async () => {
    await app?.close();
    await infra?.close();
  });

  /** openid-client v6 refuses http:// unless told: the test server has no TLS. */
  const discover = (auth: oidc.ClientAuth, client: CreatedClient = credential) =>
    oidc.discovery(new URL(base), client.id, client.clientSecret, auth, {
      algorithm: 'oauth2',
      execute: [oidc.allowInsecureRequests],
    });

  it('discovers the metadata, gets a token, calls a client route, introspects and revokes the token', async () => {
    const config = await discover(oidc.ClientSecretBasic(credential.clientSecret));
    expect(config.serverMetadata()).toMatchObject({
      issuer: base,
      token_endpoint: `${base}/dmp/oauth/token`,
      introspection_endpoint: `${base}${INTROSPECT}`,
      revocation_endpoint: `${base}${REVOKE}`,
      grant_types_supported: ['client_credentials'],
      response_types_supported: [],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: API_SCOPE_CODES,
    });

    const granted = await oidc.clientCredentialsGrant(config, { scope: 'todo:write' });
    // oauth4webapi hands token_type back lowercased, as RFC 6749 lets it.
    expect(granted.token_type).toBe('bearer');
    expect(granted.scope).toBe('todo:write');
    const token = granted.access_token;

    const viaLibrary = await oidc.fetchProtectedResource(
      config,
      token,
      new URL(TODOS, base),
      'POST',
      todo('标准客户端推送的待办'),
      new Headers({ 'content-type': 'application/json' }),
    );
    expect(viaLibrary.status, await viaLibrary.clone().text()).toBe(200);
    // The scheme as the client holds it: "bearer <token>".
    const asHandedBack = await fetch(new URL(TODOS, base), {
      method: 'POST',
      headers: { authorization: `${granted.token_type} ${token}`, 'content-type': 'application/json' },
      body: todo('令牌类型小写'),
    });
    expect(asHandedBack.status, await asHandedBack.text()).toBe(200);

    const introspected = await oidc.tokenIntrospection(config, token);
    const now = Math.floor(Date.now() / 1000);
    expect(introspected).toEqual({
      active: true,
      scope: 'todo:write',
      client_id: credential.id,
      token_type: 'Bearer',
      exp: expect.any(Number),
      iat: expect.any(Number),
      iss: base,
    });
    expect(introspected.iat).toBeLessThanOrEqual(now);
    expect(introspected.exp).toBe((introspected.iat as number) + (granted.expires_in as number));

    await oidc.tokenRevocation(config, token);
    expect(await oidc.tokenIntrospection(config, token)).toEqual({ active: false });
    const afterRevocation = await challengesOf(
      oidc.fetchProtectedResource(
        config,
        token,
        new URL(TODOS, base),
        'POST',
        todo('吊销后'),
        new Headers({ 'content-type': 'application/json' }),
      ),
    );
    expect(afterRevocation.status).toBe(401);
    expect(afterRevocation.challenges).toEqual([
      {
        scheme: 'bearer',
        parameters: {
          realm: 'uniwim',
          error: 'invalid_token',
          error_description: expect.stringMatching(OAUTH_DESCRIPTION_PATTERN),
        },
      },
    ]);
    // RFC 7009 section 2.2: an unknown (or already revoked) token is not an error.
    await oidc.tokenRevocation(config, token);
    await oidc.tokenRevocation(config, 'uwat.never-issued-by-anyone');
  });

  it("authenticates by client_secret_post too, and introspection tells nothing of other clients' tokens", async () => {
    const config = await discover(oidc.ClientSecretPost(credential.clientSecret));
    const own = (await oidc.clientCredentialsGrant(config)).access_token;
    expect(await oidc.tokenIntrospection(config, own)).toMatchObject({
      active: true,
      scope: 'todo:write dictionary:read',
    });

    const other = await createApiClient(app, admin, { name: '另一个系统', scopes: ['dictionary:read'] });
    const othersToken = await tokenOf(app, other);
    for (const token of [othersToken, 'uwat.never-issued-by-anyone', 'not-even-a-client-token']) {
      expect(await oidc.tokenIntrospection(config, token)).toEqual({ active: false });
    }
    // Revoking another client's token leaves it working (and the caller is not told it exists).
    await oidc.tokenRevocation(config, othersToken);
    const othersConfig = await discover(oidc.ClientSecretBasic(other.clientSecret), other);
    expect(await oidc.tokenIntrospection(othersConfig, othersToken)).toMatchObject({ active: true });
    // An expired token is inactive: its row's end moved into the past.
    const { apiClientTokens } = await import('../../src/modules/api-clients/schema');
    const { hashSecret } = await import('../../src/modules/api-clients/secrets');
    const { eq } = await import('drizzle-orm');
    await infra.db.asPlatform((tx) =>
      tx
        .update(apiClientTokens)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(apiClientTokens.tokenHash, hashSecret(own))),
    );
    await app.services.apiClients.changed();
    expect(await oidc.tokenIntrospection(config, own)).toEqual({ active: false });
  });

  it('refusals to a bearer token carry the RFC 6750 challenge: invalid_token, insufficient_scope with its scope', async () => {
    const config = await discover(oidc.ClientSecretBasic(credential.clientSecret));
    const reader = (await oidc.clientCredentialsGrant(config, { scope: 'dictionary:read' })).access_token;
    const outOfScope = await challengesOf(
      oidc.fetchProtectedResource(
        config,
        reader,
        new URL(TODOS, base),
        'POST',
        todo('无权'),
        new Headers({ 'content-type': 'application/json' }),
      ),
    );
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.challenges).toEqual([
      {
        scheme: 'bearer',
        parameters: {
          realm: 'uniwim',
          error: 'insufficient_scope',
          error_description: expect.stringMatching(OAUTH_DESCRIPTION_PATTERN),
          scope: 'todo:write',
        },
      },
    ]);
    // A route not open to credentials at all: insufficient_scope, no scope would do.
    const userRoute = await challengesOf(
      oidc.fetchProtectedResource(config, reader, new URL('/ump/currUserInfo', base), 'GET'),
    );
    expect(userRoute.status).toBe(403);
    expect(userRoute.challenges[0]?.parameters).toMatchObject({ error: 'insufficient_scope' });
    expect(userRoute.challenges[0]?.parameters.scope).toBeUndefined();
    const forged = await challengesOf(
      oidc.fetchProtectedResource(
        config,
        'uwat.forged',
        new URL(DICTIONARY, base),
        'POST',
        '{"codes":["x"]}',
        new Headers({ 'content-type': 'application/json' }),
      ),
    );
    expect(forged.status).toBe(401);
    expect(forged.challenges[0]?.parameters).toMatchObject({ realm: 'uniwim', error: 'invalid_token' });
  });

  it('reads the Bearer scheme in any case and with extra spaces, for sessions too; a malformed header is invalid_request', async () => {
    const session = await tokenFor(app, infra.db, 'water.op', 't-water');
    for (const authorization of [
      `bearer ${session}`,
      `BEARER ${session}`,
      `Bearer   ${session}  `,
      `bEaReR\t${session}`,
    ]) {
      const res = await app.server.inject({
        method: 'GET',
        url: '/ump/currUserInfo',
        headers: { authorization },
      });
      expect(res.statusCode, `${authorization}: ${res.body}`).toBe(200);
    }
    const noCredentials = await app.server.inject({ method: 'GET', url: '/ump/currUserInfo' });
    expect(noCredentials.statusCode).toBe(401);
    expect(noCredentials.headers['www-authenticate']).toBe('Bearer realm="uniwim"');
    // Another scheme is no bearer token at all.
    const basic = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: { authorization: 'Basic dXNlcjpwYXNz' },
    });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().Error).toBe('UNAUTHENTICATED');
    expect(basic.headers['www-authenticate']).toBe('Bearer realm="uniwim"');
    const malformed = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: { authorization: `Bearer ${session} extra` },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Error).toBe('AUTHORIZATION_MALFORMED');
    expect(malformed.headers['www-authenticate']).toMatch(
      /^Bearer realm="uniwim", error="invalid_request", error_description="[\x20\x21\x23-\x5B\x5D-\x7E]+"$/,
    );
    const expired = await app.server.inject({
      method: 'GET',
      url: '/ump/currUserInfo',
      headers: bearer('A'.repeat(43)),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.headers['www-authenticate']).toMatch(
      /^Bearer realm="uniwim", error="invalid_token", error_description="/,
    );
    // A member without an admin permission: the token lacks the privileges (insufficient_scope).
    const forbidden = await app.server.inject({
      method: 'GET',
      url: '/ump/admin/roles',
      headers: bearer(session),
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['www-authenticate']).toMatch(
      /^Bearer realm="uniwim", error="insufficient_scope", /,
    );
    // A refusal of sign-in is no bearer refusal: the 401 names the realm only.
    const login = await app.server.inject({
      method: 'POST',
      url: '/dmp/refreshToken',
      headers: { 'content-type': 'application/json' },
      payload: { refreshToken: 'A'.repeat(43) },
    });
    expect(login.statusCode).toBe(401);
    expect(login.headers['www-authenticate']).toBe('Bearer realm="uniwim"');
  });

  it("the OAuth endpoints' error_description is printable ASCII, the Chinese words in message", async () => {
    const refusals = [
      await requestToken(app, {
        grant_type: 'client_credentials',
        client_id: credential.id,
        client_secret: 'wrong',
      }),
      await requestToken(app, { grant_type: 'password', client_id: credential.id, client_secret: 'x' }),
      await requestToken(app, {
        grant_type: 'client_credentials',
        client_id: credential.id,
        client_secret: credential.clientSecret,
        scope: '待办:写 "quoted\\"',
      }),
      await app.server.inject({
        method: 'POST',
        url: '/dmp/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%E5%8F%82%E6%95%B0=1&%E5%8F%82%E6%95%B0=2',
      }),
      await app.server.inject({
        method: 'POST',
        url: INTROSPECT,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          client_id: credential.id,
          client_secret: credential.clientSecret,
        }).toString(),
      }),
      await app.server.inject({
        method: 'POST',
        url: REVOKE,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: 'x',
          client_id: credential.id,
          client_secret: 'wrong',
        }).toString(),
      }),
    ];
    expect(refusals.map((res) => [res.statusCode, res.json().error])).toEqual([
      [401, 'invalid_client'],
      [400, 'unsupported_grant_type'],
      [400, 'invalid_scope'],
      [400, 'invalid_request'],
      [400, 'invalid_request'],
      [401, 'invalid_client'],
    ]);
    for (const res of refusals) {
      expect(res.json().error_description).toMatch(OAUTH_DESCRIPTION_PATTERN);
      expect(res.json().message).toMatch(/[\u4e00-\u9fff]/);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('metadata: the issuer is the origin the client used, or PUBLIC_URL when set', async () => {
    const proxied = await app.server.inject({
      method: 'GET',
      url: METADATA,
      headers: { host: 'api.example.com', 'x-forwarded-proto': 'https' },
    });
    expect(proxied.statusCode).toBe(200);
    expect(proxied.json()).toMatchObject({
      issuer: 'https://api.example.com',
      token_endpoint: 'https://api.example.com/dmp/oauth/token',
    });
    expect(proxied.json().Code).toBeUndefined();

    const published = await startTestApp(infra, { PUBLIC_URL: 'https://cloud.example.com/' });
    try {
      const res = await published.server.inject({ method: 'GET', url: METADATA });
      expect(res.json()).toMatchObject({
        issuer: 'https://cloud.example.com',
        introspection_endpoint: 'https://cloud.example.com/dmp/oauth/introspect',
        revocation_endpoint: 'https://cloud.example.com/dmp/oauth/revoke',
      });
    } finally {
      await published.close();
    }
  });

  it('a token revoked on one instance is refused by another that had it cached', async () => {
    const other = await startTestApp(infra);
    try {
      const token = await tokenOf(app, credential);
      const readOn = (instance: TestApp) =>
        instance.server.inject({
          method: 'POST',
          url: DICTIONARY,
          headers: bearer(token),
          payload: { codes: ['deviceType'] },
        });
      expect((await readOn(other)).statusCode).toBe(200); // now cached there
      const revoked = await app.server.inject({
        method: 'POST',
        url: REVOKE,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token,
          token_type_hint: 'access_token',
          client_id: credential.id,
          client_secret: credential.clientSecret,
        }).toString(),
      });
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json()).toEqual({});
      expect((await readOn(app)).statusCode).toBe(401);
      await expect
        .poll(async () => (await readOn(other)).statusCode, { timeout: 2_000, interval: 20 })
        .toBe(401);
    } finally {
      await other.close();
    }
  });
});
