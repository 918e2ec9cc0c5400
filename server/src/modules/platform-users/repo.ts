import type { PlatformUserRow } from '@uniwim/contracts';
import { platformUsersResource } from '@uniwim/contracts';
import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { accounts, sessions } from '../../db/schema';
import { type FieldSql, type ListQuery, listPage, qualified } from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { accountPlatformRoles, platformRoles } from '../platform-access/schema';

const accountId = qualified(accounts.id);
const lastSignIn = sql<Date | null>`(SELECT max(s.created_at) FROM ${sessions} s WHERE s.account_id = ${accountId})`;
const roleIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(ar.role_id ORDER BY ar.role_id) FROM ${accountPlatformRoles} ar WHERE ar.account_id = ${accountId}
), '{}')`;
const roleNamesOf = sql<string[]>`coalesce((
  SELECT array_agg(r.name ORDER BY r.name) FROM ${accountPlatformRoles} ar
  JOIN ${platformRoles} r ON r.id = ar.role_id WHERE ar.account_id = ${accountId}
), '{}')`;

/** An operator of the platform: the super administrator flag, or at least one platform role. */
const isOperator = or(
  eq(accounts.isPlatformAdmin, true),
  sql`EXISTS (SELECT 1 FROM ${accountPlatformRoles} ar WHERE ar.account_id = ${accountId})`,
);

const fields: FieldSql = {
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  status: accounts.status,
  createdAt: accounts.createdAt,
  lastSignInAt: lastSignIn,
};

const columns = {
  id: accounts.id,
  username: accounts.username,
  name: accounts.name,
  mobile: accounts.mobile,
  status: accounts.status,
  superAdmin: accounts.isPlatformAdmin,
  twoFactorEnabled: accounts.twoFactorEnabled,
  mustChangePassword: accounts.mustChangePassword,
  createdAt: accounts.createdAt,
  version: accounts.version,
  roleIds: roleIdsOf,
  roleNames: roleNamesOf,
  lastSignInAt: lastSignIn,
};

type Selected = Omit<PlatformUserRow, 'createdAt' | 'lastSignInAt'> & {
  createdAt: Date;
  lastSignInAt: Date | string | null;
};

const rowOf = (row: Selected): PlatformUserRow => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt === null ? null : new Date(row.lastSignInAt).toISOString(),
});

/** Platform users and roles as the platform-users page reads and changes them (platform scope). */
export const platformUsersRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: platformUsersResource,
      fields,
      table: accounts,
      columns,
      id: accounts.id,
      query,
      conditions: [isOperator],
    });
    return { items: items.map((row) => rowOf(row as unknown as Selected)), total };
  },

  /** Any account by id (a new operator is not one until its flag or roles are written). */
  get: async (tx: Tx, id: string): Promise<PlatformUserRow | undefined> => {
    const [row] = await tx.select(columns).from(accounts).where(eq(accounts.id, id));
    return row ? rowOf(row as Selected) : undefined;
  },

  isOperator: async (tx: Tx, id: string): Promise<boolean> => {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, id), isOperator));
    return row !== undefined;
  },

  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof accounts.$inferInsert>) =>
    updateAtVersion(tx, accounts, id, version, values),

  /** Every role must exist: an unknown id is named. */
  replaceRoles: async (tx: Tx, accountId: string, roleIds: string[]) => {
    const unique = [...new Set(roleIds)];
    if (unique.length > 0) {
      const found = await tx
        .select({ id: platformRoles.id })
        .from(platformRoles)
        .where(inArray(platformRoles.id, unique));
      const missing = unique.filter((id) => !found.some((row) => row.id === id));
      if (missing.length > 0) {
        throw new AppError('NOT_FOUND', `平台角色不存在：${missing.join('、')}`, [
          { path: 'body.roleIds', message: '平台角色不存在' },
        ]);
      }
    }
    await tx.delete(accountPlatformRoles).where(eq(accountPlatformRoles.accountId, accountId));
    if (unique.length > 0) {
      await tx.insert(accountPlatformRoles).values(unique.map((roleId) => ({ accountId, roleId })));
    }
  },

  /** Active super administrators other than `exceptId`: the platform must keep at least one. */
  otherActiveSuperAdmins: async (tx: Tx, exceptId: string): Promise<number> => {
    const [row] = await tx
      .select({ n: count() })
      .from(accounts)
      .where(
        and(eq(accounts.isPlatformAdmin, true), eq(accounts.status, 'active'), ne(accounts.id, exceptId)),
      );
    return row?.n ?? 0;
  },

  liveSessions: (tx: Tx, accountId: string) =>
    tx
      .select({
        id: sessions.id,
        tenantId: sessions.tenantId,
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
          isNull(sessions.revokedAt),
          sql`${sessions.refreshExpiresAt} > now()`,
        ),
      )
      .orderBy(sql`${sessions.createdAt} DESC`)
      .limit(100),
};
