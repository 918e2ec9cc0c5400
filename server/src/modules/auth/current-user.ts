import { type CurrentUser, tenantAdminPagesOf } from '@uniwim/contracts';
import { TtlCache } from '../../platform/cache/ttl-cache';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { ActiveSession } from '../sessions/repo';
import type { TenantService } from '../tenants/service';
import type { TimeZones } from '../time-zones/time-zones';
import type { UsersRepo } from '../users/repo';
import { maskMobile } from './request-context';

/**
 * GET /ump/currUserInfo is asked on every page load and by every frame: the answer for an
 * (account, tenant) pair is kept a few seconds.
 */
export const createCurrentUser = (deps: {
  users: UsersRepo;
  tenants: TenantService;
  timeZones: TimeZones;
}) => {
  // The answer is kept serialised too: this is the hottest authenticated call.
  const cache = new TtlCache<{ user: CurrentUser; json: string }>(5_000);

  const load = async (
    session: Pick<ActiveSession, 'accountId' | 'tenantId'>,
  ): Promise<{ user: CurrentUser; json: string }> => {
    const account = await deps.users.findAccount(session.accountId);
    if (account?.status !== 'active') throw new AppError('TOKEN_INVALID');
    const [tenant, grants, timeZone] = await Promise.all([
      session.tenantId ? deps.tenants.findById(session.tenantId) : undefined,
      session.tenantId ? deps.users.tenantGrantsOf(session.tenantId, session.accountId) : undefined,
      deps.timeZones.of(session.tenantId),
    ]);
    // The tenant's administrators, and members whose roles open a page of the admin console.
    const tenantAdmin =
      grants !== undefined && (grants.isAdmin || tenantAdminPagesOf(grants.codes).length > 0);
    const user: CurrentUser = {
      id: account.id,
      sn: account.sn,
      username: account.username,
      name: account.name,
      mobile: maskMobile(account.mobile) || null,
      // Operators administer the platform scope only; inside a tenant they are ordinary members.
      isAdmin:
        account.isPlatformAdmin || (session.tenantId === null && account.isPlatformOperator) || tenantAdmin,
      tenantId: session.tenantId,
      tenantName: tenant?.name ?? null,
      timeZone,
    };
    return { user, json: JSON.stringify(ok(user)) };
  };
  const entry = (session: Pick<ActiveSession, 'accountId' | 'tenantId'>) =>
    cache.getOrLoad(`${session.accountId}|${session.tenantId ?? ''}`, () => load(session));

  return {
    of: async (session: Pick<ActiveSession, 'accountId' | 'tenantId'>): Promise<CurrentUser> =>
      (await entry(session)).user,
    /** The whole GET /ump/currUserInfo answer as JSON text. */
    answerJson: async (session: ActiveSession): Promise<string> => (await entry(session)).json,
    forget: () => cache.clear(),
  };
};

export type CurrentUserService = ReturnType<typeof createCurrentUser>;
