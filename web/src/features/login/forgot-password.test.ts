import { describe, expect, it, vi } from 'vitest';
import { validationTexts } from '../../app/validation-texts';
import { createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import {
  checkForgotPassword,
  FORGET_PASSWORD_PATH,
  type ForgotPasswordValues,
  resetForgottenPassword,
} from './forgot-password';
import { forgotPasswordTexts } from './forgot-password-texts';

const filled: ForgotPasswordValues = { mobile: ' 13600000003 ', code: ' 482913 ', password: 'New-Passw0rd' };

describe('checkForgotPassword (spec section 5, "Forgot password")', () => {
  it('checks in order: mobile required, valid mobile, code, new password', () => {
    const cases: [ForgotPasswordValues, string, string][] = [
      [{ mobile: '', code: '', password: '' }, 'mobile', '请输入手机号'],
      [{ mobile: '   ', code: '1', password: 'x' }, 'mobile', '请输入手机号'],
      [{ mobile: '1360000000', code: '', password: '' }, 'mobile', '手机号有误'],
      [{ mobile: '136000000031', code: '', password: '' }, 'mobile', '手机号有误'],
      [{ mobile: '13600000003', code: ' ', password: '' }, 'code', '请输入手机验证码'],
      [{ mobile: '13600000003', code: '482913', password: '' }, 'password', '请输入新密码'],
    ];
    for (const [values, field, message] of cases) {
      const check = checkForgotPassword(values);
      expect(check.ok).toBe(false);
      if (check.ok) continue;
      expect(check.field).toBe(field);
      expect(validationTexts['zh-CN'][check.messageKey]).toBe(message);
    }
  });

  it('trims the number and the code but not the password', () => {
    expect(checkForgotPassword({ ...filled, password: ' spaced ' })).toEqual({
      ok: true,
      values: { mobile: '13600000003', code: '482913', password: ' spaced ' },
    });
  });
});

describe('resetForgottenPassword', () => {
  const reset = (route: Parameters<typeof createFakeServer>[0][string]) => {
    const server = createFakeServer({ [`POST ${FORGET_PASSWORD_PATH}`]: route });
    const getEncryptor = vi.fn(async () => async (text: string) => `enc(${text})`);
    const result = resetForgottenPassword(
      { mobile: '13600000003', code: '482913', password: 'New-Passw0rd' },
      {
        client: createApiClient({ fetch: server.fetch }),
        getEncryptor,
        failedText: forgotPasswordTexts['zh-CN'].failed,
      },
    );
    return { server, result };
  };

  it('sends the number, the code and the encrypted new password', async () => {
    const { server, result } = reset({ body: { Code: 0, Message: '密码重置成功', Response: null } });
    await expect(result).resolves.toEqual({ ok: true });
    expect(server.requests[0]!.body).toEqual({
      mobile: '13600000003',
      code: '482913',
      npwd: 'enc(New-Passw0rd)',
    });
    expect(forgotPasswordTexts['zh-CN'].succeeded).toBe('密码重置成功');
  });

  it("shows the server's message, e.g. the password policy", async () => {
    await expect(
      reset(failure(42201, '密码须包含字母和数字', 422, 'PASSWORD_POLICY')).result,
    ).resolves.toEqual({ ok: false, message: '密码须包含字母和数字' });
  });

  it('shows "密码重置失败，请联系管理员" for an empty answer', async () => {
    await expect(reset({ body: '' }).result).resolves.toEqual({
      ok: false,
      message: '密码重置失败，请联系管理员',
    });
    await expect(reset(ok(null)).result).resolves.toEqual({ ok: true });
  });
});
