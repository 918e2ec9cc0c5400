import { AppError } from '../../platform/errors';
import type { ActiveSession } from '../sessions/repo';
import type { UsersRepo } from '../users/repo';

/** Who may administer what: platform admins everything, tenant admins their active tenant. */
export const createAccessService = (users: UsersRepo) => {
  const isPlatformAdmin = async (session: ActiveSession) =>
    (await users.findAccount(session.accountId))?.isPlatformAdmin === true;

  return {
    isPlatformAdmin,

    isAdminOfActiveTenant: async (session: ActiveSession): Promise<boolean> =>
      (await isPlatformAdmin(session)) ||
      (session.tenantId !== null && (await users.isTenantAdmin(session.tenantId, session.accountId))),

    assertPlatformAdmin: async (session: ActiveSession): Promise<void> => {
      if (!(await isPlatformAdmin(session))) throw new AppError('FORBIDDEN');
    },

    /** Returns the tenant the session administers. */
    assertTenantAdmin: async (session: ActiveSession): Promise<string> => {
      if (!session.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
      const allowed =
        (await isPlatformAdmin(session)) || (await users.isTenantAdmin(session.tenantId, session.accountId));
      if (!allowed) throw new AppError('FORBIDDEN');
      return session.tenantId;
    },
  };
};

export type AccessService = ReturnType<typeof createAccessService>;
