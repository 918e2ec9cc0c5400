import {
  type PackageMenuNode,
  type PackageMenuTree,
  type PackageRow,
  packagesResource,
} from '@uniwim/contracts';
import { eq, isNull, sql } from 'drizzle-orm';
import { type FieldSql, type ListQuery, listPage } from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { applications } from '../applications/schema';
import { menuItems } from '../menus/schema';
import { jsonArray, rowsOf } from './entitlements';
import { packageMenuItems, packages } from './schema';

// Qualified by hand: drizzle writes a column of the one selected table unqualified, which inside a
// subquery would name the subquery's own "id".
const packageIdRef = sql.raw('"packages"."id"');

const menuIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(pmi.menu_id ORDER BY pmi.menu_id) FROM ${packageMenuItems} pmi WHERE pmi.package_id = ${packageIdRef}
), '{}')`;
const applicationIdsOf = sql<string[]>`coalesce((
  SELECT array_agg(DISTINCT m.application_id ORDER BY m.application_id) FROM ${packageMenuItems} pmi
  JOIN ${menuItems} m ON m.id = pmi.menu_id WHERE pmi.package_id = ${packageIdRef}
), '{}')`;
const menuCount = sql<number>`(SELECT count(*)::int FROM ${packageMenuItems} pmi WHERE pmi.package_id = ${packageIdRef})`;
const applicationCount = sql<number>`(SELECT count(DISTINCT m.application_id)::int FROM ${packageMenuItems} pmi
  JOIN ${menuItems} m ON m.id = pmi.menu_id WHERE pmi.package_id = ${packageIdRef})`;
const tenantCount = sql<number>`(SELECT count(*)::int FROM tenant_packages tp WHERE tp.package_id = ${packageIdRef})`;

const fields: FieldSql = {
  name: packages.name,
  remark: packages.remark,
  status: packages.status,
  isDefault: packages.isDefault,
  menuCount,
  applicationCount,
  tenantCount,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
};

const columns = {
  id: packages.id,
  name: packages.name,
  remark: packages.remark,
  status: packages.status,
  isDefault: packages.isDefault,
  menuIds: menuIdsOf,
  applicationIds: applicationIdsOf,
  menuCount,
  applicationCount,
  tenantCount,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
  version: packages.version,
};

type PackageSelect = Omit<PackageRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

const rowOf = (row: PackageSelect): PackageRow => ({
  ...row,
  menuCount: Number(row.menuCount),
  applicationCount: Number(row.applicationCount),
  tenantCount: Number(row.tenantCount),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

interface CatalogueItem {
  id: string;
  parentId: string | null;
  applicationId: string;
  name: string;
  type: string | null;
  link: string | null;
  disabled: boolean;
}

/** The packages table as the package pages read and change it (platform scope). */
export const packagesAdminRepo = {
  list: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: packagesResource,
      fields,
      table: packages,
      columns,
      id: packages.id,
      query,
    });
    return { items: items.map((row) => rowOf(row as unknown as PackageSelect)), total };
  },

  get: async (tx: Tx, id: string): Promise<PackageRow | undefined> => {
    const [row] = await tx.select(columns).from(packages).where(eq(packages.id, id));
    return row ? rowOf(row as PackageSelect) : undefined;
  },

  /** Changes the row only at the version it was read at; the version goes up by one. */
  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof packages.$inferInsert>) =>
    updateAtVersion(tx, packages, id, version, values),

  /**
   * The menu set as stored: the chosen items of the catalogue and their ancestors (the tree shows
   * the path to an item). An id the catalogue does not have refuses the whole set.
   */
  normaliseMenus: async (tx: Tx, menuIds: readonly string[]): Promise<string[]> => {
    const rows = rowsOf(
      await tx.execute(sql`
        WITH RECURSIVE chosen AS (
          SELECT m.id, m.parent_id, true AS asked FROM menu_items m
          WHERE m.id IN ${jsonArray(menuIds)} AND m.tenant_id IS NULL
          UNION
          SELECT p.id, p.parent_id, false FROM menu_items p JOIN chosen c ON p.id = c.parent_id
        )
        SELECT id, bool_or(asked) AS asked FROM chosen GROUP BY id`),
    );
    const known = new Set(rows.filter((row) => row.asked === true).map((row) => row.id as string));
    const unknown = menuIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      const message = `菜单不存在：${unknown.slice(0, 5).join('、')}`;
      throw new AppError('MENU_NOT_FOUND', message, [{ path: 'body.menuIds', message }]);
    }
    return rows.map((row) => row.id as string).sort();
  },

  replaceMenus: async (tx: Tx, packageId: string, menuIds: readonly string[]) => {
    await tx.delete(packageMenuItems).where(eq(packageMenuItems.packageId, packageId));
    if (menuIds.length > 0) {
      await tx.insert(packageMenuItems).values(menuIds.map((menuId) => ({ packageId, menuId })));
    }
  },

  /** Names of menu items, for impact answers and logs. */
  menuNames: async (tx: Tx, menuIds: readonly string[]): Promise<Map<string, string>> => {
    const rows = rowsOf(
      await tx.execute(sql`SELECT id, name FROM menu_items WHERE id IN ${jsonArray(menuIds)}`),
    );
    return new Map(rows.map((row) => [row.id as string, row.name as string]));
  },

  /** The whole catalogue for the package form: applications by name, each with its items' tree. */
  menuTree: async (tx: Tx): Promise<PackageMenuTree> => {
    const apps = await tx
      .select({ id: applications.id, name: applications.name, version: applications.version })
      .from(applications)
      .orderBy(applications.name, applications.id);
    const items: CatalogueItem[] = await tx
      .select({
        id: menuItems.id,
        parentId: menuItems.parentId,
        applicationId: menuItems.applicationId,
        name: menuItems.name,
        type: menuItems.type,
        link: menuItems.link,
        disabled: menuItems.disabled,
      })
      .from(menuItems)
      // The global catalogue: a tenant's own public items are not for packages.
      .where(isNull(menuItems.tenantId))
      .orderBy(menuItems.sort, menuItems.id);
    const nodes = new Map<string, PackageMenuNode & { applicationId: string }>();
    for (const item of items) nodes.set(item.id, { ...item, children: [] });
    const roots = new Map<string, PackageMenuNode[]>();
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.set(node.applicationId, [...(roots.get(node.applicationId) ?? []), node]);
    }
    // Only the declared fields go out (the answer schema is not strict, so nothing else would be cut).
    const strip = (node: PackageMenuNode & { applicationId?: string }): PackageMenuNode => ({
      id: node.id,
      parentId: node.parentId,
      name: node.name,
      type: node.type,
      link: node.link,
      disabled: node.disabled,
      children: node.children.map(strip),
    });
    return apps.map((app) => ({ ...app, menus: (roots.get(app.id) ?? []).map(strip) }));
  },
};
