import { type SQL, sql } from 'drizzle-orm';
import type { DataScopeKind } from './data-scope';

/** What one active role of a member gives: its codes, whether it administers, whose records it sees. */
export interface HeldRole {
  isAdmin: boolean;
  dataScope: DataScopeKind;
  permissions: string[];
  customDepartmentIds: string[];
}

/** An active member's standing in a tenant, as every admin request reads it. */
export interface MemberGrants {
  departmentId: string | null;
  departmentPath: string | null;
  /** Active roles only: a disabled role grants nothing and widens no scope. */
  roles: HeldRole[];
}

/**
 * The active membership of `accountId` in `tenantId` with its department and active roles, as one
 * JSON value (null: not an active member). One scalar subquery, so the permission check, the
 * current user and the data scope read a member's standing in the same single statement, whichever
 * other columns they need beside it.
 */
export const memberGrantsSql = (tenantId: string, accountId: SQL | string): SQL => sql`(
  SELECT json_build_object(
    'departmentId', m.department_id,
    'departmentPath', d.path,
    'roles', coalesce((
      SELECT json_agg(json_build_object(
        'isAdmin', r.is_admin,
        'dataScope', r.data_scope,
        'permissions', r.permissions,
        'customDepartmentIds', CASE WHEN r.data_scope = 'custom' THEN coalesce((
          SELECT array_agg(rd.department_id) FROM role_departments rd
          WHERE rd.tenant_id = r.tenant_id AND rd.role_id = r.id
        ), '{}') ELSE '{}' END))
      FROM membership_roles mr
      JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id AND r.status = 'active'
      WHERE mr.tenant_id = m.tenant_id AND mr.account_id = m.account_id
    ), '[]'::json))
  FROM tenant_memberships m
  LEFT JOIN departments d ON d.tenant_id = m.tenant_id AND d.id = m.department_id
  WHERE m.tenant_id = ${tenantId} AND m.account_id = ${accountId} AND m.status = 'active'
)`;

/** Whether one of the member's roles administers the tenant, and the codes the roles grant. */
export const codesOfMember = (grants: MemberGrants | null): { isAdmin: boolean; codes: string[] } => ({
  isAdmin: grants?.roles.some((role) => role.isAdmin) ?? false,
  codes: [...new Set(grants?.roles.flatMap((role) => role.permissions) ?? [])],
});
