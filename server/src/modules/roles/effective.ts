import {
  type DataScope,
  type EffectivePermissions,
  PERMISSIONS,
  type PermissionCode,
  permissionCodesOf,
} from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import { combineRoleScopes } from '../../platform/admin/data-scope';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

export interface HeldRole {
  id: string;
  name: string;
  code: string;
  status: 'active' | 'disabled';
  isAdmin: boolean;
  dataScope: DataScope;
  permissions: string[];
  customDepartmentIds: string[];
}
export interface GrantedMenu {
  id: string;
  name: string;
  applicationName: string;
  roleId: string;
}
export interface MemberFacts {
  accountId: string;
  username: string;
  name: string;
  status: 'active' | 'disabled';
  department: { id: string; path: string; name: string } | null;
}
export interface DepartmentName {
  id: string;
  path: string;
  name: string;
}

const TENANT_CODES = permissionCodesOf('tenant');

/**
 * What a member holds and where each piece comes from: the menus and codes of their active roles
 * (an administrator role grants every tenant code), and the union of the roles' data scopes as
 * the lists apply it (data-scope.ts). A disabled member or a disabled role grants nothing.
 */
export const effectivePermissionsOf = (
  member: MemberFacts,
  held: HeldRole[],
  menus: GrantedMenu[],
  departments: DepartmentName[],
): EffectivePermissions => {
  const granting = member.status === 'active' ? held.filter((role) => role.status === 'active') : [];
  const ref = (role: HeldRole) => ({ id: role.id, name: role.name });
  const roleById = new Map(granting.map((role) => [role.id, role]));
  const nameOf = new Map(departments.map((d) => [d.id, d.name]));

  const menuEntries = new Map<string, EffectivePermissions['menus'][number]>();
  for (const menu of menus) {
    const role = roleById.get(menu.roleId);
    if (!role) continue;
    const entry = menuEntries.get(menu.id) ?? {
      id: menu.id,
      name: menu.name,
      applicationName: menu.applicationName,
      roles: [],
    };
    entry.roles.push(ref(role));
    menuEntries.set(menu.id, entry);
  }

  const codeRoles = new Map<PermissionCode, HeldRole[]>();
  for (const role of granting) {
    const codes = role.isAdmin
      ? TENANT_CODES
      : TENANT_CODES.filter((code) => role.permissions.includes(code));
    for (const code of codes) codeRoles.set(code, [...(codeRoles.get(code) ?? []), role]);
  }

  const scope = combineRoleScopes(
    member.accountId,
    granting.map((role) => ({
      isAdmin: role.isAdmin,
      dataScope: role.dataScope,
      customDepartmentIds: role.customDepartmentIds,
    })),
    member.department ? { id: member.department.id, path: member.department.path } : null,
  );
  const pathName = new Map(departments.map((d) => [d.path, d.name]));
  const scopeRoles = scope.all
    ? granting.filter((role) => role.isAdmin || role.dataScope === 'all')
    : granting;

  return {
    accountId: member.accountId,
    username: member.username,
    name: member.name,
    departmentName: member.department?.name ?? null,
    memberStatus: member.status,
    roles: held.map((role) => ({
      id: role.id,
      name: role.name,
      code: role.code,
      status: role.status,
      isAdmin: role.isAdmin,
      dataScope: role.isAdmin ? 'all' : role.dataScope,
      departmentNames:
        role.dataScope === 'custom' ? role.customDepartmentIds.map((id) => nameOf.get(id) ?? id) : [],
    })),
    menus: [...menuEntries.values()].sort(
      (a, b) =>
        a.applicationName.localeCompare(b.applicationName, 'zh-CN') || a.name.localeCompare(b.name, 'zh-CN'),
    ),
    permissions: [...codeRoles.entries()].map(([code, roles]) => ({
      code,
      title: PERMISSIONS[code].title.zh,
      roles: roles.map(ref),
    })),
    dataScope: {
      all: scope.all,
      departmentNames: scope.departmentIds.map((id) => nameOf.get(id) ?? id),
      subtreeNames: scope.subtreePaths.map((path) => pathName.get(path) ?? path),
      ownRecords: true,
      roles: scopeRoles.map(ref),
    },
  };
};

/** Reads what effectivePermissionsOf needs, in the tenant's transaction; a non-member is 404. */
export const readEffectivePermissions = async (tx: Tx, accountId: string): Promise<EffectivePermissions> => {
  const [member] = rowsOf(
    await tx.execute(sql`
      SELECT a.id, a.username, a.name, tm.status, d.id AS department_id, d.path, d.name AS department_name
      FROM tenant_memberships tm
      JOIN accounts a ON a.id = tm.account_id
      LEFT JOIN departments d ON d.tenant_id = tm.tenant_id AND d.id = tm.department_id
      WHERE tm.account_id = ${accountId}`),
  );
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const held = rowsOf(
    await tx.execute(sql`
      SELECT r.id, r.name, r.code, r.status, r.is_admin, r.data_scope, r.permissions,
        coalesce((SELECT array_agg(rd.department_id ORDER BY rd.department_id) FROM role_departments rd
                  WHERE rd.tenant_id = r.tenant_id AND rd.role_id = r.id), '{}') AS custom_department_ids
      FROM membership_roles mr JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
      WHERE mr.account_id = ${accountId}
      ORDER BY r.sort, r.name`),
  ).map(
    (row): HeldRole => ({
      id: row.id as string,
      name: row.name as string,
      code: row.code as string,
      status: row.status as HeldRole['status'],
      isAdmin: row.is_admin === true,
      dataScope: row.data_scope as DataScope,
      permissions: (row.permissions as string[] | null) ?? [],
      customDepartmentIds: (row.custom_department_ids as string[] | null) ?? [],
    }),
  );
  const menus = rowsOf(
    await tx.execute(sql`
      SELECT m.id, m.name, a.name AS application_name, g.role_id
      FROM membership_roles mr
      JOIN role_menu_grants g ON g.tenant_id = mr.tenant_id AND g.role_id = mr.role_id
      JOIN menu_items m ON m.id = g.menu_id
      JOIN tenant_applications ta ON ta.tenant_id = g.tenant_id AND ta.application_id = m.application_id
      JOIN applications a ON a.id = m.application_id
      WHERE mr.account_id = ${accountId}`),
  ).map((row) => ({
    id: row.id as string,
    name: row.name as string,
    applicationName: row.application_name as string,
    roleId: row.role_id as string,
  }));
  const departments = rowsOf(await tx.execute(sql`SELECT id, path, name FROM departments`)).map((row) => ({
    id: row.id as string,
    path: row.path as string,
    name: row.name as string,
  }));
  return effectivePermissionsOf(
    {
      accountId: member.id as string,
      username: member.username as string,
      name: member.name as string,
      status: member.status as MemberFacts['status'],
      department: member.department_id
        ? {
            id: member.department_id as string,
            path: member.path as string,
            name: member.department_name as string,
          }
        : null,
    },
    held,
    menus,
    departments,
  );
};
