import { checkPassword, type LoginConfig, type PasswordPolicy } from '@uniwim/contracts';
import { hashPassword } from '../../platform/crypto/passwords';
import { AppError } from '../../platform/errors';
import type { KeyService } from '../keys/service';
import type { LoginConfigService } from '../login-config/service';
import type { ActiveSession } from '../sessions/repo';
import type { IssuedTokens, SessionService } from '../sessions/service';
import type { VerificationCodes } from '../sms/code-service';
import type { AccountDirectory } from './account-directory';
import type { LoginAccount } from './accounts-repo';
import type { RequestContext } from './request-context';

export interface PasswordResetDeps {
  accounts: AccountDirectory;
  codes: VerificationCodes;
  keys: KeyService;
  loginConfig: LoginConfigService;
  sessions: SessionService;
  /** The configuration's password policy lifted to the platform's floor (platform settings). */
  passwordPolicyOf(config: LoginConfig): Promise<PasswordPolicy>;
}

/** Password changes proven by an SMS code instead of the old password. Every session of the account ends. */
export const createPasswordReset = (deps: PasswordResetDeps) => {
  const decrypt = async (ciphertext: string) => {
    const plain = await deps.keys.decrypt(ciphertext);
    if (plain === null) throw new AppError('PASSWORD_UNDECRYPTABLE');
    return plain;
  };

  /** The policy of the tenant the account signs in to by default. */
  const policyFor = async (account: LoginAccount, tenantId: string | null) => {
    const tenant = tenantId ?? account.memberships[0]?.tenantId ?? null;
    return deps.passwordPolicyOf((await deps.loginConfig.effective(tenant)).config);
  };

  const setPassword = async (account: LoginAccount, password: string, tenantId: string | null) => {
    const problem = checkPassword(password, await policyFor(account, tenantId), {
      username: account.username,
    });
    if (problem) throw new AppError('PASSWORD_POLICY', problem);
    await deps.accounts.setPasswordHash(account.id, await hashPassword(password), true);
    await deps.sessions.revokeAccount(account.id);
  };

  return {
    /** POST /dmp/forgetPwd. */
    forgotten: async (input: { mobile: string; code: string; npwd: string }): Promise<void> => {
      const password = await decrypt(input.npwd);
      const found = await deps.accounts.findByMobile(input.mobile);
      const account = found?.status === 'active' ? found : undefined;
      // The policy is checked before the code is spent, so a rejected password costs no new code;
      // an unknown number is checked against the platform policy and answers alike.
      const policy = account
        ? await policyFor(account, null)
        : await deps.passwordPolicyOf((await deps.loginConfig.effective(null)).config);
      const problem = checkPassword(password, policy, { username: account?.username });
      if (problem) throw new AppError('PASSWORD_POLICY', problem);
      await deps.codes.verify({ type: 'FORGET_PWD_CODE', mobile: input.mobile, code: input.code });
      if (!account) throw new AppError('CODE_INVALID');
      await setPassword(account, password, null);
    },

    /** POST /dmp/verificationChangePwd: the signed-in user proves the phone instead of the old password. */
    withCode: async (
      session: ActiveSession,
      input: { code: string; npwd: string; rpwd: string },
      context: RequestContext,
    ): Promise<IssuedTokens> => {
      const [password, confirmation] = await Promise.all([decrypt(input.npwd), decrypt(input.rpwd)]);
      if (password !== confirmation) throw new AppError('PASSWORD_POLICY', '两次输入密码不一致!');
      const account = await deps.accounts.findById(session.accountId);
      if (!account || account.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
      if (!account.mobile) throw new AppError('NO_MOBILE');
      await deps.codes.verify({ type: 'CHANGE_PWD_CODE', mobile: account.mobile, code: input.code });
      await setPassword(account, password, session.tenantId);
      return deps.sessions.issue({
        accountId: account.id,
        tenantId: session.tenantId,
        ip: context.ip,
        userAgent: context.userAgent,
        channel: context.channel,
      });
    },
  };
};

export type PasswordReset = ReturnType<typeof createPasswordReset>;
