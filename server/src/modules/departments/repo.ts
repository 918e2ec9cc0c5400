import { type DepartmentRow, type DepartmentTreeNode, departmentsResource } from '@uniwim/contracts';
import { and, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { accounts, tenantMemberships } from '../../db/schema';
import {
  escapeLike,
  type FieldSql,
  type ListQuery,
  listPage,
  qualified,
} from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { departments } from './schema';

const departmentId = qualified(departments.id);
const tenantOf = qualified(departments.tenantId);
const parentName = sql<string | null>`(SELECT p.name FROM ${departments} p
  WHERE p.tenant_id = ${tenantOf} AND p.id = ${qualified(departments.parentId)})`;
const leaderName = sql<
  string | null
>`(SELECT a.name FROM ${accounts} a WHERE a.id = ${qualified(departments.leaderAccountId)})`;
const memberCount = sql<number>`(SELECT count(*)::int FROM ${tenantMemberships} m
  WHERE m.tenant_id = ${tenantOf} AND m.department_id = ${departmentId})`;
const childCount = sql<number>`(SELECT count(*)::int FROM ${departments} c
  WHERE c.tenant_id = ${tenantOf} AND c.parent_id = ${departmentId})`;

const fields: FieldSql = {
  name: departments.name,
  status: departments.status,
  parentId: departments.parentId,
  sort: departments.sort,
  depth: departments.depth,
  createdAt: departments.createdAt,
};

const columns = {
  id: departments.id,
  parentId: departments.parentId,
  parentName,
  name: departments.name,
  path: departments.path,
  depth: departments.depth,
  sort: departments.sort,
  leaderAccountId: departments.leaderAccountId,
  leaderName,
  status: departments.status,
  remark: departments.remark,
  memberCount,
  childCount,
  createdAt: departments.createdAt,
  version: departments.version,
};

type Selected = Omit<DepartmentRow, 'createdAt'> & { createdAt: Date };
const rowOf = (row: Selected): DepartmentRow => ({
  ...row,
  memberCount: Number(row.memberCount),
  childCount: Number(row.childCount),
  createdAt: row.createdAt.toISOString(),
});

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** The departments of the active tenant (every query runs under the tenant's row-level security). */
export const departmentsRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: departmentsResource,
      fields,
      table: departments,
      columns,
      id: departments.id,
      query,
    });
    return { items: items.map((row) => rowOf(row as unknown as Selected)), total };
  },

  get: async (tx: Tx, id: string): Promise<DepartmentRow | undefined> => {
    const [row] = await tx.select(columns).from(departments).where(eq(departments.id, id));
    return row ? rowOf(row as Selected) : undefined;
  },

  /**
   * The whole tree with each department's direct member count, in one statement: the members are
   * counted once by department (an index range per tenant), not once per department.
   */
  tree: async (tx: Tx, tenantId: string): Promise<DepartmentTreeNode[]> => {
    const rows = rowsOf(
      await tx.execute(sql`
        SELECT d.id, d.parent_id, d.name, d.depth, d.sort, d.status, d.leader_account_id, d.version,
               coalesce(m.n, 0)::int AS member_count
        FROM departments d
        LEFT JOIN (
          SELECT department_id, count(*) AS n FROM tenant_memberships
          WHERE tenant_id = ${tenantId} AND department_id IS NOT NULL GROUP BY department_id
        ) m ON m.department_id = d.id
        WHERE d.tenant_id = ${tenantId}
        ORDER BY d.depth, d.sort, d.name, d.id`),
    );
    return rows.map((row) => ({
      id: row.id as string,
      parentId: (row.parent_id as string | null) ?? null,
      name: row.name as string,
      depth: Number(row.depth),
      sort: Number(row.sort),
      status: row.status as 'active' | 'disabled',
      leaderAccountId: (row.leader_account_id as string | null) ?? null,
      memberCount: Number(row.member_count),
      version: Number(row.version),
    }));
  },

  /** How many levels the department and its subtree span (1: no children). */
  subtreeHeight: async (tx: Tx, tenantId: string, path: string, depth: number): Promise<number> => {
    const [row] = rowsOf(
      await tx.execute(sql`SELECT max(depth) AS deepest FROM departments
        WHERE tenant_id = ${tenantId} AND path LIKE ${`${escapeLike(path)}%`}`),
    );
    return Number(row?.deepest ?? depth) - depth + 1;
  },

  /** Another department of that name under the same parent (sibling names are unique). */
  siblingNamed: async (tx: Tx, parentId: string | null, name: string, exceptId?: string) => {
    const conditions: (SQL | undefined)[] = [
      parentId === null ? sql`${departments.parentId} IS NULL` : eq(departments.parentId, parentId),
      eq(departments.name, name),
      exceptId ? ne(departments.id, exceptId) : undefined,
    ];
    const [row] = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(...conditions));
    return row !== undefined;
  },

  /** Sibling names are unique: a clash is named before the database refuses it. */
  assertNameFree: async (tx: Tx, parentId: string | null, name: string, exceptId?: string) => {
    if (await departmentsRepo.siblingNamed(tx, parentId, name, exceptId)) {
      throw new AppError('DUPLICATE', `同一上级部门下已有名为“${name}”的部门`, [
        { path: 'body.name', message: '同一上级部门下已有同名部门' },
      ]);
    }
  },

  /** A leader must be a member of the tenant. */
  assertMember: async (tx: Tx, accountId: string) => {
    const [row] = await tx
      .select({ id: tenantMemberships.accountId })
      .from(tenantMemberships)
      .where(eq(tenantMemberships.accountId, accountId));
    if (!row) {
      throw new AppError('MEMBER_NOT_FOUND', '负责人须是本租户的成员', [
        { path: 'body.leaderAccountId', message: '负责人须是本租户的成员' },
      ]);
    }
  },

  /** What keeps a department from being deleted: its members and its children. */
  usage: async (tx: Tx, id: string) => {
    const [[members], [children]] = await Promise.all([
      tx.select({ n: count() }).from(tenantMemberships).where(eq(tenantMemberships.departmentId, id)),
      tx.select({ n: count() }).from(departments).where(eq(departments.parentId, id)),
    ]);
    return { members: members?.n ?? 0, children: children?.n ?? 0 };
  },

  /**
   * Moves a department and its whole subtree in one statement: every path under the old prefix
   * gets the new prefix, every depth shifts alike, and the moved department gets its new parent.
   */
  moveSubtree: async (
    tx: Tx,
    tenantId: string,
    moving: { id: string; path: string; version: number },
    target: { id: string; path: string },
    depthShift: number,
    sort: number | undefined,
  ) => {
    const newPath = `${target.path}${moving.id}/`;
    const moved = rowsOf(
      await tx.execute(sql`
        UPDATE departments SET
          path = ${newPath} || substr(path, ${moving.path.length + 1}),
          depth = depth + ${depthShift},
          parent_id = CASE WHEN id = ${moving.id} THEN ${target.id} ELSE parent_id END,
          sort = CASE WHEN id = ${moving.id} THEN coalesce(${sort ?? null}::int, sort) ELSE sort END,
          version = CASE WHEN id = ${moving.id} THEN version + 1 ELSE version END,
          updated_at = now()
        WHERE tenant_id = ${tenantId} AND path LIKE ${`${escapeLike(moving.path)}%`}
          AND EXISTS (SELECT 1 FROM departments v
                      WHERE v.tenant_id = ${tenantId} AND v.id = ${moving.id} AND v.version = ${moving.version})
        RETURNING id`),
    );
    if (moved.length === 0) throw new AppError('VERSION_CONFLICT');
    // Dropped at a place among its new siblings: the ones from that place on make room.
    if (sort !== undefined) {
      await tx.execute(sql`UPDATE departments SET sort = sort + 1
        WHERE tenant_id = ${tenantId} AND parent_id = ${target.id} AND sort >= ${sort} AND id <> ${moving.id}`);
    }
    return moved.length;
  },
};
