import { type TenantRoleRow, tenantRolesResource } from '@uniwim/contracts';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { membershipRoles, roleDepartments, roleMenuGrants, roles } from '../../db/schema';
import { type FieldSql, type ListQuery, listPage, qualified } from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { ConsoleItem, GrantApplication, GrantMenu } from './grant-tree';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
const jsonList = (values: readonly string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const roleTenant = qualified(roles.tenantId);
const roleId = qualified(roles.id);
const holdersOf = sql<number>`(SELECT count(*)::int FROM membership_roles mr WHERE mr.tenant_id = ${roleTenant} AND mr.role_id = ${roleId})`;
const menuIdsOf = sql<
  string[]
>`coalesce((SELECT array_agg(g.menu_id ORDER BY g.menu_id) FROM role_menu_grants g WHERE g.tenant_id = ${roleTenant} AND g.role_id = ${roleId}), '{}')`;
const departmentIdsOf = sql<
  string[]
>`coalesce((SELECT array_agg(d.department_id ORDER BY d.department_id) FROM role_departments d WHERE d.tenant_id = ${roleTenant} AND d.role_id = ${roleId}), '{}')`;

const fields: FieldSql = {
  code: roles.code,
  name: roles.name,
  sort: roles.sort,
  status: roles.status,
  dataScope: roles.dataScope,
  holders: holdersOf,
  createdAt: roles.createdAt,
};
const columns = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  sort: roles.sort,
  status: roles.status,
  remark: roles.remark,
  builtin: roles.builtin,
  isAdmin: roles.isAdmin,
  dataScope: roles.dataScope,
  departmentIds: departmentIdsOf,
  menuIds: menuIdsOf,
  permissions: roles.permissions,
  holders: holdersOf,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  version: roles.version,
};

const rowOf = (row: RawRow): TenantRoleRow => ({
  ...(row as unknown as TenantRoleRow),
  holders: Number(row.holders),
  departmentIds: (row.departmentIds as string[] | null) ?? [],
  menuIds: (row.menuIds as string[] | null) ?? [],
  permissions: [...((row.permissions as string[] | null) ?? [])].sort(),
  createdAt: (row.createdAt as Date).toISOString(),
  updatedAt: (row.updatedAt as Date).toISOString(),
});

const likeAny = (q: string | undefined, ...columnsSql: SQL[]) => {
  if (!q) return sql`true`;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql.join(
    columnsSql.map((column) => sql`${column} ILIKE ${pattern}`),
    sql` OR `,
  );
};

/** SQL of the role page, run inside the active tenant's transaction (row-level security). */
export const rolesRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: tenantRolesResource,
      fields,
      table: roles,
      columns,
      id: roles.id,
      query,
    });
    return { items: items.map(rowOf), total };
  },

  get: async (tx: Tx, id: string): Promise<TenantRoleRow | undefined> => {
    const [row] = await tx.select(columns).from(roles).where(eq(roles.id, id));
    return row ? rowOf(row as RawRow) : undefined;
  },

  codeTaken: async (tx: Tx, code: string): Promise<boolean> =>
    (await tx.select({ id: roles.id }).from(roles).where(eq(roles.code, code))).length > 0,

  /** Another role of the tenant already has this name (two "审核员" could not be told apart). */
  nameTaken: async (tx: Tx, name: string, exceptId?: string): Promise<boolean> =>
    (
      await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.name, name), exceptId === undefined ? undefined : ne(roles.id, exceptId)))
    ).length > 0,

  insert: (tx: Tx, values: typeof roles.$inferInsert) => tx.insert(roles).values(values),

  /** Every menu must be an item of an application the tenant is entitled to; otherwise nothing changes. */
  replaceMenus: async (tx: Tx, tenantId: string, id: string, menuIds: string[]) => {
    const known = new Set(
      rowsOf(
        await tx.execute(sql`
          SELECT m.id FROM menu_items m
          JOIN tenant_applications ta ON ta.application_id = m.application_id AND ta.tenant_id = ${tenantId}
          WHERE m.id IN ${jsonList(menuIds)} AND m.tenant_id IS NULL`),
      ).map((row) => row.id as string),
    );
    const unknown = menuIds.filter((menuId) => !known.has(menuId));
    if (unknown.length > 0) {
      throw new AppError('MENU_NOT_FOUND', `菜单不存在或不属于本租户的应用：${unknown.join('、')}`, {
        menuIds: unknown,
      });
    }
    await tx
      .delete(roleMenuGrants)
      .where(and(eq(roleMenuGrants.tenantId, tenantId), eq(roleMenuGrants.roleId, id)));
    if (menuIds.length > 0) {
      await tx.insert(roleMenuGrants).values(menuIds.map((menuId) => ({ tenantId, roleId: id, menuId })));
    }
  },

  /** The departments of a custom scope; each must be one of the tenant's. */
  replaceDepartments: async (tx: Tx, tenantId: string, id: string, departmentIds: string[]) => {
    const known = new Set(
      rowsOf(await tx.execute(sql`SELECT id FROM departments WHERE id IN ${jsonList(departmentIds)}`)).map(
        (row) => row.id as string,
      ),
    );
    const unknown = departmentIds.filter((departmentId) => !known.has(departmentId));
    if (unknown.length > 0) {
      throw new AppError('BAD_REQUEST', `部门不存在：${unknown.join('、')}`, [
        { path: 'body.departmentIds', message: '部门不存在' },
      ]);
    }
    await tx
      .delete(roleDepartments)
      .where(and(eq(roleDepartments.tenantId, tenantId), eq(roleDepartments.roleId, id)));
    if (departmentIds.length > 0) {
      await tx
        .insert(roleDepartments)
        .values(departmentIds.map((departmentId) => ({ tenantId, roleId: id, departmentId })));
    }
  },

  remove: (tx: Tx, id: string) => tx.delete(roles).where(eq(roles.id, id)),

  /** The tenant's entitled applications, their menu items and the console's tenant pages. */
  grantTreeRows: async (
    tx: Tx,
    tenantId: string,
  ): Promise<{ applications: GrantApplication[]; menus: GrantMenu[]; consoleItems: ConsoleItem[] }> => {
    const applications = rowsOf(
      await tx.execute(sql`
        SELECT a.id, a.name FROM tenant_applications ta JOIN applications a ON a.id = ta.application_id
        WHERE ta.tenant_id = ${tenantId}`),
    ).map((row) => ({ id: row.id as string, name: row.name as string }));
    const menus = rowsOf(
      await tx.execute(sql`
        SELECT m.id, m.parent_id, m.application_id, m.name, m.sort, m.permission FROM menu_items m
        JOIN tenant_applications ta ON ta.application_id = m.application_id AND ta.tenant_id = ${tenantId}
        -- The tenant's own items are public: shown to everyone, granted to no role.
        WHERE m.tenant_id IS NULL`),
    ).map((row) => ({
      id: row.id as string,
      parentId: (row.parent_id as string | null) ?? null,
      applicationId: row.application_id as string,
      name: row.name as string,
      sort: Number(row.sort),
      permission: (row.permission as string | null) ?? null,
    }));
    const consoleItems = rowsOf(
      await tx.execute(sql`SELECT id, parent_id, name, sort FROM admin_menu_items WHERE NOT platform_only`),
    ).map((row) => ({
      id: row.id as string,
      parentId: (row.parent_id as string | null) ?? null,
      name: row.name as string,
      sort: Number(row.sort),
    }));
    return { applications, menus, consoleItems };
  },

  departmentOptions: async (tx: Tx) =>
    rowsOf(
      await tx.execute(sql`SELECT id, parent_id, name, sort FROM departments ORDER BY depth, sort, name`),
    ).map((row) => ({
      id: row.id as string,
      parentId: (row.parent_id as string | null) ?? null,
      name: row.name as string,
      sort: Number(row.sort),
    })),

  /** The members holding a role, searched by account, name or mobile. */
  holders: async (tx: Tx, id: string, q: string | undefined, page: number, pageSize: number) => {
    const where = sql`mr.role_id = ${id} AND (${likeAny(q, sql`a.username`, sql`a.name`, sql`a.mobile`)})`;
    const from = sql`
      FROM membership_roles mr
      JOIN tenant_memberships tm ON tm.tenant_id = mr.tenant_id AND tm.account_id = mr.account_id
      JOIN accounts a ON a.id = mr.account_id
      LEFT JOIN departments d ON d.tenant_id = tm.tenant_id AND d.id = tm.department_id`;
    const [items, [counted]] = await Promise.all([
      tx.execute(sql`
        SELECT a.id AS account_id, a.username, a.name, a.mobile, d.name AS department_name, tm.status
        ${from} WHERE ${where} ORDER BY a.username LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`),
      tx.execute(sql`SELECT count(*)::int AS n ${from} WHERE ${where}`).then(rowsOf),
    ]);
    return { items: rowsOf(items).map(memberOf), total: Number(counted?.n ?? 0) };
  },

  /** Members for a picker (20 at most), optionally leaving out the holders of a role. */
  memberOptions: async (tx: Tx, q: string | undefined, notInRole: string | undefined) =>
    rowsOf(
      await tx.execute(sql`
        SELECT a.id AS account_id, a.username, a.name, a.mobile, d.name AS department_name, tm.status
        FROM tenant_memberships tm
        JOIN accounts a ON a.id = tm.account_id
        LEFT JOIN departments d ON d.tenant_id = tm.tenant_id AND d.id = tm.department_id
        WHERE (${likeAny(q, sql`a.username`, sql`a.name`, sql`a.mobile`)})
          AND (${notInRole ?? null}::text IS NULL OR NOT EXISTS (
            SELECT 1 FROM membership_roles mr
            WHERE mr.tenant_id = tm.tenant_id AND mr.account_id = tm.account_id AND mr.role_id = ${notInRole ?? null}))
        ORDER BY a.username LIMIT 20`),
    ).map(memberOf),

  /** Adds holders; each must be a member of the tenant (else MEMBER_NOT_FOUND, nothing changes). */
  addHolders: async (tx: Tx, tenantId: string, id: string, accountIds: string[]) => {
    const members = new Set(
      rowsOf(
        await tx.execute(
          sql`SELECT account_id FROM tenant_memberships WHERE account_id IN ${jsonList(accountIds)}`,
        ),
      ).map((row) => row.account_id as string),
    );
    const unknown = accountIds.filter((accountId) => !members.has(accountId));
    if (unknown.length > 0) throw new AppError('MEMBER_NOT_FOUND', undefined, { accountIds: unknown });
    await tx
      .insert(membershipRoles)
      .values(accountIds.map((accountId) => ({ tenantId, accountId, roleId: id })))
      .onConflictDoNothing();
  },

  removeHolders: (tx: Tx, id: string, accountIds: string[]) =>
    tx.execute(
      sql`DELETE FROM membership_roles WHERE role_id = ${id} AND account_id IN ${jsonList(accountIds)}`,
    ),

  /** Active members holding an active administrator role: the tenant keeps at least one. */
  activeAdmins: async (tx: Tx): Promise<number> => {
    const [row] = rowsOf(
      await tx.execute(sql`
        SELECT count(DISTINCT mr.account_id)::int AS n FROM membership_roles mr
        JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id AND r.is_admin AND r.status = 'active'
        JOIN tenant_memberships tm ON tm.tenant_id = mr.tenant_id AND tm.account_id = mr.account_id
        WHERE tm.status = 'active'`),
    );
    return Number(row?.n ?? 0);
  },
};

const memberOf = (row: RawRow) => ({
  accountId: row.account_id as string,
  username: row.username as string,
  name: row.name as string,
  mobile: (row.mobile as string | null) ?? null,
  departmentName: (row.department_name as string | null) ?? null,
  status: row.status as 'active' | 'disabled',
});
