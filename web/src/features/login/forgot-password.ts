import { type ForgetPasswordBody, isValidMobile, MOBILE_MAX_LENGTH } from '@uniwim/contracts/client';
import type { ValidationKey } from '../../app/validation-texts';
import { type ApiClient, ApiError, ClientErrorCodes } from '../../lib/api';
import type { PasswordEncryptor } from './password-encryptor';

export const FORGET_PASSWORD_PATH = '/dmp/forgetPwd';

export interface ForgotPasswordValues {
  mobile: string;
  code: string;
  /** The new password. */
  password: string;
}

/** Keys of validationTexts. */
export type ForgotPasswordMessage = Extract<
  ValidationKey,
  'mobileRequired' | 'mobileInvalid' | 'codeRequired' | 'newPasswordRequired'
>;

export type ForgotPasswordField = keyof ForgotPasswordValues;

export type ForgotPasswordCheck =
  | { ok: true; values: ForgotPasswordValues }
  | { ok: false; field: ForgotPasswordField; messageKey: ForgotPasswordMessage };

export const emptyForgotPassword = (): ForgotPasswordValues => ({ mobile: '', code: '', password: '' });

/**
 * Spec section 5 "Forgot password", in order: mobile required ("请输入手机号"), valid and 11
 * characters at most ("手机号有误"), code required ("请输入手机验证码"), new password required
 * ("请输入新密码"). Mobile and code are trimmed; the password is sent as typed.
 */
export const checkForgotPassword = (values: ForgotPasswordValues): ForgotPasswordCheck => {
  const mobile = values.mobile.trim();
  const code = values.code.trim();
  if (mobile === '') return { ok: false, field: 'mobile', messageKey: 'mobileRequired' };
  if (mobile.length > MOBILE_MAX_LENGTH || !isValidMobile(mobile))
    return { ok: false, field: 'mobile', messageKey: 'mobileInvalid' };
  if (code === '') return { ok: false, field: 'code', messageKey: 'codeRequired' };
  if (values.password === '') return { ok: false, field: 'password', messageKey: 'newPasswordRequired' };
  return { ok: true, values: { mobile, code, password: values.password } };
};

export type PasswordResetResult = { ok: true } | { ok: false; message: string };

/**
 * POST /dmp/forgetPwd with the new password RSA-encrypted like the login password. Spec section 8:
 * an empty or unreadable answer gives "密码重置失败，请联系管理员", a refusal its message. Never throws.
 */
export const resetForgottenPassword = async (
  values: ForgotPasswordValues,
  deps: { client: ApiClient; getEncryptor: () => Promise<PasswordEncryptor>; failedText: string },
): Promise<PasswordResetResult> => {
  try {
    const encrypt = await deps.getEncryptor();
    const body: ForgetPasswordBody = {
      mobile: values.mobile,
      code: values.code,
      npwd: await encrypt(values.password),
    };
    await deps.client.post<null>(FORGET_PASSWORD_PATH, body);
    return { ok: true };
  } catch (error) {
    const usable =
      error instanceof ApiError && error.code !== ClientErrorCodes.INVALID_RESPONSE && error.message !== '';
    return { ok: false, message: usable ? error.message : deps.failedText };
  }
};
