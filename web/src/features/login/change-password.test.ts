import { defaultLoginConfig, policyFromConfig } from '@uniwim/contracts/client';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import { submitPasswordChange } from './change-password';

const tokens = { token: 'tok-2', expire: 7200, refreshToken: 'ref-2', tenantId: 't-secure' };
const policy = policyFromConfig({
  ...defaultLoginConfig(),
  pwdRuleType: 4,
  pwdRule: '^[A-Z].*\\d$',
  pwdMinLength: 8,
});

const submit = (
  input: { opwd: string; npwd: string; rpwd: string },
  routes = { 'POST /dmp/user/changePwd': ok(tokens) },
) => {
  const server = createFakeServer(routes);
  const getEncryptor = vi.fn(async () => async (text: string) => `enc(${text})`);
  const result = submitPasswordChange(
    { input, policy, username: 'secure.user', token: 'sign-in-token' },
    {
      client: createApiClient({ fetch: server.fetch }),
      getEncryptor,
      emptyAnswerText: '修改密码失败，请重试！',
    },
  );
  return { server, result, getEncryptor };
};

describe('submitPasswordChange', () => {
  it('checks in the spec order and sends nothing while a check fails', async () => {
    const cases: [{ opwd: string; npwd: string; rpwd: string }, string][] = [
      [{ opwd: '', npwd: '', rpwd: '' }, '原始密码不能为空'],
      [{ opwd: 'Old-pass1', npwd: '', rpwd: '' }, '新密码不能为空'],
      [{ opwd: 'Old-pass1', npwd: 'Old-pass1', rpwd: '' }, '原始密码与新密码必须不同'],
      [{ opwd: 'Old-pass1', npwd: 'lowercase-first1', rpwd: '' }, '密码验证规则不通过'],
      [{ opwd: 'Old-pass1', npwd: 'Newpassword1', rpwd: '' }, '请再次输入密码'],
      [{ opwd: 'Old-pass1', npwd: 'Newpassword1', rpwd: 'Newpassword2' }, '两次输入密码不一致!'],
    ];
    for (const [input, message] of cases) {
      const { server, result, getEncryptor } = submit(input);
      await expect(result).resolves.toEqual({ ok: false, message });
      expect(server.requests).toEqual([]);
      expect(getEncryptor).not.toHaveBeenCalled();
    }
  });

  it('sends each field encrypted with the sign-in token as bearer, and answers the new token data', async () => {
    const { server, result } = submit({ opwd: 'Old-pass1', npwd: 'Newpassword1', rpwd: 'Newpassword1' });
    await expect(result).resolves.toEqual({ ok: true, tokens });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.url).toBe('/dmp/user/changePwd');
    expect(request!.method).toBe('POST');
    expect(request!.headers.Authorization).toBe('Bearer sign-in-token');
    expect(request!.body).toEqual({
      opwd: 'enc(Old-pass1)',
      npwd: 'enc(Newpassword1)',
      rpwd: 'enc(Newpassword1)',
    });
  });

  it("shows the server's refusal, or a default for an empty answer", async () => {
    const refused = submit(
      { opwd: 'Wrong-pass1', npwd: 'Newpassword1', rpwd: 'Newpassword1' },
      { 'POST /dmp/user/changePwd': failure(42202, '原始密码错误', 422) },
    );
    await expect(refused.result).resolves.toEqual({ ok: false, message: '原始密码错误' });
    const empty = submit(
      { opwd: 'Old-pass1', npwd: 'Newpassword1', rpwd: 'Newpassword1' },
      { 'POST /dmp/user/changePwd': ok(null) },
    );
    await expect(empty.result).resolves.toEqual({ ok: false, message: '修改密码失败，请重试！' });
  });
});
