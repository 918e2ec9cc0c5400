import type { LoginResult, RegistrationData, TokenAnswer } from '@uniwim/contracts/client';
import { type ApiClient, ApiError, ClientErrorCodes } from '../../lib/api';
import { utf8ToBase64 } from '../../lib/base64';
import { isTokenAnswer } from '../../lib/token-storage';
import type { PasswordEncryptor } from '../login/password-encryptor';

export const REGISTER_PATH = '/dmp/register';

/** POST /dmp/register sends one field, data: base64 of the UTF-8 JSON of the registration (spec section 3). */
export const encodeRegistrationData = (data: RegistrationData): string => utf8ToBase64(JSON.stringify(data));

export type RegistrationResult = { ok: true; tokens: TokenAnswer } | { ok: false; message: string };

/**
 * Encrypts the password with the server's public key (RSA, base64) and registers. Spec section 8:
 * an empty answer gives "注册失败，请重试！", a refusal (non-zero Code) its message, any other
 * failure its own message. Never throws.
 */
export const submitRegistration = async (
  data: RegistrationData,
  deps: { client: ApiClient; getEncryptor: () => Promise<PasswordEncryptor>; failedText: string },
): Promise<RegistrationResult> => {
  try {
    const encrypt = await deps.getEncryptor();
    const encoded = encodeRegistrationData({ ...data, password: await encrypt(data.password) });
    const answer = await deps.client.post<LoginResult | null>(REGISTER_PATH, { data: encoded });
    if (!isTokenAnswer(answer)) return { ok: false, message: deps.failedText };
    return {
      ok: true,
      tokens: {
        token: answer.token,
        expire: answer.expire,
        refreshToken: answer.refreshToken,
        tenantId: answer.tenantId ?? null,
      },
    };
  } catch (error) {
    if (error instanceof ApiError && error.code === ClientErrorCodes.INVALID_RESPONSE)
      return { ok: false, message: deps.failedText };
    return { ok: false, message: error instanceof Error && error.message ? error.message : deps.failedText };
  }
};
