/**
 * The departments of the scale set (issue 13's budget: the user list of the largest tenant, a
 * department filter with sub-departments and a name search, under a department administrator's
 * data scope). Every scale tenant gets its root department; sc1 gets a 5-level tree:
 *   level 1: the root d-t-sc1
 *   level 2: 10 divisions        d-sc1-2-<1..10>     事业部<n>
 *   level 3: 10 centres each     d-sc1-3-<1..100>    中心<n>
 *   level 4: 5 offices each      d-sc1-4-<1..500>    科室<n>
 *   level 5: 3 teams each        d-sc1-5-<1..1500>   班组<n>
 * 2,111 departments. Member g of sc1 (g > 1) sits in the (g mod 2,110)-th non-root department, so
 * every department has members and the leaves hold most of them, as in a real organisation.
 */
import type pg from 'pg';
import { say } from './seed-scale-common';

/** Each level below the root: how many departments, the id and name prefix, children per parent above. */
const LEVELS = [
  { depth: 2, count: 10, prefix: 'd-sc1-2-', name: '事业部', perParent: 10 },
  { depth: 3, count: 100, prefix: 'd-sc1-3-', name: '中心', perParent: 10 },
  { depth: 4, count: 500, prefix: 'd-sc1-4-', name: '科室', perParent: 5 },
  { depth: 5, count: 1_500, prefix: 'd-sc1-5-', name: '班组', perParent: 3 },
] as const;
const BELOW_ROOT = LEVELS.reduce((sum, level) => sum + level.count, 0);
export const LARGEST_TREE_SIZE = 1 + BELOW_ROOT;

/** The department of sc1's member number `g` (an SQL expression over the integer column g). */
export const largestTreeDepartmentOf = (g: string) => {
  let offset = 0;
  const cases = LEVELS.map((level) => {
    const branch = `WHEN (${g} % ${BELOW_ROOT}) < ${offset + level.count} THEN '${level.prefix}' || ((${g} % ${BELOW_ROOT}) - ${offset} + 1)`;
    offset += level.count;
    return branch;
  });
  return `(CASE ${cases.join(' ')} END)`;
};

/** Root departments and the empty sign-in override (see tenants/provision.ts). */
export const provisionScaleTenants = async (client: pg.ClientBase, tenants: number) => {
  await client.query(
    `INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
     SELECT 't-sc' || g, 'd-t-sc' || g, NULL, '规模租户' || g, 'd-t-sc' || g || '/', 1, 0
     FROM generate_series(1, $1::int) g`,
    [tenants],
  );
  await client.query(
    `INSERT INTO tenant_login_configs (tenant_id, config) SELECT 't-sc' || g, '{}' FROM generate_series(1, $1::int) g`,
    [tenants],
  );
};

/** sc1's tree, level by level: each department's path is its parent's plus its own id. */
export const fillLargestTree = async (client: pg.ClientBase) => {
  let parentPrefix = null as string | null;
  for (const level of LEVELS) {
    const parentId =
      parentPrefix === null ? `'d-t-sc1'` : `'${parentPrefix}' || ((g - 1) / ${level.perParent} + 1)`;
    await client.query(
      `INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
       SELECT 't-sc1', '${level.prefix}' || g, p.id, '${level.name}' || g, p.path || '${level.prefix}' || g || '/', $2, g
       FROM generate_series(1, $1::int) g
       JOIN departments p ON p.tenant_id = 't-sc1' AND p.id = ${parentId}`,
      [level.count, level.depth],
    );
    parentPrefix = level.prefix;
  }
};

const DEPARTMENT_ADMIN_ROLE = 't-sc1-dept-admin';
const ADMINISTERED_DEPARTMENT = 'd-sc1-2-1';

/**
 * A department administrator of sc1: the first member of the first division holds a role that
 * lists users and the user register of that division and below (the bench's viewer).
 */
export const addDepartmentAdministrator = async (client: pg.ClientBase) => {
  await client.query(
    `INSERT INTO roles (tenant_id, id, code, name, is_admin, permissions, data_scope)
     VALUES ('t-sc1', $1, 'dept-admin', '部门管理员', false, '{user:list,user-ledger:list}', 'department_and_below')`,
    [DEPARTMENT_ADMIN_ROLE],
  );
  await client.query(
    `INSERT INTO membership_roles (tenant_id, account_id, role_id)
     SELECT 't-sc1', account_id, $1 FROM tenant_memberships
     WHERE tenant_id = 't-sc1' AND department_id = $2
     ORDER BY substr(account_id, 7)::int LIMIT 1`,
    [DEPARTMENT_ADMIN_ROLE, ADMINISTERED_DEPARTMENT],
  );
};

/** Says who the department administrator is, for a bench or a person to sign in as. */
export const reportDepartmentAdministrator = async (client: pg.ClientBase) => {
  const found = await client.query<{ username: string; department_id: string; name: string }>(
    `SELECT a.username, m.department_id, d.name
     FROM membership_roles r
     JOIN accounts a ON a.id = r.account_id
     JOIN tenant_memberships m ON m.tenant_id = r.tenant_id AND m.account_id = r.account_id
     JOIN departments d ON d.tenant_id = m.tenant_id AND d.id = m.department_id
     WHERE r.tenant_id = 't-sc1' AND r.role_id = $1`,
    [DEPARTMENT_ADMIN_ROLE],
  );
  const row = found.rows[0];
  if (row) {
    say(
      `  department administrator of sc1: ${row.username} (role ${DEPARTMENT_ADMIN_ROLE}, department_and_below) in ${row.department_id} (${row.name})`,
    );
  }
};
