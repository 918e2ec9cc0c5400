import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database';
import { escapeLike } from './list-sql';
import { type MemberGrants, memberGrantsSql } from './member-grants';

export type DataScopeKind = 'all' | 'custom' | 'department' | 'department_and_below' | 'self';

/**
 * Whose department-owned records a viewer sees in the active tenant: the union of what each of
 * their active roles allows, plus their own records always. `all` wins over everything else.
 */
export interface ViewerScope {
  all: boolean;
  accountId: string;
  /** Departments seen exactly (custom departments, the own department). */
  departmentIds: string[];
  /** Subtrees seen whole (the own department and below): department paths, each a prefix. */
  subtreePaths: string[];
  /** The viewer's own department (null: none), whose own records stay in sight whatever the scope. */
  ownDepartmentId?: string | null;
  /** Its path, to tell without asking whether the scope already covers it. */
  ownDepartmentPath?: string | null;
}

interface RoleScopeRow {
  isAdmin: boolean;
  dataScope: DataScopeKind;
  customDepartmentIds: string[];
}

/**
 * The union of the roles' scopes for a member placed at `own` (null: no department). A member
 * without a department and a department scope sees only their own records: nothing is an error.
 */
export const combineRoleScopes = (
  accountId: string,
  held: RoleScopeRow[],
  own: { id: string; path: string } | null,
): ViewerScope => {
  const scope: ViewerScope = { all: false, accountId, departmentIds: [], subtreePaths: [] };
  const ids = new Set<string>();
  const paths = new Set<string>();
  for (const role of held) {
    if (role.isAdmin || role.dataScope === 'all') return { ...scope, all: true };
    if (role.dataScope === 'custom') for (const id of role.customDepartmentIds) ids.add(id);
    if (role.dataScope === 'department' && own) ids.add(own.id);
    if (role.dataScope === 'department_and_below' && own) paths.add(own.path);
  }
  // A path inside another seen subtree adds nothing.
  const subtreePaths = [...paths].filter((p) => ![...paths].some((q) => q !== p && p.startsWith(q)));
  return {
    ...scope,
    departmentIds: [...ids].sort(),
    subtreePaths: subtreePaths.sort(),
    ownDepartmentId: own?.id ?? null,
    ownDepartmentPath: own?.path ?? null,
  };
};

/** The data scope the member's roles give (see combineRoleScopes); nothing but their own without a membership. */
export const scopeOfMember = (accountId: string, grants: MemberGrants | null): ViewerScope =>
  combineRoleScopes(
    accountId,
    grants?.roles ?? [],
    grants?.departmentId && grants.departmentPath
      ? { id: grants.departmentId, path: grants.departmentPath }
      : null,
  );

/**
 * The viewer's scope, read inside the tenant's transaction (an admin request has it already on its
 * operator, read with the permission check: see platform-access). A change to a role's scope counts
 * from the holders' next request on every instance. The platform's super administrator, switched
 * into a tenant, sees everything.
 */
export const resolveViewerScope = async (
  tx: Tx,
  viewer: { accountId: string; tenantId: string | null; platformAdmin: boolean; scope?: ViewerScope },
): Promise<ViewerScope> => {
  if (viewer.platformAdmin || viewer.tenantId === null) {
    return { all: true, accountId: viewer.accountId, departmentIds: [], subtreePaths: [] };
  }
  if (viewer.scope) return viewer.scope;
  const result = await tx.execute(
    sql`SELECT ${memberGrantsSql(viewer.tenantId, viewer.accountId)} AS grants`,
  );
  const [row] = (result as unknown as { rows: { grants: MemberGrants | null }[] }).rows;
  return scopeOfMember(viewer.accountId, row?.grants ?? null);
};

/**
 * The condition a department-owned record must meet to be seen: its department is one of the
 * scope's, or inside one of its subtrees (a semi-join on the departments' path index), or the
 * viewer owns it. Undefined when the viewer sees everything. Every list, export and detail of a
 * department-owned resource adds this one condition; no page filters by hand.
 */
export const dataScopeCondition = (
  scope: ViewerScope,
  columns: { department: AnyPgColumn | SQL; owner?: AnyPgColumn | SQL },
): SQL | undefined => {
  if (scope.all) return undefined;
  const department = sql`${columns.department}`;
  const seen: SQL[] = [];
  if (scope.departmentIds.length > 0) seen.push(inArray(department, scope.departmentIds));
  if (scope.subtreePaths.length > 0) {
    const inSubtree = or(
      ...scope.subtreePaths.map(
        (path) => sql`${sql.identifier('scope_departments')}.path LIKE ${`${escapeLike(path)}%`}`,
      ),
    );
    seen.push(
      sql`${department} IN (SELECT ${sql.identifier('scope_departments')}.id FROM departments AS ${sql.identifier('scope_departments')} WHERE ${inSubtree})`,
    );
  }
  if (columns.owner) seen.push(sql`${columns.owner} = ${scope.accountId}`);
  // Nothing seen at all: a condition that is false, never "no condition".
  return seen.length === 0 ? sql`false` : or(...seen);
};

/** A list's department filter (the tree's node): the department alone, or with everything below it. */
export interface DepartmentFilter {
  departmentId: string;
  withBelow: boolean;
}

/**
 * The departments `d` below (and with) one department, as one range of the path index: every path
 * ends with '/', so the subtree is [path, path with its last '/' raised to '0'). Each bound is its
 * own scalar subquery so that both become index conditions (a join on the parent's path reads the
 * tenant's whole tree from the lower bound on).
 */
const subtreeOf = (tenantId: string, departmentId: string): SQL => sql`
  d.path ~>=~ (SELECT p.path FROM departments p WHERE p.tenant_id = ${tenantId} AND p.id = ${departmentId})
  AND d.path ~<~ (SELECT left(p.path, -1) || '0' FROM departments p WHERE p.tenant_id = ${tenantId} AND p.id = ${departmentId})`;

/** What the scope sees of the departments `d`. */
const seenOf = (scope: ViewerScope): SQL | 'all' | 'none' => {
  if (scope.all) return 'all';
  const ids =
    scope.departmentIds.length > 0 ? [sql`d.id = ANY(${sql.param(scope.departmentIds)}::text[])`] : [];
  const subtrees = scope.subtreePaths.map((path) => sql`d.path LIKE ${`${escapeLike(path)}%`}`);
  return or(...ids, ...subtrees) ?? 'none';
};

/** Whether the scope's departments include the viewer's own (known from the scope alone). */
const coversOwnDepartment = (scope: ViewerScope): boolean => {
  const own = scope.ownDepartmentId;
  const path = scope.ownDepartmentPath;
  return (
    scope.all ||
    (own != null && scope.departmentIds.includes(own)) ||
    (path != null && scope.subtreePaths.some((subtree) => path.startsWith(subtree)))
  );
};

/**
 * The condition a department-owned row of a list meets under the tree's filter (undefined: none) and
 * the viewer's scope, in the list's own statement: `department = ANY(ARRAY(<departments in sight>))`,
 * which PostgreSQL computes once (an InitPlan) and reads as index ranges of the department column,
 * with the subtrees as ranges of the departments' path index. The viewer's own row stays in sight
 * when the scope leaves their department out and the filter (if any) covers it.
 */
export const departmentsInSightCondition = (
  tenantId: string,
  columns: { department: AnyPgColumn; owner: AnyPgColumn },
  filter: DepartmentFilter | undefined,
  scope: ViewerScope,
): SQL | undefined => {
  const seen = seenOf(scope);
  const named =
    filter &&
    (filter.withBelow ? subtreeOf(tenantId, filter.departmentId) : sql`d.id = ${filter.departmentId}`);
  if (seen === 'all') {
    if (!filter) return undefined;
    if (!filter.withBelow) return eq(columns.department, filter.departmentId);
  }
  const departmentsWhere = (...conditions: (SQL | undefined)[]) =>
    sql`${columns.department} = ANY(ARRAY(SELECT d.id FROM departments d WHERE ${and(
      sql`d.tenant_id = ${tenantId}`,
      ...conditions,
    )}))`;
  const inSight = seen === 'none' ? undefined : departmentsWhere(named, seen === 'all' ? undefined : seen);
  const ownRow = coversOwnDepartment(scope)
    ? undefined
    : named
      ? and(eq(columns.owner, scope.accountId), departmentsWhere(named))
      : eq(columns.owner, scope.accountId);
  // The own row is in sight whenever the scope's departments are not: never nothing at all.
  return or(inSight, ownRow);
};
