import {
  type ChangePasswordInput,
  type PasswordPolicy,
  type TokenAnswer,
  validateChangePassword,
} from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';
import { isTokenAnswer } from '../../lib/token-storage';
import type { PasswordEncryptor } from './password-encryptor';

export const CHANGE_PASSWORD_PATH = '/dmp/user/changePwd';

export interface PasswordChangeRequest {
  input: ChangePasswordInput;
  policy: PasswordPolicy;
  /** The account signing in: a new password equal to it is refused. */
  username: string;
  /** The sign-in answer's token, which only allows this call. */
  token: string;
}

export interface PasswordChangeDependencies {
  client: ApiClient;
  getEncryptor: () => Promise<PasswordEncryptor>;
  /** Shown when the server answers without token data. */
  emptyAnswerText: string;
}

export type PasswordChangeResult = { ok: true; tokens: TokenAnswer } | { ok: false; message: string };

/**
 * The forced change-password dialog's submit: the spec's checks in order (section 5, "Change
 * password"), then POST /dmp/user/changePwd with each field RSA-encrypted like the login password
 * and the sign-in token as bearer. Its answer is the session's real token data.
 */
export const submitPasswordChange = async (
  request: PasswordChangeRequest,
  deps: PasswordChangeDependencies,
): Promise<PasswordChangeResult> => {
  const invalid = validateChangePassword(request.input, request.policy, { username: request.username });
  if (invalid) return { ok: false, message: invalid };
  try {
    const encrypt = await deps.getEncryptor();
    const [opwd, npwd, rpwd] = await Promise.all([
      encrypt(request.input.opwd),
      encrypt(request.input.npwd),
      encrypt(request.input.rpwd),
    ]);
    const answer = await deps.client.post<TokenAnswer | null>(
      CHANGE_PASSWORD_PATH,
      { opwd, npwd, rpwd },
      { headers: { Authorization: `Bearer ${request.token}` } },
    );
    return isTokenAnswer(answer)
      ? { ok: true, tokens: answer }
      : { ok: false, message: deps.emptyAnswerText };
  } catch (error) {
    return {
      ok: false,
      message: error instanceof Error && error.message ? error.message : deps.emptyAnswerText,
    };
  }
};
