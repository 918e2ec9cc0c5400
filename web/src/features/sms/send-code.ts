import { isValidMobile, MOBILE_MAX_LENGTH, type VerificationCodeType } from '@uniwim/contracts/client';
import type { ValidationKey } from '../../app/validation-texts';
import { type ApiClient, ApiError, ClientErrorCodes } from '../../lib/api';

export const SEND_CODE_PATH = '/dmp/verificationCode';

/** A code to a typed number, or the resend of a pending two-factor sign-in's code (its ticket). */
export type SendCodeRequest =
  | { type: Exclude<VerificationCodeType, 'TWO_FACTOR_CODE'>; mobile: string }
  | { type: 'TWO_FACTOR_CODE'; ticket: string };

export type SendCodeResult =
  | { ok: true; message: string }
  /** retryAfterSeconds: the server refused because a code went out less than 60 s ago. */
  | { ok: false; message: string; retryAfterSeconds?: number };

export interface SendCodeTexts {
  /** "验证码已发送，请注意查收" */
  sent: string;
  /** "操作失败，请联系管理员" */
  failed: string;
}

/** Keys of validationTexts. */
export type MobileProblem = Extract<ValidationKey, 'mobileFirst' | 'mobileInvalid'>;

/** Before a code is asked for: "请先输入手机号" without a number, "手机号有误" for a wrong one (spec section 5). */
export const mobileProblemBeforeSending = (mobile: string): MobileProblem | null => {
  const trimmed = mobile.trim();
  if (trimmed === '') return 'mobileFirst';
  if (trimmed.length > MOBILE_MAX_LENGTH || !isValidMobile(trimmed)) return 'mobileInvalid';
  return null;
};

const retryAfterOf = (details: unknown): number | undefined => {
  const value = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
};

/**
 * POST /dmp/verificationCode. Spec section 8 "SMS send": success shows "验证码已发送，请注意查收";
 * a failure shows the server's message, else "操作失败，请联系管理员". Never throws.
 */
export const sendVerificationCode = async (
  client: ApiClient,
  request: SendCodeRequest,
  texts: SendCodeTexts,
): Promise<SendCodeResult> => {
  const body =
    request.type === 'TWO_FACTOR_CODE'
      ? { type: request.type, ticket: request.ticket }
      : { type: request.type, mobile: request.mobile.trim() };
  try {
    await client.post<null>(SEND_CODE_PATH, body);
    return { ok: true, message: texts.sent };
  } catch (error) {
    if (!(error instanceof ApiError) || error.code === ClientErrorCodes.INVALID_RESPONSE || !error.message)
      return { ok: false, message: texts.failed };
    const retryAfterSeconds =
      error.errorName === 'CODE_RESEND_TOO_SOON' ? retryAfterOf(error.details) : undefined;
    return retryAfterSeconds === undefined
      ? { ok: false, message: error.message }
      : { ok: false, message: error.message, retryAfterSeconds };
  }
};
