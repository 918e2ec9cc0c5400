import { defaultLoginConfig, ErrorCodes, encodeLoginConfig, loginConfigSchema } from '@uniwim/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { fetchLoginConfig, fetchLoginConfigOrDefault, readTenantCode } from './login-config-source';

const waterConfig = loginConfigSchema.parse({
  title: '示范水务集团',
  logo: '/brand/water-logo.svg',
  loginBgType: '0',
});

const clientAnswering = (body: unknown, status = 200) => {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  return { fetchMock, client: createApiClient({ fetch: fetchMock }) };
};

describe('readTenantCode', () => {
  it('reads the tenant query parameter', () => {
    expect(readTenantCode('?tenant=water')).toBe('water');
    expect(readTenantCode('?a=1&tenant=%20energy%20')).toBe('energy');
  });

  it('treats a missing or blank tenant as none', () => {
    expect(readTenantCode('')).toBeUndefined();
    expect(readTenantCode('?tenant=')).toBeUndefined();
  });
});

describe('fetchLoginConfig', () => {
  it('asks for the given tenant and decodes the base64 answer', async () => {
    const { client, fetchMock } = clientAnswering({
      Code: 0,
      Message: '',
      Response: encodeLoginConfig(waterConfig),
    });
    await expect(fetchLoginConfig(client, 'water')).resolves.toEqual(waterConfig);
    expect(fetchMock.mock.calls[0]![0]).toBe('/ump/cfg-encrypt?tenant=water');
  });

  it('leaves the tenant to the server when none is given', async () => {
    const { client, fetchMock } = clientAnswering({
      Code: 0,
      Message: '',
      Response: encodeLoginConfig(waterConfig),
    });
    await fetchLoginConfig(client);
    expect(fetchMock.mock.calls[0]![0]).toBe('/ump/cfg-encrypt');
  });

  it('rejects an answer that is not a string', async () => {
    const { client } = clientAnswering({ Code: 0, Message: '', Response: { title: 'x' } });
    await expect(fetchLoginConfig(client)).rejects.toThrow(TypeError);
  });
});

describe('fetchLoginConfigOrDefault', () => {
  it('falls back to the default configuration on an error code', async () => {
    const { client } = clientAnswering(
      { Code: ErrorCodes.TENANT_NOT_FOUND.code, Message: '租户不存在', Response: null },
      404,
    );
    await expect(fetchLoginConfigOrDefault(client, 'nope')).resolves.toEqual(defaultLoginConfig());
  });

  it('falls back on a network failure', async () => {
    const client = createApiClient({ fetch: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) });
    await expect(fetchLoginConfigOrDefault(client)).resolves.toEqual(defaultLoginConfig());
  });

  it('falls back on an undecodable answer', async () => {
    const { client } = clientAnswering({ Code: 0, Message: '', Response: '%%% not base64' });
    await expect(fetchLoginConfigOrDefault(client)).resolves.toEqual(defaultLoginConfig());
  });
});
