import type { CodeLoginBody, LoginResult, TokenAnswer } from '@uniwim/contracts/client';
import { type ApiClient, ApiError, ClientErrorCodes } from '../../lib/api';
import { isTokenAnswer } from '../../lib/token-storage';

export const CODE_LOGIN_PATH = '/dmp/verificationCodeLogin';

/** What the code step completes: an SMS sign-in (1-3), or a password sign-in that asked for a second factor. */
export type CodeStepTarget =
  | {
      kind: 'sms';
      mobile: string;
      /** Shown under the boxes when the step opens, e.g. "验证码已发送，请注意查收". */
      notice?: string;
    }
  | {
      kind: 'twoFactor';
      ticket: string;
      /** Masked by the server, e.g. 137****0001. */
      maskedMobile: string;
      tenantId: string | null;
      /** The account and remember choice of the password step, applied once signed in. */
      account: string;
      remember: boolean;
    };

export type CodeLoginOutcome =
  | { kind: 'signedIn'; tokens: TokenAnswer; tenantUser: boolean }
  /** The token only allows changing the password: the forced change dialog opens. */
  | { kind: 'changePassword'; tokens: TokenAnswer }
  | { kind: 'failed'; message: string };

export const codeLoginBody = (target: CodeStepTarget, code: string): CodeLoginBody =>
  target.kind === 'sms'
    ? { mobile: target.mobile, code, type: 'LOGIN_CODE' }
    : { code, type: 'TWO_FACTOR_CODE', ticket: target.ticket };

/**
 * POST /dmp/verificationCodeLogin. An empty answer gives the code step's "Login failed, please
 * retry!" (spec section 8); a refusal its message. Never throws.
 */
export const signInWithCode = async (
  target: CodeStepTarget,
  code: string,
  deps: { client: ApiClient; emptyAnswerText: string },
): Promise<CodeLoginOutcome> => {
  try {
    const answer = await deps.client.post<LoginResult | null>(CODE_LOGIN_PATH, codeLoginBody(target, code));
    if (!answer || !isTokenAnswer(answer)) return { kind: 'failed', message: deps.emptyAnswerText };
    const tokens: TokenAnswer = {
      token: answer.token,
      expire: answer.expire,
      refreshToken: answer.refreshToken,
      tenantId: answer.tenantId ?? null,
    };
    if (answer.changePwd) return { kind: 'changePassword', tokens };
    // Spec section 4: success of the two-factor code step marks the user as a tenant user.
    const tenantUser = answer.tenantUser === true || target.kind === 'twoFactor';
    return { kind: 'signedIn', tokens, tenantUser };
  } catch (error) {
    const usable =
      error instanceof ApiError && error.code !== ClientErrorCodes.INVALID_RESPONSE && error.message !== '';
    return { kind: 'failed', message: usable ? error.message : deps.emptyAnswerText };
  }
};
