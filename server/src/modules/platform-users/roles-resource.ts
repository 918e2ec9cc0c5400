import { permissionHasScope, platformRolesResource } from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import { type FieldSql, type ListQuery, listPage, qualified } from '../../platform/admin/list-sql';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { accountPlatformRoles, platformRoles } from '../platform-access/schema';
import { assertMayGrantPlatformCodes } from './delegation';

interface PlatformRoleRow extends Record<string, unknown> {
  id: string;
  code: string;
  name: string;
  permissions: string[];
  builtin: boolean;
  holders: number;
  createdAt: string;
  version: number;
}

const holdersOf = sql<number>`(SELECT count(*)::int FROM ${accountPlatformRoles} ar WHERE ar.role_id = ${qualified(platformRoles.id)})`;
const fields: FieldSql = {
  code: platformRoles.code,
  name: platformRoles.name,
  holders: holdersOf,
  createdAt: platformRoles.createdAt,
};
const columns = {
  id: platformRoles.id,
  code: platformRoles.code,
  name: platformRoles.name,
  permissions: platformRoles.permissions,
  builtin: platformRoles.builtin,
  holders: holdersOf,
  createdAt: platformRoles.createdAt,
  version: platformRoles.version,
};

interface Selected {
  id: string;
  code: string;
  name: string;
  permissions: string[];
  builtin: boolean;
  holders: number;
  createdAt: Date;
  version: number;
}

const rowOf = (row: Selected): PlatformRoleRow => ({
  ...row,
  holders: Number(row.holders),
  createdAt: row.createdAt.toISOString(),
});

/** Only platform codes of the catalogue may be granted by a platform role. */
const checkedCodes = (codes: string[]): string[] => {
  const unknown = codes.filter((code) => !permissionHasScope(code, 'platform'));
  if (unknown.length > 0) {
    throw new AppError('BAD_REQUEST', `未知的平台权限码：${unknown.join('、')}`, [
      { path: 'body.permissions', message: '未知的平台权限码' },
    ]);
  }
  return [...new Set(codes)].sort();
};

const get = async (tx: Tx, id: string) => {
  const [row] = await tx.select(columns).from(platformRoles).where(eq(platformRoles.id, id));
  return row ? rowOf(row) : undefined;
};

const atVersion = (tx: Tx, id: string, version: number, values: Partial<typeof platformRoles.$inferInsert>) =>
  updateAtVersion(tx, platformRoles, id, version, values);

type Create = { code: string; name: string; permissions: string[] };
type Update = { name?: string; permissions?: string[] };

/**
 * Platform roles: what operators hold. Built-in roles keep their name and cannot go; a role held by
 * anyone cannot be deleted. A change reaches holders on their next request (codes are read per request).
 */
export const platformRoleStore: ResourceStore<PlatformRoleRow, Create, Update> = {
  label: (row) => row.name,
  list: async (tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: platformRolesResource,
      fields,
      table: platformRoles,
      columns,
      id: platformRoles.id,
      query,
    });
    return { items: items.map((row) => rowOf(row as unknown as Selected)), total };
  },
  get,
  create: async (tx, input, ctx) => {
    assertMayGrantPlatformCodes(ctx, input.permissions);
    const id = newId('prole-');
    await tx
      .insert(platformRoles)
      .values({ id, code: input.code, name: input.name, permissions: checkedCodes(input.permissions) });
    return (await get(tx, id))!;
  },
  update: async (tx, row, input, version, ctx) => {
    const { permissions } = input;
    // Forms send every field: codes left as they were are no grant (a rename needs none).
    if (
      permissions !== undefined &&
      (permissions.length !== row.permissions.length ||
        permissions.some((code) => !row.permissions.includes(code)))
    )
      assertMayGrantPlatformCodes(ctx, permissions);
    if (row.builtin && input.name !== undefined && input.name !== row.name)
      throw new AppError('BUILTIN_RECORD', '内置角色不能改名');
    await atVersion(tx, row.id, version, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.permissions === undefined ? {} : { permissions: checkedCodes(input.permissions) }),
    });
    return (await get(tx, row.id))!;
  },
  remove: async (tx, row) => {
    if (row.builtin) throw new AppError('BUILTIN_RECORD', '内置角色不能删除');
    if (row.holders > 0)
      throw new AppError('IN_USE', `该角色正被 ${row.holders} 名用户使用，无法删除`, {
        holders: row.holders,
      });
    await tx.delete(platformRoles).where(eq(platformRoles.id, row.id));
  },
};

export const platformRoleAdminResource = (): ResourceDefinition => ({
  declaration: platformRolesResource,
  store: platformRoleStore as unknown as ResourceDefinition['store'],
});
