import {
  checkPassword,
  type LoginConfig,
  type LoginData,
  type LoginResult,
  type PasswordPolicy,
} from '@uniwim/contracts';
import { hashPassword, needsRehash, verifyPassword } from '../../platform/crypto/passwords';
import { randomPassword } from '../../platform/crypto/tokens';
import { AppError, isAppError } from '../../platform/errors';
import type { CaptchaService } from '../captcha/service';
import type { KeyService } from '../keys/service';
import type { LoginConfigService } from '../login-config/service';
import type { TenantRecord } from '../tenants/repo';
import type { TenantService } from '../tenants/service';
import type { AccountDirectory } from './account-directory';
import type { LoginAccount } from './accounts-repo';
import { wrongCredentialsMessage } from './lockout';
import type { LockoutService } from './lockout-service';
import type { RequestContext } from './request-context';
import type { SignIn } from './sign-in';

export interface PasswordLoginDeps {
  accounts: AccountDirectory;
  tenants: TenantService;
  loginConfig: LoginConfigService;
  keys: KeyService;
  captcha: CaptchaService;
  lockout: LockoutService;
  signIn: SignIn;
  /** The configuration's password policy lifted to the platform's floor (platform settings). */
  passwordPolicyOf(config: LoginConfig): Promise<PasswordPolicy>;
}

/** What the login log keeps of an account whose attempt failed. */
type FailedAccount = Pick<LoginAccount, 'id' | 'username' | 'memberships'>;

/** Whether the user must change the password before entering the product. */
export const mustChangePassword = (
  account: LoginAccount,
  password: string,
  config: LoginConfig,
  policy: PasswordPolicy,
): boolean =>
  account.mustChangePassword ||
  (config.forcePasswordChange === '1' && account.passwordChangedAt === null) ||
  checkPassword(password, policy, { username: account.username }) !== null;

/**
 * Sign-in by account and password (type 1-1). Unknown accounts cost the same argon2 work as known
 * ones and get the same answer, so neither timing nor messages reveal which accounts exist.
 */
export const createPasswordLogin = (deps: PasswordLoginDeps) => {
  let dummyHash: Promise<string> | undefined;
  const hashToBurn = () => {
    dummyHash ??= hashPassword(randomPassword());
    return dummyHash;
  };

  const pageTenant = async (
    tenantId: string | undefined,
    host: string | undefined,
  ): Promise<TenantRecord | null> => {
    if (!tenantId) return deps.tenants.resolveForPage(host, undefined);
    const tenant = await deps.tenants.findById(tenantId);
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
    return tenant;
  };

  const authenticate = async (input: LoginData, context: RequestContext, page: TenantRecord | null) => {
    const { config } = await deps.loginConfig.effective(page?.id ?? null);
    if (config.showVctCode === 1) {
      const solved =
        input.vali && input.captchaId && (await deps.captcha.verify(input.captchaId, input.vali));
      if (!solved) throw new AppError('CAPTCHA_INVALID');
    }
    // Counted against the account whatever tenant the request names (issue 11, defect 3).
    const account = await deps.accounts.findByUsername(input.username);
    const settings = await deps.lockout.settingsFor(account, page?.id ?? null);
    await deps.lockout.assertNotLocked(input.username, context.ip, settings);
    const password = await deps.keys.decrypt(input.password);
    if (password === null) throw new AppError('PASSWORD_UNDECRYPTABLE');

    const matches = await verifyPassword(account?.passwordHash ?? (await hashToBurn()), password);
    if (!account || !matches) {
      const failure = await deps.lockout.recordFailure(input.username, context.ip, settings);
      if (failure.lockedForMs !== null) throw deps.lockout.lockedError(failure.lockedForMs);
      // For the log only (never the answer): who it was and where they belong, without the hash.
      const known: FailedAccount | undefined = account && {
        id: account.id,
        username: account.username,
        memberships: account.memberships,
      };
      throw new AppError('INVALID_CREDENTIALS', wrongCredentialsMessage(failure.remaining), {
        account: known,
      });
    }
    await deps.lockout.recordSuccess(input.username, context.ip, settings);
    return { account, password };
  };

  return async (input: LoginData, context: RequestContext): Promise<LoginResult> => {
    let page: TenantRecord | null = null;
    let known: FailedAccount | null = null;
    try {
      page = await pageTenant(input.tenantId, context.host);
      const { account, password } = await authenticate(input, context, page);
      known = account;
      const tenantId = await deps.signIn.enterTenant(account, input.tenantId ?? null, page?.id ?? null);
      if (account.passwordHash && needsRehash(account.passwordHash)) {
        await deps.accounts.setPasswordHash(account.id, await hashPassword(password), false);
      }
      const { config } = await deps.loginConfig.effective(tenantId);
      const changePwd = mustChangePassword(account, password, config, await deps.passwordPolicyOf(config));
      const remember = input.remember === true;
      if (await deps.signIn.requiresTwoFactor(account, tenantId)) {
        return await deps.signIn.beginTwoFactor(
          account,
          { accountId: account.id, tenantId, remember, changePwd },
          context,
        );
      }
      return await deps.signIn.issue(account, tenantId, { mode: 'password', changePwd, remember, context });
    } catch (error) {
      const details = isAppError(error)
        ? (error.details as { account?: FailedAccount } | undefined)
        : undefined;
      // Without a page's tenant, a known account's failure goes to its tenant's log (not the platform's).
      await deps.signIn.recordFailure(
        known ?? details?.account ?? null,
        input.username,
        page?.id ?? null,
        'password',
        context,
        isAppError(error) ? error.errorName : 'INTERNAL',
      );
      if (isAppError(error) && error.errorName === 'INVALID_CREDENTIALS') {
        // The account was for the log only: the answer must not differ between known and unknown users.
        throw new AppError('INVALID_CREDENTIALS', error.message);
      }
      throw error;
    }
  };
};

export type PasswordLogin = ReturnType<typeof createPasswordLogin>;
