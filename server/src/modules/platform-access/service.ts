import { type AdminScope, type PermissionCode, permissionCodesOf } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { ActiveSession } from '../sessions/repo';
import type { UsersRepo } from '../users/repo';
import type { PlatformAccessRepo } from './repo';

export interface Operator {
  accountId: string;
  name: string;
  /** The tenant an `ump` resource acts in; null on the platform. */
  tenantId: string | null;
  codes: ReadonlySet<string>;
}

const ALL_PLATFORM_CODES: ReadonlySet<string> = new Set(permissionCodesOf('platform'));
const ALL_TENANT_CODES: ReadonlySet<string> = new Set(permissionCodesOf('tenant'));

/**
 * Who may do what on an admin route, read from the database on every request: a change to a role
 * takes effect on its holders' next request on every instance, nothing is kept in a token.
 */
export const createPermissionService = (deps: { repo: PlatformAccessRepo; users: UsersRepo }) => {
  const operatorOf = async (session: ActiveSession, scope: AdminScope): Promise<Operator> => {
    const grants = await deps.repo.grantsOf(session.accountId);
    if (!grants) throw new AppError('FORBIDDEN');
    if (scope === 'dmp') {
      const codes = grants.isPlatformAdmin ? ALL_PLATFORM_CODES : new Set(grants.codes);
      return { accountId: session.accountId, name: grants.name, tenantId: null, codes };
    }
    if (!session.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
    const tenantAdmin =
      grants.isPlatformAdmin || (await deps.users.isTenantAdmin(session.tenantId, session.accountId));
    return {
      accountId: session.accountId,
      name: grants.name,
      tenantId: session.tenantId,
      codes: tenantAdmin ? ALL_TENANT_CODES : new Set<string>(),
    };
  };

  return {
    operatorOf,
    /** The operator, when they hold `code`; otherwise 403 naming the missing code. */
    require: async (session: ActiveSession, scope: AdminScope, code: PermissionCode | string) => {
      const operator = await operatorOf(session, scope);
      if (!operator.codes.has(code)) {
        throw new AppError('FORBIDDEN', `没有访问权限：缺少权限 ${code}`, { missingPermission: code });
      }
      return operator;
    },
  };
};

export type PermissionService = ReturnType<typeof createPermissionService>;
