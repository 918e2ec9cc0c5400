import { isValidMobile, MOBILE_MAX_LENGTH, SMS_CODE_LENGTH } from '@uniwim/contracts/client';
import type { ValidationKey } from '../../app/validation-texts';

/** Spec section 5 "SMS login": the messages of the phone form and the code step, in the order they are checked. */
export type SmsLoginMessage = Extract<ValidationKey, 'mobileRequired' | 'mobileInvalid' | 'codeRequired'>;

export type SmsLoginCheck =
  | { ok: true; mobile: string; code: string }
  | { ok: false; field: 'mobile' | 'code'; messageKey: SmsLoginMessage };

/** The phone form's own check: a number is required ("请输入手机号") and must be valid, 11 characters at most ("手机号有误"). */
export const checkMobileField = (mobile: string): SmsLoginMessage | null => {
  const trimmed = mobile.trim();
  if (trimmed === '') return 'mobileRequired';
  if (trimmed.length > MOBILE_MAX_LENGTH || !isValidMobile(trimmed)) return 'mobileInvalid';
  return null;
};

/** The whole SMS sign-in: number first, then the six-digit code ("请输入手机验证码"). Inputs are trimmed. */
export const checkSmsLogin = (input: { mobile: string; code: string }): SmsLoginCheck => {
  const mobileProblem = checkMobileField(input.mobile);
  if (mobileProblem) return { ok: false, field: 'mobile', messageKey: mobileProblem };
  const code = input.code.trim();
  if (code.length !== SMS_CODE_LENGTH) return { ok: false, field: 'code', messageKey: 'codeRequired' };
  return { ok: true, mobile: input.mobile.trim(), code };
};
