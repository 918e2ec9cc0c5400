import type { TenantSwitchAnswer, TenantUserOauth } from '@uniwim/contracts';
import { AppError, isAppError } from '../../platform/errors';
import type { LoginLog } from '../auth/login-log';
import type { RequestContext } from '../auth/request-context';
import { chooseTenant, membershipRefusal } from '../auth/tenant-choice';
import type { ActiveSession } from '../sessions/repo';
import type { SessionService } from '../sessions/service';
import type { TenantService } from '../tenants/service';
import type { UsersRepo } from '../users/repo';
import type { TenantSwitchRepo } from './repo';

/**
 * How a switch treats the caller's token:
 *  - 'replace' (POST /dmp/changeTenant, /dmp/changePlatformToken): the shell moves to the other scope;
 *    the old token and its refresh token stop working everywhere.
 *  - 'add' (POST /dmp/changeTenantToken): a token exchange; the caller keeps its token and gets one of
 *    the other tenant for an application opened beside it. Both belong to one sign-in: signing out ends both.
 */
export type SwitchMode = 'replace' | 'add';

/**
 * Tenant switching: a user who belongs to several tenants (or a platform administrator) moves the
 * session to another tenant, or to the platform scope. Each switch issues a new token scoped to the
 * new tenant, because row-level security and every cache key on the session's tenant: a token never
 * changes tenant under someone's feet. Each switch, refused or not, is written to the login log.
 */
export const createTenantSwitch = (deps: {
  repo: TenantSwitchRepo;
  users: UsersRepo;
  tenants: TenantService;
  sessions: SessionService;
  loginLog: LoginLog;
}) => {
  const accountOf = async (session: ActiveSession) => {
    const account = await deps.users.findAccount(session.accountId);
    if (account?.status !== 'active') throw new AppError('TOKEN_INVALID');
    return account;
  };

  const record = (
    account: { id: string; username: string },
    tenantId: string | null,
    context: RequestContext,
    errorCode: string | null,
  ) =>
    deps.loginLog.record({
      tenantId,
      accountId: account.id,
      username: account.username,
      mode: 'switch',
      result: errorCode ? 'failure' : 'success',
      errorCode,
      ip: context.ip,
      userAgent: context.userAgent,
      channel: context.channel,
    });

  /** Checks the account may enter the tenant: the same rules as signing in to it. */
  const assertMayEnter = async (
    account: { id: string; isPlatformAdmin: boolean },
    tenantId: string,
  ): Promise<string> => {
    const choice = chooseTenant({
      memberships: await deps.repo.membershipsOf(account.id),
      requestedTenantId: tenantId,
      pageTenantId: null,
      isPlatformAdmin: account.isPlatformAdmin,
      now: new Date(),
    });
    if ('error' in choice) throw new AppError(choice.error);
    // A platform administrator may enter a tenant without being a member; it must still admit.
    await deps.tenants.admission.admit(tenantId);
    const tenant = await deps.tenants.findById(tenantId);
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
    return tenant.name;
  };

  const answer = (
    issued: Awaited<ReturnType<SessionService['issue']>>,
    tenantName: string | null,
  ): TenantSwitchAnswer => ({
    token: issued.token,
    expire: issued.expire,
    refreshToken: issued.refreshToken,
    tenantId: issued.tenantId,
    tenantName,
  });

  return {
    /** GET /dmp/getTenantUserOauth */
    options: async (session: ActiveSession): Promise<TenantUserOauth> => {
      const account = await accountOf(session);
      const now = new Date();
      // Only tenants the user may enter now: the same rules as signing in to them.
      const tenants = account.isPlatformAdmin
        ? await deps.repo.admittingTenants()
        : (await deps.repo.membershipsOf(account.id)).filter((m) => membershipRefusal(m, now) === null);
      return {
        tenants: tenants.map((t) => ({
          id: t.id,
          code: t.code,
          name: t.name,
          current: t.id === session.tenantId,
        })),
        canUsePlatformScope: account.isPlatformAdmin,
      };
    },

    /** POST /dmp/changeTenant ('replace') and /dmp/changeTenantToken ('add'). */
    toTenant: async (
      session: ActiveSession,
      tenantId: string,
      mode: SwitchMode,
      context: RequestContext,
    ): Promise<TenantSwitchAnswer> => {
      const account = await accountOf(session);
      let tenantName: string;
      try {
        tenantName = await assertMayEnter(account, tenantId);
      } catch (error) {
        // Refusals are worth an audit line, under the tenant the user is in: never one they may not belong to.
        if (isAppError(error)) await record(account, session.tenantId, context, error.errorName);
        throw error;
      }
      const issued = await deps.sessions.switchScope(
        session,
        { tenantId, ip: context.ip, userAgent: context.userAgent },
        mode,
      );
      await record(account, tenantId, context, null);
      return answer(issued, tenantName);
    },

    /** POST /dmp/changePlatformToken: platform administrators only; the new token has no tenant. */
    toPlatform: async (session: ActiveSession, context: RequestContext): Promise<TenantSwitchAnswer> => {
      const account = await accountOf(session);
      if (!account.isPlatformAdmin) {
        await record(account, session.tenantId, context, 'FORBIDDEN');
        throw new AppError('FORBIDDEN', '仅平台管理员可切换到平台');
      }
      const issued = await deps.sessions.switchScope(
        session,
        { tenantId: null, ip: context.ip, userAgent: context.userAgent },
        'replace',
      );
      await record(account, null, context, null);
      return answer(issued, null);
    },
  };
};

export type TenantSwitch = ReturnType<typeof createTenantSwitch>;
