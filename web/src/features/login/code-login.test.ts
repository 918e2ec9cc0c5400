import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, failure, ok } from '../../lib/test-doubles';
import { CODE_LOGIN_PATH, type CodeStepTarget, signInWithCode } from './code-login';
import { codeStepTexts } from './code-step-texts';

const tokens = { token: 'tok', expire: 7200, refreshToken: 'ref', tenantId: 't-water' };
const answer = { ...tokens, twoFactorAuth: false, mobile: '139****0002', changePwd: false };
const sms: CodeStepTarget = { kind: 'sms', mobile: '13900000002' };
const twoFactor: CodeStepTarget = {
  kind: 'twoFactor',
  ticket: 'tk-1',
  maskedMobile: '136****0001',
  tenantId: 't-2fa',
  account: 'twofa.user',
  remember: false,
};

const run = (target: CodeStepTarget, route: Parameters<typeof createFakeServer>[0][string]) => {
  const server = createFakeServer({ [`POST ${CODE_LOGIN_PATH}`]: route });
  const outcome = signInWithCode(target, '482913', {
    client: createApiClient({ fetch: server.fetch }),
    emptyAnswerText: codeStepTexts['zh-CN'].emptyAnswer,
  });
  return { server, outcome };
};

describe('signInWithCode', () => {
  it('signs in by SMS with the number, the code and LOGIN_CODE', async () => {
    const { server, outcome } = run(sms, ok(answer));
    await expect(outcome).resolves.toEqual({ kind: 'signedIn', tokens, tenantUser: false });
    expect(server.requests[0]!.body).toEqual({ mobile: '13900000002', code: '482913', type: 'LOGIN_CODE' });
  });

  it('completes a two-factor sign-in with its ticket, and marks the user as a tenant user', async () => {
    const { server, outcome } = run(twoFactor, ok({ ...answer, tenantUser: true }));
    await expect(outcome).resolves.toEqual({ kind: 'signedIn', tokens, tenantUser: true });
    expect(server.requests[0]!.body).toEqual({ code: '482913', type: 'TWO_FACTOR_CODE', ticket: 'tk-1' });
    // The spec marks every code-step success of a two-factor sign-in, whatever the answer says.
    await expect(run(twoFactor, ok(answer)).outcome).resolves.toMatchObject({ tenantUser: true });
  });

  it('opens the forced password change when the answer asks for it', async () => {
    await expect(run(sms, ok({ ...answer, changePwd: true })).outcome).resolves.toEqual({
      kind: 'changePassword',
      tokens,
    });
  });

  it('shows "Login failed, please retry!" on an empty or unreadable answer', async () => {
    expect(codeStepTexts['zh-CN'].emptyAnswer).toBe('Login failed, please retry!');
    for (const route of [ok(null), ok({ ...answer, token: '' }), { status: 500, body: 'oops' }]) {
      await expect(run(sms, route).outcome).resolves.toEqual({
        kind: 'failed',
        message: 'Login failed, please retry!',
      });
    }
  });

  it("shows the server's refusal", async () => {
    await expect(
      run(sms, failure(42204, '验证码错误或已失效', 422, 'CODE_INVALID')).outcome,
    ).resolves.toEqual({ kind: 'failed', message: '验证码错误或已失效' });
  });
});
