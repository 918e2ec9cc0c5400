import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, createMemoryStorage } from '../../lib/test-doubles';
import { fetchTenantOptions, switchTenant } from './tenant-switch';

const ok = (Response: unknown) => ({ body: { Code: 0, Message: '', Response } });
const answer = (tenantId: string | null) => ({
  token: 'new-token',
  expire: 7200,
  refreshToken: 'new-refresh',
  tenantId,
  tenantName: tenantId ? '示范能源公司' : null,
});

const session = () =>
  createMemoryStorage({
    UniWimAuthorization: 'old-token',
    uniwater_utoken: 'old-token',
    UniWimRefreshToken: 'old-refresh',
    UniWimTenantId: 't-water',
    phoneShowYinuo: '1',
  });

describe('switchTenant (spec section 4, Tenant switching)', () => {
  it('asks for a token of the chosen tenant and stores it in place of the old session', async () => {
    const server = createFakeServer({ 'POST /dmp/changeTenant': ok(answer('t-energy')) });
    const storage = session();
    const client = createApiClient({
      fetch: server.fetch,
      getToken: () => storage.getItem('UniWimAuthorization'),
    });
    await switchTenant(client, storage, { tenantId: 't-energy' }, 1_000);
    expect(server.requests[0]).toMatchObject({
      body: { tenantId: 't-energy' },
      headers: { Authorization: 'Bearer old-token' },
    });
    expect(storage.snapshot()).toEqual({
      UniWimAuthorization: 'new-token',
      uniwater_utoken: 'new-token',
      UniWimRefreshToken: 'new-refresh',
      UniWimTenantId: 't-energy',
      UniWimExpire: '7200',
      tokenTime: String(1_000 + 7_200_000),
      phoneShowYinuo: '1',
    });
  });

  it('switches a platform admin to the platform scope, which has no tenant id', async () => {
    const server = createFakeServer({ 'POST /dmp/changePlatformToken': ok(answer(null)) });
    const storage = session();
    await switchTenant(createApiClient({ fetch: server.fetch }), storage, 'platform');
    expect(server.requests[0]?.body).toEqual({});
    expect(storage.getItem('UniWimTenantId')).toBeNull();
    expect(storage.getItem('UniWimAuthorization')).toBe('new-token');
  });

  it('keeps the old session when the server refuses', async () => {
    const server = createFakeServer({
      'POST /dmp/changeTenant': {
        status: 403,
        body: { Code: 40304, Message: '该账号不属于此租户', Response: null },
      },
    });
    const storage = session();
    await expect(
      switchTenant(createApiClient({ fetch: server.fetch }), storage, { tenantId: 't-other' }),
    ).rejects.toThrow('该账号不属于此租户');
    expect(storage.getItem('UniWimAuthorization')).toBe('old-token');
  });

  it('keeps the old session when the answer has no token', async () => {
    const server = createFakeServer({ 'POST /dmp/changeTenant': ok(null) });
    const storage = session();
    await expect(
      switchTenant(createApiClient({ fetch: server.fetch }), storage, { tenantId: 't-energy' }),
    ).rejects.toThrow();
    expect(storage.getItem('UniWimAuthorization')).toBe('old-token');
  });
});

describe('fetchTenantOptions', () => {
  it('answers the tenants and whether the platform scope is offered', async () => {
    const list = {
      tenants: [{ id: 't-water', code: 'water', name: '水务', current: true }],
      canUsePlatformScope: false,
    };
    const server = createFakeServer({ 'GET /dmp/getTenantUserOauth': ok(list) });
    expect(await fetchTenantOptions(createApiClient({ fetch: server.fetch }))).toEqual(list);
  });
});
