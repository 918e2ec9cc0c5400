import { z } from 'zod';
import { secretAnswer } from './secret-answer';

/**
 * POST /dmp/login: the body is `{ data }`, data being base64 of the UTF-8 JSON below. The password
 * is base64 of RSA-OAEP (SHA-256) ciphertext made with the key from GET /ump/key.
 */
export const loginDataSchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(1024),
  /** Captcha answer, required when showVctCode is 1. */
  vali: z.string().max(10).optional(),
  /** The time id the captcha image was requested with (GET /uniwim/ump/loginCode.png?time=). */
  captchaId: z.string().max(64).optional(),
  tenantId: z.string().max(100).optional(),
  /** "Remember me": the refresh token then lasts 10 days. */
  remember: z.boolean().optional(),
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const encodedBodySchema = z.strictObject({ data: z.string().min(1).max(16_384) });

export const tokenAnswerSchema = secretAnswer(
  z.object({
    token: z.string(),
    /** Seconds the token is valid for; the client adds them to the current time. */
    expire: z.number().int(),
    refreshToken: z.string(),
    tenantId: z.string().nullable(),
  }),
);
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

export const loginResultSchema = secretAnswer(
  tokenAnswerSchema.extend({
    /** True: no token yet; the code step must complete the sign-in (token fields are empty). */
    twoFactorAuth: z.boolean(),
    /** Masked mobile number of the account (for the code step's text). */
    mobile: z.string(),
    /** True: the token only allows changing the password; the change-password dialog must open. */
    changePwd: z.boolean(),
    /** With twoFactorAuth: the pending sign-in the code step completes (POST /dmp/verificationCodeLogin). */
    ticket: z.string().optional(),
    /** Set after the two-factor code step: the user signed in as a member of the tenant. */
    tenantUser: z.boolean().optional(),
  }),
);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const refreshBodySchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });

/** POST /dmp/user/changePwd: each field is base64 RSA-OAEP ciphertext, like the login password. */
export const changePasswordBodySchema = z.strictObject({
  opwd: z.string().min(1).max(1024),
  npwd: z.string().min(1).max(1024),
  rpwd: z.string().min(1).max(1024),
});

/** POST /uniwim/ump/uniLogin?url=: sign in to a tenant's legacy system through the platform. */
export const legacyLoginBodySchema = z.strictObject({
  username: z.string().trim().min(1).max(64),
  /** RSA-OAEP ciphertext like the standard login; the platform re-encodes it for the legacy system. */
  password: z.string().min(1).max(1024),
  vali: z.string().max(10).optional(),
  captchaId: z.string().max(64).optional(),
  tenantId: z.string().min(1).max(100),
});
export const legacyLoginAnswerSchema = secretAnswer(
  z.object({
    /** The legacy system's bulletin page with its utoken: the browser goes there. */
    url: z.string(),
  }),
);

export const unlockBodySchema = z.strictObject({ username: z.string().trim().min(1).max(64) });
