import { isValidMobile, type LoginResult } from '@uniwim/contracts';
import { AppError, isAppError } from '../../platform/errors';
import type { VerificationCodes } from '../sms/code-service';
import type { AccountDirectory } from './account-directory';
import type { LoginAccount } from './accounts-repo';
import type { LockoutService } from './lockout-service';
import type { RequestContext } from './request-context';
import type { SignIn } from './sign-in';

export interface CodeLoginInput {
  type: 'LOGIN_CODE' | 'TWO_FACTOR_CODE';
  mobile?: string;
  code: string;
  tenantId?: string;
  ticket?: string;
  remember?: boolean;
}

/** Who an attempt turned out to be and the tenant it was aimed at, as far as known when it failed. */
interface Attempt {
  account: LoginAccount | null;
  tenantId: string | null;
}

/**
 * Sign-in with an SMS code (type 1-3), and the code step of two-factor sign-in. Wrong codes count
 * towards the same lock-out as wrong passwords, and every attempt goes to the same login log.
 */
export const createCodeLogin = (deps: {
  accounts: AccountDirectory;
  codes: VerificationCodes;
  lockout: LockoutService;
  signIn: SignIn;
}) => {
  const withLockout = async <T>(
    username: string,
    account: LoginAccount | null | undefined,
    context: RequestContext,
    tenantId: string | null,
    work: () => Promise<T>,
  ) => {
    const settings = await deps.lockout.settingsFor(account, tenantId);
    await deps.lockout.assertNotLocked(username, context.ip, settings);
    try {
      const result = await work();
      await deps.lockout.recordSuccess(username, context.ip, settings);
      return result;
    } catch (error) {
      if (
        isAppError(error) &&
        (error.errorName === 'CODE_INVALID' || error.errorName === 'CODE_TOO_MANY_TRIES')
      ) {
        const failure = await deps.lockout.recordFailure(username, context.ip, settings);
        if (failure.lockedForMs !== null) throw deps.lockout.lockedError(failure.lockedForMs);
      }
      throw error;
    }
  };

  const smsLogin = async (
    input: CodeLoginInput,
    context: RequestContext,
    attempt: Attempt,
  ): Promise<LoginResult> => {
    const mobile = input.mobile?.trim() ?? '';
    if (!isValidMobile(mobile)) throw new AppError('MOBILE_INVALID');
    const account = await deps.accounts.findByMobile(mobile);
    attempt.account = account ?? null;
    // An unknown number never received a code, so verification fails like a wrong code.
    const subject = account?.username ?? `mobile:${mobile}`;
    return withLockout(subject, account, context, input.tenantId ?? null, async () => {
      await deps.codes.verify({ type: 'LOGIN_CODE', mobile, code: input.code });
      if (!account) throw new AppError('CODE_INVALID');
      const tenantId = await deps.signIn.enterTenant(account, input.tenantId ?? null, null);
      return deps.signIn.issue(account, tenantId, {
        mode: 'sms',
        changePwd: account.mustChangePassword,
        remember: input.remember === true,
        context,
      });
    });
  };

  const twoFactorStep = async (
    input: CodeLoginInput,
    context: RequestContext,
    attempt: Attempt,
  ): Promise<LoginResult> => {
    const pending = input.ticket ? await deps.signIn.pendingOf(input.ticket) : null;
    if (!pending || !input.ticket) throw new AppError('CODE_INVALID', '登录已失效，请重新登录');
    const account = await deps.accounts.findById(pending.accountId);
    attempt.account = account ?? null;
    attempt.tenantId = pending.tenantId;
    if (!account?.mobile) throw new AppError('CODE_INVALID');
    return withLockout(account.username, account, context, pending.tenantId, async () => {
      await deps.codes.verify({
        type: 'TWO_FACTOR_CODE',
        mobile: account.mobile!,
        code: input.code,
        binding: input.ticket,
      });
      await deps.signIn.endTwoFactor(input.ticket!);
      const tenantId = await deps.signIn.enterTenant(account, pending.tenantId, null);
      return deps.signIn.issue(account, tenantId, {
        mode: 'two-factor',
        changePwd: pending.changePwd,
        remember: pending.remember,
        context,
        tenantUser: true,
      });
    });
  };

  return async (input: CodeLoginInput, context: RequestContext): Promise<LoginResult> => {
    const attempt: Attempt = { account: null, tenantId: input.tenantId ?? null };
    try {
      return input.type === 'TWO_FACTOR_CODE'
        ? await twoFactorStep(input, context, attempt)
        : await smsLogin(input, context, attempt);
    } catch (error) {
      // Like a password sign-in's: a known account's failure goes to the tenant it was aimed at.
      await deps.signIn.recordFailure(
        attempt.account,
        input.mobile ?? '(two-factor)',
        attempt.tenantId,
        input.type === 'TWO_FACTOR_CODE' ? 'two-factor' : 'sms',
        context,
        isAppError(error) ? error.errorName : 'INTERNAL',
      );
      throw error;
    }
  };
};

export type CodeLogin = ReturnType<typeof createCodeLogin>;
