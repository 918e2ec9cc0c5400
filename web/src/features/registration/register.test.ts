import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { base64ToUtf8 } from '../../lib/base64';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import { encodeRegistrationData, REGISTER_PATH, submitRegistration } from './register';
import { registrationTexts } from './registration-texts';

const data = {
  tenantId: 't-water',
  username: '新用户.one',
  mobile: '13600000009',
  password: 'Reg-Passw0rd',
  code: '482913',
};
const tokens = { token: 'tok', expire: 7200, refreshToken: 'ref', tenantId: 't-water' };

const register = (route: Parameters<typeof createFakeServer>[0][string]) => {
  const server = createFakeServer({ [`POST ${REGISTER_PATH}`]: route });
  const getEncryptor = vi.fn(async () => async (text: string) => `enc(${text})`);
  const result = submitRegistration(data, {
    client: createApiClient({ fetch: server.fetch }),
    getEncryptor,
    failedText: registrationTexts['zh-CN'].failed,
  });
  return { server, result };
};

describe('submitRegistration', () => {
  it('sends one field, data: base64 of the UTF-8 JSON with the password encrypted', async () => {
    const { server, result } = register(
      ok({ ...tokens, twoFactorAuth: false, mobile: '136****0009', changePwd: false }),
    );
    await expect(result).resolves.toEqual({ ok: true, tokens });
    const body = server.requests[0]!.body as { data: string };
    expect(Object.keys(body)).toEqual(['data']);
    expect(JSON.parse(base64ToUtf8(body.data))).toEqual({ ...data, password: 'enc(Reg-Passw0rd)' });
    expect(encodeRegistrationData(data)).not.toMatch(/[^A-Za-z0-9+/=]/);
  });

  it('shows "注册失败，请重试！" for an empty answer', async () => {
    for (const route of [ok(null), ok({ token: '' }), { body: 'not json' }]) {
      await expect(register(route).result).resolves.toEqual({ ok: false, message: '注册失败，请重试！' });
    }
  });

  it("shows the server's message for a non-zero Code", async () => {
    await expect(register(failure(40902, '用户名已存在', 409, 'USERNAME_TAKEN')).result).resolves.toEqual({
      ok: false,
      message: '用户名已存在',
    });
    await expect(register(failure(40307, '该租户未开放注册', 403)).result).resolves.toEqual({
      ok: false,
      message: '该租户未开放注册',
    });
  });

  it('shows other failures too, e.g. the network', async () => {
    await expect(register(new TypeError('Failed to fetch')).result).resolves.toEqual({
      ok: false,
      message: '网络连接失败，请检查网络后重试',
    });
  });
});
