import { type AdminScope, type PermissionCode, permissionCodesOf } from '@uniwim/contracts';
import { scopeOfMember, type ViewerScope } from '../../platform/admin/data-scope';
import { codesOfMember } from '../../platform/admin/member-grants';
import { AppError } from '../../platform/errors';
import type { ActiveSession } from '../sessions/repo';
import type { PlatformAccessRepo } from './repo';

export interface Operator {
  accountId: string;
  name: string;
  /** The tenant an `ump` resource acts in; null on the platform. */
  tenantId: string | null;
  codes: ReadonlySet<string>;
  /** The platform's super administrator (inside a tenant: switched into it), who sees every record. */
  platformAdmin: boolean;
  /** Whose department-owned records the operator sees in the tenant, read with the codes. */
  scope?: ViewerScope;
}

const ALL_PLATFORM_CODES: ReadonlySet<string> = new Set(permissionCodesOf('platform'));
const ALL_TENANT_CODES: ReadonlySet<string> = new Set(permissionCodesOf('tenant'));

/**
 * Who may do what on an admin route, read from the database on every request: a change to a role
 * takes effect on its holders' next request on every instance, nothing is kept in a token.
 */
export const createPermissionService = (deps: { repo: PlatformAccessRepo }) => {
  const operatorOf = async (session: ActiveSession, scope: AdminScope): Promise<Operator> => {
    const tenantId = scope === 'ump' ? session.tenantId : null;
    const grants = await deps.repo.grantsOf(session.accountId, tenantId);
    if (!grants) throw new AppError('FORBIDDEN');
    if (scope === 'dmp') {
      const codes = grants.isPlatformAdmin ? ALL_PLATFORM_CODES : new Set(grants.codes);
      return {
        accountId: session.accountId,
        name: grants.name,
        tenantId: null,
        codes,
        platformAdmin: grants.isPlatformAdmin,
      };
    }
    if (!session.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
    if (grants.isPlatformAdmin) {
      return {
        accountId: session.accountId,
        name: grants.name,
        tenantId: session.tenantId,
        codes: ALL_TENANT_CODES,
        platformAdmin: true,
      };
    }
    const held = codesOfMember(grants.member);
    // A code a role still lists after it left the catalogue grants nothing.
    const codes = held.isAdmin
      ? ALL_TENANT_CODES
      : new Set(held.codes.filter((code) => ALL_TENANT_CODES.has(code)));
    return {
      accountId: session.accountId,
      name: grants.name,
      tenantId: session.tenantId,
      codes,
      platformAdmin: false,
      scope: scopeOfMember(session.accountId, grants.member),
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
