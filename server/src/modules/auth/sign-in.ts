import type { LoginResult } from '@uniwim/contracts';
import { newOpaqueToken } from '../../platform/crypto/tokens';
import { AppError, isAppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import type { SessionService } from '../sessions/service';
import type { VerificationCodes } from '../sms/code-service';
import type { TenantService } from '../tenants/service';
import type { AccountDirectory } from './account-directory';
import type { LoginAccount } from './accounts-repo';
import type { LoginAttempt, LoginLog, LoginMode } from './login-log';
import { maskMobile, type RequestContext } from './request-context';
import { chooseTenant } from './tenant-choice';

export interface SignInDeps {
  accounts: AccountDirectory;
  tenants: TenantService;
  sessions: SessionService;
  loginLog: LoginLog;
  codes: VerificationCodes;
  store: Store;
  /** Platform settings (issue 12): whether a platform-scope sign-in of an operator needs the SMS code. */
  operatorsNeedTwoFactor(): Promise<boolean>;
  /** Keeps the membership's last sign-in time and address (every way of signing in ends here). */
  recordMemberSignIn?(tenantId: string, accountId: string, ip: string | null): Promise<void>;
  /** Tenant settings (issue 13): the IP allow-list and dormancy refuse; an expired password must be changed. */
  tenantSignInGate(
    account: { id: string; passwordChangedAt: Date | null },
    tenantId: string,
    ip: string | null,
  ): Promise<{ passwordExpired: boolean }>;
}

export interface PendingTwoFactor {
  accountId: string;
  tenantId: string | null;
  remember: boolean;
  changePwd: boolean;
}

const TWO_FACTOR_TTL_MS = 5 * 60_000;
export const pendingTwoFactorKey = (ticket: string) => `2fa:${ticket}`;

/**
 * What every way of signing in shares once the user is known: which tenant they enter, the second
 * factor when it is required, the session, and the login log.
 */
/** The tenant a sign-in naming none would enter for this account (its first usable membership), or null. */
export const defaultTenantOf = (account: Pick<LoginAccount, 'memberships'> | null): string | null => {
  if (!account) return null;
  const choice = chooseTenant({
    memberships: account.memberships,
    requestedTenantId: null,
    pageTenantId: null,
    isPlatformAdmin: false,
    now: new Date(),
  });
  return 'tenantId' in choice ? choice.tenantId : null;
};

export const createSignIn = (deps: SignInDeps) => {
  const enterTenant = async (
    account: LoginAccount,
    requestedTenantId: string | null,
    pageTenantId: string | null,
  ) => {
    if (account.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
    const choice = chooseTenant({
      memberships: account.memberships,
      requestedTenantId,
      pageTenantId,
      isPlatformAdmin: account.isPlatformAdmin,
      isPlatformOperator: account.isPlatformOperator,
      now: new Date(),
    });
    if ('error' in choice) throw new AppError(choice.error);
    // The membership said the tenant is usable; a platform administrator entering any tenant has none.
    if (choice.tenantId !== null) await deps.tenants.admission.admit(choice.tenantId);
    return choice.tenantId;
  };

  const attemptOf = (
    account: Pick<LoginAccount, 'id' | 'username'> | null,
    username: string,
    tenantId: string | null,
    mode: LoginMode,
    context: RequestContext,
    errorCode: string | null,
  ): LoginAttempt => ({
    tenantId,
    accountId: account?.id ?? null,
    username: account?.username ?? username,
    mode,
    result: errorCode ? 'failure' : 'success',
    errorCode,
    ip: context.ip,
    userAgent: context.userAgent,
    channel: context.channel,
  });

  const record = (...args: Parameters<typeof attemptOf>) => deps.loginLog.record(attemptOf(...args));

  /**
   * A refused attempt, logged under the tenant it was aimed at: the page's (or the form's), else for a
   * known account the tenant a sign-in without one would have entered (docs/decisions.md, "Failed
   * sign-ins"). Only what is already in hand is used, so known and unknown accounts cost the same.
   */
  const recordFailure = (
    account: Pick<LoginAccount, 'id' | 'username' | 'memberships'> | null,
    username: string,
    aimedTenantId: string | null,
    mode: LoginMode,
    context: RequestContext,
    errorCode: string,
  ) => record(account, username, aimedTenantId ?? defaultTenantOf(account), mode, context, errorCode);

  const issue = async (
    account: LoginAccount,
    tenantId: string | null,
    options: {
      mode: LoginMode;
      changePwd: boolean;
      remember: boolean;
      context: RequestContext;
      tenantUser?: boolean;
    },
  ): Promise<LoginResult> => {
    const gate =
      tenantId === null ? null : await deps.tenantSignInGate(account, tenantId, options.context.ip);
    const changePwd = options.changePwd || gate?.passwordExpired === true;
    const issued = await deps.sessions.issue({
      accountId: account.id,
      tenantId,
      purpose: changePwd ? 'change_password' : 'full',
      remember: options.remember,
      ip: options.context.ip,
      userAgent: options.context.userAgent,
      channel: options.context.channel,
    });
    await record(account, account.username, tenantId, options.mode, options.context, null);
    if (tenantId !== null) await deps.recordMemberSignIn?.(tenantId, account.id, options.context.ip ?? null);
    return {
      token: issued.token,
      expire: issued.expire,
      refreshToken: issued.refreshToken,
      tenantId: issued.tenantId,
      twoFactorAuth: false,
      mobile: maskMobile(account.mobile),
      changePwd,
      ...(options.tenantUser ? { tenantUser: true } : {}),
    };
  };

  const requiresTwoFactor = async (account: LoginAccount, tenantId: string | null) =>
    account.twoFactorEnabled ||
    (tenantId !== null && (await deps.tenants.findById(tenantId))?.twoFactorRequired === true) ||
    (tenantId === null &&
      (account.isPlatformOperator || account.isPlatformAdmin) &&
      (await deps.operatorsNeedTwoFactor()));

  /** No token yet: a code goes to the account's phone and the answer carries the pending sign-in's ticket. */
  const beginTwoFactor = async (
    account: LoginAccount,
    pending: PendingTwoFactor,
    context: RequestContext,
  ): Promise<LoginResult> => {
    if (pending.tenantId !== null) {
      // Refused before a code is sent: an address outside the allow-list gets no SMS.
      const gate = await deps.tenantSignInGate(account, pending.tenantId, context.ip);
      if (gate.passwordExpired) pending = { ...pending, changePwd: true };
    }
    if (!account.mobile) throw new AppError('NO_MOBILE');
    const ticket = newOpaqueToken();
    const mobile = account.mobile;
    try {
      await deps.codes.send({ type: 'TWO_FACTOR_CODE', mobile, ip: context.ip, binding: ticket });
    } catch (error) {
      // Signing in again within a minute: the code already on the phone now completes this sign-in.
      const resendRefused = isAppError(error) && error.errorName === 'CODE_RESEND_TOO_SOON';
      if (
        !resendRefused ||
        !(await deps.codes.rebind({ type: 'TWO_FACTOR_CODE', mobile, binding: ticket }))
      ) {
        throw error;
      }
    }
    await deps.store.set(pendingTwoFactorKey(ticket), JSON.stringify(pending), { ttlMs: TWO_FACTOR_TTL_MS });
    return {
      token: '',
      expire: 0,
      refreshToken: '',
      tenantId: pending.tenantId,
      twoFactorAuth: true,
      mobile: maskMobile(account.mobile),
      changePwd: pending.changePwd,
      ticket,
    };
  };

  const pendingOf = async (ticket: string): Promise<PendingTwoFactor | null> => {
    const raw = await deps.store.get(pendingTwoFactorKey(ticket));
    return raw ? (JSON.parse(raw) as PendingTwoFactor) : null;
  };

  /** A pending sign-in completes once: its ticket is spent before the session is issued. */
  const endTwoFactor = async (ticket: string) => {
    if ((await deps.store.take(pendingTwoFactorKey(ticket))) === null)
      throw new AppError('CODE_INVALID', '登录已失效，请重新登录');
  };

  return {
    enterTenant,
    record,
    recordFailure,
    issue,
    requiresTwoFactor,
    beginTwoFactor,
    pendingOf,
    endTwoFactor,
  };
};

export type SignIn = ReturnType<typeof createSignIn>;
