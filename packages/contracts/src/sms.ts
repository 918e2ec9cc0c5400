import { z } from 'zod';
import { MOBILE_PATTERN } from './validation';

export const VERIFICATION_CODE_TYPES = [
  'LOGIN_CODE',
  'FORGET_PWD_CODE',
  'REGISTER_CODE',
  'TWO_FACTOR_CODE',
  'CHANGE_PWD_CODE',
] as const;
export type VerificationCodeType = (typeof VERIFICATION_CODE_TYPES)[number];

const mobile = z.string().trim().regex(MOBILE_PATTERN, '手机号有误');
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字');

/** POST /dmp/verificationCode. TWO_FACTOR_CODE resends the code of a pending sign-in (its ticket). */
export const sendCodeBodySchema = z.strictObject({
  mobile: mobile.optional(),
  type: z.enum(VERIFICATION_CODE_TYPES),
  ticket: z.string().max(100).optional(),
});

/** POST /dmp/verificationCodeLogin: SMS sign-in (LOGIN_CODE) or the two-factor step (TWO_FACTOR_CODE + ticket). */
export const codeLoginBodySchema = z.strictObject({
  mobile: z.string().trim().max(20).optional(),
  code,
  tenantId: z.string().max(100).optional(),
  type: z.enum(['LOGIN_CODE', 'TWO_FACTOR_CODE']).default('LOGIN_CODE'),
  ticket: z.string().max(100).optional(),
  remember: z.boolean().optional(),
});

/** POST /dmp/forgetPwd: npwd is RSA-OAEP ciphertext like the login password. */
export const forgetPasswordBodySchema = z.strictObject({ mobile, code, npwd: z.string().min(1).max(1024) });

/** The JSON inside POST /dmp/register's `data`. */
export const registrationDataSchema = z.strictObject({
  tenantId: z.string().min(1).max(100),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/, '用户名为3-32位字母、数字或 . _ -'),
  mobile,
  password: z.string().min(1).max(1024),
  code,
});

/** POST /dmp/verificationChangePwd: change the password with an SMS code instead of the old one. */
export const codeChangePasswordBodySchema = z.strictObject({
  code,
  npwd: z.string().min(1).max(1024),
  rpwd: z.string().min(1).max(1024),
});

export const tenantSuggestionSchema = z.object({ id: z.string(), tenantName: z.string() });
