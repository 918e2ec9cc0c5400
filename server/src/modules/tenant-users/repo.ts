import { type TenantUserRow, tenantUsersResource } from '@uniwim/contracts';
import { and, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { accounts, membershipRoles, roles, sessions, tenantMemberships, tenants } from '../../db/schema';
import {
  dataScopeCondition,
  departmentsInSightCondition,
  type ViewerScope,
} from '../../platform/admin/data-scope';
import {
  escapeLike,
  type FieldSql,
  type ListQuery,
  listOrder,
  listWhere,
  offsetOf,
  qualified,
} from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { departments } from '../departments/schema';
import { PLATFORM_TODAY } from '../packages/entitlements';
import { tenantPackages } from '../packages/schema';

const memberAccount = qualified(tenantMemberships.accountId);
const memberTenant = qualified(tenantMemberships.tenantId);
const roleIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(mr.role_id ORDER BY mr.role_id) FROM ${membershipRoles} mr
  WHERE mr.tenant_id = ${memberTenant} AND mr.account_id = ${memberAccount}
), '{}')`;
const roleNamesOf = sql<string[]>`coalesce((
  SELECT array_agg(r.name ORDER BY r.sort, r.name) FROM ${membershipRoles} mr
  JOIN ${roles} r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
  WHERE mr.tenant_id = ${memberTenant} AND mr.account_id = ${memberAccount}
), '{}')`;

const none: FieldSql[string] = () => undefined;
/** The fields that live on the account, not the membership: filtering or sorting by them joins accounts. */
const ACCOUNT_FIELDS = ['username', 'name', 'mobile'] as const;
const fields: FieldSql = {
  // Account, name or mobile, as one lower-case text on the membership (migration 0021).
  q: (value) =>
    typeof value === 'string' && value !== ''
      ? sql`${tenantMemberships.searchText} LIKE ${`%${escapeLike(value.toLowerCase())}%`}`
      : undefined,
  // The tree's department and its sub-departments: a condition of their own (see departmentsCondition).
  departmentId: none,
  subDepartments: none,
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  status: tenantMemberships.status,
  source: tenantMemberships.source,
  roleId: (value) =>
    value === undefined || value === ''
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${membershipRoles} mr WHERE mr.tenant_id = ${memberTenant}
          AND mr.account_id = ${memberAccount} AND mr.role_id = ${String(value)})`,
  lastSignInAt: tenantMemberships.lastSignInAt,
  createdAt: tenantMemberships.createdAt,
  expiresAt: tenantMemberships.expiresAt,
};

const columns = {
  id: tenantMemberships.accountId,
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  departmentId: tenantMemberships.departmentId,
  departmentName: departments.name,
  roleIds: roleIdsOf,
  roleNames: roleNamesOf,
  status: tenantMemberships.status,
  source: tenantMemberships.source,
  expiresAt: tenantMemberships.expiresAt,
  lastSignInAt: tenantMemberships.lastSignInAt,
  lastSignInIp: tenantMemberships.lastSignInIp,
  createdAt: tenantMemberships.createdAt,
  version: tenantMemberships.version,
};

type Selected = Omit<TenantUserRow, 'createdAt' | 'lastSignInAt' | 'expiresAt'> & {
  createdAt: Date;
  lastSignInAt: Date | null;
  expiresAt: Date | null;
};
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const rowOf = (row: Selected): TenantUserRow => ({
  ...row,
  createdAt: iso(row.createdAt)!,
  lastSignInAt: iso(row.lastSignInAt),
  expiresAt: iso(row.expiresAt),
});

const selectMembers = (tx: Tx) =>
  tx
    .select(columns)
    .from(tenantMemberships)
    .innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId))
    .leftJoin(
      departments,
      and(
        eq(departments.tenantId, tenantMemberships.tenantId),
        eq(departments.id, tenantMemberships.departmentId),
      ),
    );

/** The tree's filter and the viewer's data scope, intersected into one condition on the department. */
const departmentsCondition = (tenantId: string, query: ListQuery, scope: ViewerScope) => {
  const departmentId = query.departmentId as string | undefined;
  return departmentsInSightCondition(
    tenantId,
    { department: tenantMemberships.departmentId, owner: tenantMemberships.accountId },
    departmentId ? { departmentId, withBelow: query.subDepartments !== 'false' } : undefined,
    scope,
  );
};

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** The active tenant's members as the user page reads and changes them (under row-level security). */
export const tenantUsersRepo = {
  /**
   * One page and its total. Both read the memberships alone (the department index holds the sort
   * column and the search text, migration 0021) unless a filter or the sort names an account's
   * column; the accounts and departments are joined for the page's rows only. A department
   * administrator's 10,000-member subtree then costs an index range, not 10,000 account probes.
   */
  list: async (tx: Tx, tenantId: string, query: ListQuery, scope: ViewerScope) => {
    const inSight = departmentsCondition(tenantId, query, scope);
    const where = listWhere(
      tenantUsersResource,
      fields,
      query,
      eq(tenantMemberships.tenantId, tenantId),
      inSight,
    );
    const readsAccounts =
      ACCOUNT_FIELDS.some((field) => typeof query[field] === 'string' && query[field] !== '') ||
      ACCOUNT_FIELDS.some((field) => new RegExp(`(^|,)-?${field}(,|$)`).test(String(query.sort ?? '')));
    const members = <T extends SelectedFields>(selection: T) => {
      const from = tx.select(selection).from(tenantMemberships).$dynamic();
      return readsAccounts ? from.innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId)) : from;
    };
    // The page and the total in one pass over the matching members (a window count): the second
    // pass a separate count would make is the larger part of a big subtree's cost. The page's 20
    // members are then joined to their accounts, departments and roles in the same statement.
    const order = listOrder(tenantUsersResource, fields, query, tenantMemberships.accountId);
    const page = members({
      id: tenantMemberships.accountId,
      total: sql<number>`count(*) OVER ()`.as('total'),
    })
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .as('page');
    const rows = await tx
      .select({ ...columns, total: page.total })
      .from(page)
      .innerJoin(
        tenantMemberships,
        and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.accountId, page.id)),
      )
      .innerJoin(accounts, eq(accounts.id, tenantMemberships.accountId))
      .leftJoin(
        departments,
        and(
          eq(departments.tenantId, tenantMemberships.tenantId),
          eq(departments.id, tenantMemberships.departmentId),
        ),
      )
      .orderBy(...order);
    // A page past the end has no row to carry the total: then it is counted on its own.
    const total =
      rows.length > 0
        ? Number(rows[0]!.total)
        : offsetOf(query) === 0
          ? 0
          : ((await members({ n: count() }).where(where))[0]?.n ?? 0);
    return { items: rows.map(({ total: _total, ...row }) => rowOf(row as unknown as Selected)), total };
  },

  /** One member, if the viewer's data scope covers them (otherwise: not found). */
  get: async (tx: Tx, tenantId: string, accountId: string, scope: ViewerScope) => {
    const [row] = await selectMembers(tx).where(
      and(
        eq(tenantMemberships.tenantId, tenantId),
        eq(tenantMemberships.accountId, accountId),
        dataScopeCondition(scope, {
          department: tenantMemberships.departmentId,
          owner: tenantMemberships.accountId,
        }),
      ),
    );
    return row ? rowOf(row as unknown as Selected) : undefined;
  },

  /** Members among `accountIds` by account or mobile (an import's update key). */
  findByAccountsOrMobiles: async (tx: Tx, tenantId: string, keys: string[], scope: ViewerScope) => {
    const rows = await selectMembers(tx).where(
      and(
        eq(tenantMemberships.tenantId, tenantId),
        sql`(${inArray(accounts.username, keys)} OR ${inArray(accounts.mobile, keys)})`,
        dataScopeCondition(scope, {
          department: tenantMemberships.departmentId,
          owner: tenantMemberships.accountId,
        }),
      ),
    );
    return rows.map((row) => rowOf(row as unknown as Selected));
  },

  accountByMobile: async (tx: Tx, mobile: string) => {
    const [row] = await tx
      .select({ id: accounts.id, username: accounts.username, name: accounts.name, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.mobile, mobile));
    return row;
  },

  isMember: async (tx: Tx, accountId: string) => {
    const [row] = await tx
      .select({ id: tenantMemberships.accountId })
      .from(tenantMemberships)
      .where(eq(tenantMemberships.accountId, accountId));
    return row !== undefined;
  },

  insertMember: (tx: Tx, values: typeof tenantMemberships.$inferInsert) =>
    tx.insert(tenantMemberships).values(values),

  /** Optimistic locking on the membership: it changes only if still at `version`. */
  updateMember: async (
    tx: Tx,
    accountId: string,
    version: number,
    values: Partial<typeof tenantMemberships.$inferInsert>,
  ) => {
    const changed = await tx
      .update(tenantMemberships)
      .set({ ...values, version: sql`${tenantMemberships.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(tenantMemberships.accountId, accountId), eq(tenantMemberships.version, version)))
      .returning({ id: tenantMemberships.accountId });
    if (changed.length === 0) throw new AppError('VERSION_CONFLICT');
  },

  removeMember: async (tx: Tx, tenantId: string, accountId: string, version: number) => {
    await tx
      .delete(membershipRoles)
      .where(and(eq(membershipRoles.tenantId, tenantId), eq(membershipRoles.accountId, accountId)));
    const removed = await tx
      .delete(tenantMemberships)
      .where(and(eq(tenantMemberships.accountId, accountId), eq(tenantMemberships.version, version)))
      .returning({ id: tenantMemberships.accountId });
    if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
  },

  /** The tenant's roles by id or by name; an unknown or disabled one is named. */
  resolveRoles: async (tx: Tx, by: { ids?: string[]; names?: string[] }): Promise<string[]> => {
    const ids = [...new Set(by.ids ?? [])];
    const names = [...new Set(by.names ?? [])];
    if (ids.length === 0 && names.length === 0) return [];
    const found = await tx
      .select({ id: roles.id, name: roles.name, status: roles.status })
      .from(roles)
      .where(
        sql`(${ids.length > 0 ? inArray(roles.id, ids) : sql`false`} OR ${names.length > 0 ? inArray(roles.name, names) : sql`false`})`,
      );
    const missing = [
      ...ids.filter((id) => !found.some((role) => role.id === id)),
      ...names.filter((name) => !found.some((role) => role.name === name)),
    ];
    const path = names.length > 0 ? 'body.roleNames' : 'body.roleIds';
    if (missing.length > 0) {
      throw new AppError('ROLE_NOT_FOUND', `角色不存在：${missing.join('、')}`, [
        { path, message: '角色不存在' },
      ]);
    }
    const disabled = found.filter((role) => role.status !== 'active');
    if (disabled.length > 0) {
      throw new AppError('RULE_BROKEN', `角色已停用：${disabled.map((r) => r.name).join('、')}`, [
        { path, message: '角色已停用' },
      ]);
    }
    return [...new Set(found.map((role) => role.id))];
  },

  roleOptions: (tx: Tx) =>
    tx
      .select({ id: roles.id, name: roles.name, status: roles.status })
      .from(roles)
      .orderBy(roles.sort, roles.name)
      .limit(500),

  replaceRoles: async (tx: Tx, tenantId: string, accountId: string, roleIds: string[]) => {
    await tx
      .delete(membershipRoles)
      .where(and(eq(membershipRoles.tenantId, tenantId), eq(membershipRoles.accountId, accountId)));
    if (roleIds.length > 0) {
      await tx.insert(membershipRoles).values(roleIds.map((roleId) => ({ tenantId, accountId, roleId })));
    }
  },

  addRole: (tx: Tx, tenantId: string, accountIds: string[], roleId: string) =>
    tx
      .insert(membershipRoles)
      .values(accountIds.map((accountId) => ({ tenantId, accountId, roleId })))
      .onConflictDoNothing(),

  removeRole: (tx: Tx, tenantId: string, accountIds: string[], roleId: string) =>
    tx
      .delete(membershipRoles)
      .where(
        and(
          eq(membershipRoles.tenantId, tenantId),
          inArray(membershipRoles.accountId, accountIds),
          eq(membershipRoles.roleId, roleId),
        ),
      ),

  /** A department of the tenant, by id or by its (unique) name. */
  resolveDepartment: async (tx: Tx, by: { id?: string | null; name?: string }): Promise<string | null> => {
    if (by.id) {
      const [row] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.id, by.id));
      if (!row) {
        throw new AppError('NOT_FOUND', `部门不存在：${by.id}`, [
          { path: 'body.departmentId', message: '部门不存在' },
        ]);
      }
      return row.id;
    }
    if (by.name) {
      const rows = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(eq(departments.name, by.name));
      if (rows.length !== 1) {
        const message =
          rows.length === 0
            ? `部门不存在：${by.name}`
            : `有${rows.length}个部门名为“${by.name}”，请在页面上选择`;
        throw new AppError('NOT_FOUND', message, [{ path: 'body.departmentName', message }]);
      }
      return rows[0]!.id;
    }
    return null;
  },

  /** Active members holding an active administrator role, other than `exceptIds`. */
  otherActiveAdmins: async (tx: Tx, tenantId: string, exceptIds: string[]): Promise<number> => {
    const [row] = await tx
      .select({ n: sql<number>`count(DISTINCT ${membershipRoles.accountId})::int` })
      .from(membershipRoles)
      .innerJoin(
        roles,
        and(eq(roles.tenantId, membershipRoles.tenantId), eq(roles.id, membershipRoles.roleId)),
      )
      .innerJoin(
        tenantMemberships,
        and(
          eq(tenantMemberships.tenantId, membershipRoles.tenantId),
          eq(tenantMemberships.accountId, membershipRoles.accountId),
        ),
      )
      .where(
        and(
          eq(membershipRoles.tenantId, tenantId),
          eq(roles.isAdmin, true),
          eq(roles.status, 'active'),
          eq(tenantMemberships.status, 'active'),
          exceptIds.length > 0 ? notInArray(membershipRoles.accountId, exceptIds) : undefined,
        ),
      );
    return Number(row?.n ?? 0);
  },

  /** Whether a set of roles includes an active administrator role. */
  includesAdminRole: async (tx: Tx, roleIds: string[]): Promise<boolean> => {
    if (roleIds.length === 0) return false;
    const [row] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, roleIds), eq(roles.isAdmin, true), eq(roles.status, 'active')));
    return row !== undefined;
  },

  /**
   * Seats: the members the tenant has, its own limit, and the limits of the packages it holds today.
   * The tenant's row is locked so two creates cannot both take the last seat.
   */
  seats: async (tx: Tx, tenantId: string) => {
    const [tenant] = rowsOf(
      await tx.execute(
        sql`SELECT member_count, seat_limit FROM ${tenants} WHERE id = ${tenantId} FOR UPDATE`,
      ),
    );
    const held = await tx
      .select({ seatLimit: tenantPackages.seatLimit })
      .from(tenantPackages)
      .where(
        and(
          eq(tenantPackages.tenantId, tenantId),
          sql`${tenantPackages.startsOn} <= ${PLATFORM_TODAY}`,
          sql`(${tenantPackages.endsOn} IS NULL OR ${tenantPackages.endsOn} >= ${PLATFORM_TODAY})`,
        ),
      );
    return {
      used: Number(tenant?.member_count ?? 0),
      tenantLimit:
        tenant?.seat_limit === null || tenant?.seat_limit === undefined ? null : Number(tenant.seat_limit),
      packageLimits: held.map((row) => row.seatLimit),
    };
  },

  /** The member's live sessions in this tenant. */
  liveSessions: (tx: Tx, tenantId: string, accountId: string) =>
    tx
      .select({
        id: sessions.id,
        channel: sessions.channel,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        accessExpiresAt: sessions.accessExpiresAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.accountId, accountId),
          eq(sessions.tenantId, tenantId),
          isNull(sessions.revokedAt),
          isNull(sessions.rotatedAt),
          sql`${sessions.refreshExpiresAt} > now()`,
        ),
      )
      .orderBy(sql`${sessions.createdAt} DESC`)
      .limit(100),

  /** The family of one of the member's sessions in this tenant, if it is one. */
  sessionFamily: async (tx: Tx, tenantId: string, accountId: string, sessionId: string) => {
    const [row] = await tx
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(
        and(eq(sessions.id, sessionId), eq(sessions.accountId, accountId), eq(sessions.tenantId, tenantId)),
      );
    return row?.familyId;
  },

  /**
   * Whether the account belongs to this tenant alone (no other tenant, no platform role): only then
   * may the tenant act on its credentials (migration 0045).
   */
  accountOwned: async (tx: Tx, tenantId: string, accountId: string): Promise<boolean> => {
    const [row] = rowsOf(
      await tx.execute(sql`SELECT account_owned_by_tenant(${accountId}, ${tenantId}) AS owned`),
    );
    return row?.owned === true;
  },

  accountUpdate: (tx: Tx, accountId: string, values: Partial<typeof accounts.$inferInsert>) =>
    tx
      .update(accounts)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, accountId), ne(accounts.id, ''))),
};
