import type { TestApp } from './test-app';

export const API_CLIENTS = '/dmp/admin/api-clients';
export const TOKEN_PATH = '/dmp/oauth/token';

export interface CreatedClient {
  id: string;
  clientSecret: string;
  version: number;
  [field: string]: unknown;
}

/** A credential created through the admin API as `admin` (bearer headers); fails the test if refused. */
export const createApiClient = async (
  app: TestApp,
  admin: Record<string, string>,
  fields: Record<string, unknown> = {},
): Promise<CreatedClient> => {
  const res = await app.server.inject({
    method: 'POST',
    url: API_CLIENTS,
    headers: admin,
    payload: {
      name: '水务数据同步',
      ownerTenantId: 't-water',
      scopes: ['dictionary:read', 'parameter:read'],
      ...fields,
    },
  });
  if (res.statusCode !== 200) throw new Error(`create api client: ${res.statusCode} ${res.body}`);
  return res.json().Response as CreatedClient;
};

export const basicAuth = (clientId: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});

/** POST /dmp/oauth/token as a client sends it: form-encoded (or JSON), from a given address. */
export const requestToken = (
  app: TestApp,
  params: Record<string, string>,
  options: { ip?: string; headers?: Record<string, string>; json?: boolean } = {},
) =>
  app.server.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: {
      'x-forwarded-for': options.ip ?? '192.0.2.10',
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...options.headers,
    },
    payload: options.json ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });

/** A fresh token for a credential by its current secret (client_id/client_secret in the form). */
export const tokenOf = async (
  app: TestApp,
  client: { id: string; clientSecret: string },
  options: { scope?: string; ip?: string } = {},
): Promise<string> => {
  const res = await requestToken(
    app,
    {
      grant_type: 'client_credentials',
      client_id: client.id,
      client_secret: client.clientSecret,
      ...(options.scope ? { scope: options.scope } : {}),
    },
    { ip: options.ip },
  );
  if (res.statusCode !== 200) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
};
