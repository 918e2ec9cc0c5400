import { describe, expect, it } from 'vitest';
import { validationTexts } from '../../app/validation-texts';
import { createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import { mobileProblemBeforeSending, SEND_CODE_PATH, sendVerificationCode } from './send-code';
import { smsTexts } from './sms-texts';

const texts = smsTexts['zh-CN'];

const send = (
  answer: Parameters<typeof createFakeServer>[0][string],
  request: Parameters<typeof sendVerificationCode>[1],
) => {
  const server = createFakeServer({ [`POST ${SEND_CODE_PATH}`]: answer });
  return { server, result: sendVerificationCode(createApiClient({ fetch: server.fetch }), request, texts) };
};

describe('mobileProblemBeforeSending', () => {
  it('asks for the number first, then a valid one', () => {
    expect(mobileProblemBeforeSending('')).toBe('mobileFirst');
    expect(mobileProblemBeforeSending('   ')).toBe('mobileFirst');
    expect(mobileProblemBeforeSending('1390000000')).toBe('mobileInvalid');
    expect(mobileProblemBeforeSending('12900000002')).toBe('mobileInvalid');
    expect(mobileProblemBeforeSending('139000000021')).toBe('mobileInvalid');
    expect(mobileProblemBeforeSending(' 13900000002 ')).toBeNull();
    expect(validationTexts['zh-CN'].mobileFirst).toBe('请先输入手机号');
    expect(validationTexts['zh-CN'].mobileInvalid).toBe('手机号有误');
  });
});

describe('sendVerificationCode', () => {
  it('sends the trimmed number and purpose, and says "验证码已发送，请注意查收"', async () => {
    const { server, result } = send(ok(null), { type: 'LOGIN_CODE', mobile: ' 13900000002 ' });
    await expect(result).resolves.toEqual({ ok: true, message: '验证码已发送，请注意查收' });
    expect(server.requests[0]!.body).toEqual({ type: 'LOGIN_CODE', mobile: '13900000002' });
  });

  it("resends a two-factor code with the pending sign-in's ticket", async () => {
    const { server, result } = send(ok(null), { type: 'TWO_FACTOR_CODE', ticket: 'tk-1' });
    await expect(result).resolves.toMatchObject({ ok: true });
    expect(server.requests[0]!.body).toEqual({ type: 'TWO_FACTOR_CODE', ticket: 'tk-1' });
  });

  it("shows the server's message, with the wait when a code went out moments ago", async () => {
    const tooSoon = send(
      {
        status: 429,
        body: {
          Code: 42901,
          Message: '验证码已发送，请42秒后重试',
          Response: null,
          Error: 'CODE_RESEND_TOO_SOON',
          Details: { retryAfterSeconds: 42 },
        },
      },
      { type: 'REGISTER_CODE', mobile: '13600000009' },
    );
    await expect(tooSoon.result).resolves.toEqual({
      ok: false,
      message: '验证码已发送，请42秒后重试',
      retryAfterSeconds: 42,
    });
    const taken = send(failure(40901, '该手机号已注册', 409, 'MOBILE_TAKEN'), {
      type: 'REGISTER_CODE',
      mobile: '13900000002',
    });
    await expect(taken.result).resolves.toEqual({ ok: false, message: '该手机号已注册' });
  });

  it('shows "操作失败，请联系管理员" when the answer is unreadable', async () => {
    const { result } = send(
      { status: 502, body: 'Bad gateway' },
      { type: 'LOGIN_CODE', mobile: '13900000002' },
    );
    await expect(result).resolves.toEqual({ ok: false, message: '操作失败，请联系管理员' });
  });

  it('shows the network error', async () => {
    const { result } = send(new TypeError('Failed to fetch'), { type: 'LOGIN_CODE', mobile: '13900000002' });
    await expect(result).resolves.toEqual({ ok: false, message: '网络连接失败，请检查网络后重试' });
  });
});
