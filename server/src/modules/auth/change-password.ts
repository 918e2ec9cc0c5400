import {
  checkPassword,
  type LoginConfig,
  type PasswordPolicy,
  validateChangePassword,
} from '@uniwim/contracts';
import { hashPassword, verifyPassword } from '../../platform/crypto/passwords';
import { AppError } from '../../platform/errors';
import type { KeyService } from '../keys/service';
import type { LoginConfigService } from '../login-config/service';
import type { ActiveSession } from '../sessions/repo';
import type { IssuedTokens, SessionService } from '../sessions/service';
import type { AccountDirectory } from './account-directory';
import type { LockoutService } from './lockout-service';
import type { RequestContext } from './request-context';

export interface ChangePasswordDeps {
  accounts: AccountDirectory;
  keys: KeyService;
  loginConfig: LoginConfigService;
  lockout: LockoutService;
  sessions: SessionService;
  /** The configuration's password policy lifted to the platform's floor (platform settings). */
  passwordPolicyOf(config: LoginConfig): Promise<PasswordPolicy>;
}

export interface EncryptedPasswordChange {
  opwd: string;
  npwd: string;
  rpwd: string;
}

/**
 * Changes the signed-in user's password under the tenant's policy. Wrong old passwords count
 * towards the lock-out like failed sign-ins. Every session of the account ends; the caller gets a
 * fresh one, so a forced change leads straight into the product.
 */
export const createChangePassword = (deps: ChangePasswordDeps) => {
  const decrypt = async (ciphertext: string) => {
    const plain = await deps.keys.decrypt(ciphertext);
    if (plain === null) throw new AppError('PASSWORD_UNDECRYPTABLE');
    return plain;
  };

  return async (
    session: ActiveSession,
    body: EncryptedPasswordChange,
    context: RequestContext,
  ): Promise<IssuedTokens> => {
    const [opwd, npwd, rpwd] = await Promise.all([
      decrypt(body.opwd),
      decrypt(body.npwd),
      decrypt(body.rpwd),
    ]);
    const account = await deps.accounts.findById(session.accountId);
    if (account?.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const { config } = await deps.loginConfig.effective(session.tenantId);
    const policy = await deps.passwordPolicyOf(config);
    const problem =
      validateChangePassword({ opwd, npwd, rpwd }, policy) ??
      checkPassword(npwd, policy, { oldPassword: opwd, username: account.username });
    if (problem) throw new AppError('PASSWORD_POLICY', problem);

    const settings = await deps.lockout.settingsFor(account, session.tenantId);
    await deps.lockout.assertNotLocked(account.username, context.ip, settings);
    if (!account.passwordHash || !(await verifyPassword(account.passwordHash, opwd))) {
      const failure = await deps.lockout.recordFailure(account.username, context.ip, settings);
      if (failure.lockedForMs !== null) {
        await deps.sessions.revokeAccount(account.id);
        throw deps.lockout.lockedError(failure.lockedForMs);
      }
      throw new AppError('OLD_PASSWORD_WRONG');
    }
    await deps.accounts.setPasswordHash(account.id, await hashPassword(npwd), true);
    await deps.sessions.revokeAccount(account.id);
    return deps.sessions.issue({
      accountId: account.id,
      tenantId: session.tenantId,
      ip: context.ip,
      userAgent: context.userAgent,
      channel: context.channel,
    });
  };
};

export type ChangePassword = ReturnType<typeof createChangePassword>;
