import { type AdminScope, type MenuItemRow, menusResource } from '@uniwim/contracts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type FieldSql, type ListQuery, listPage, qualified } from '../../platform/admin/list-sql';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import type { Tx } from '../../platform/db/database';
import { applications } from '../applications/schema';
import { menuItems } from './schema';
import { fullLinkOf } from './tree';

type RawRow = Record<string, unknown>;
export const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
export const jsonList = (values: readonly string[]): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * Whose items a scope edits: the platform the global catalogue (tenant_id NULL); a tenant its own
 * public items (row-level security shows it the global ones too, which it only reads).
 */
export const ownerCondition = (scope: AdminScope, tenantId: string | null): SQL =>
  scope === 'dmp' || tenantId === null
    ? isNull(menuItems.tenantId)
    : (eq(menuItems.tenantId, tenantId) as SQL);

const itemId = qualified(menuItems.id);
const itemApplication = qualified(menuItems.applicationId);
const applicationName = sql<string>`(SELECT a.name FROM applications a WHERE a.id = ${itemApplication})`;
const applicationLinks = sql<
  string[]
>`(SELECT ARRAY[a.internal_link, a.external_link] FROM applications a WHERE a.id = ${itemApplication})`;

const fields: FieldSql = {
  applicationId: menuItems.applicationId,
  parentId: menuItems.parentId,
  name: menuItems.name,
  nameEn: menuItems.nameEn,
  type: menuItems.type,
  isPublic: menuItems.isPublic,
  link: menuItems.link,
  permission: menuItems.permission,
  sort: menuItems.sort,
  createdAt: menuItems.createdAt,
  updatedAt: menuItems.updatedAt,
};

const columns = {
  id: menuItems.id,
  applicationId: menuItems.applicationId,
  applicationName,
  applicationLinks,
  tenantId: menuItems.tenantId,
  parentId: menuItems.parentId,
  name: menuItems.name,
  nameEn: menuItems.nameEn,
  link: menuItems.link,
  mobileLink: menuItems.mobileLink,
  fullLink: menuItems.fullLink,
  effectDrawing: menuItems.effectDrawing,
  effectDrawingFileId: menuItems.effectDrawingFileId,
  menuVersion: menuItems.menuVersion,
  reload: menuItems.reload,
  monitor: menuItems.monitor,
  monitorUrl: menuItems.monitorUrl,
  menuStyle: menuItems.menuStyle,
  internalNetwork: menuItems.internalNetwork,
  externalNetwork: menuItems.externalNetwork,
  operatingManual: menuItems.operatingManual,
  manualFileId: menuItems.manualFileId,
  target: menuItems.target,
  type: menuItems.type,
  permission: menuItems.permission,
  condition: menuItems.visibleCondition,
  disabled: menuItems.disabled,
  isPublic: menuItems.isPublic,
  sort: menuItems.sort,
  createdAt: menuItems.createdAt,
  updatedAt: menuItems.updatedAt,
  version: menuItems.version,
};

/** The row as the editor shows it, with the address the shell will load (see tree.ts). */
const rowOf = (row: RawRow): MenuItemRow => {
  const [appInternal, appExternal] = (row.applicationLinks as (string | null)[] | null) ?? [null, null];
  const link = (row.link as string | null) ?? null;
  const fullLink = (row.fullLink as string | null) ?? null;
  const { applicationLinks: _, ...rest } = row;
  return {
    ...(rest as unknown as MenuItemRow),
    target: (row.target as MenuItemRow['target']) ?? null,
    effectiveFullLink:
      fullLink ??
      fullLinkOf(link, [
        (row.internalNetwork as string | null) ?? appInternal ?? null,
        (row.externalNetwork as string | null) ?? appExternal ?? null,
      ]),
    createdAt: (row.createdAt as Date).toISOString(),
    updatedAt: (row.updatedAt as Date).toISOString(),
  };
};

export interface TreePosition {
  id: string;
  parentId: string | null;
  applicationId: string;
  tenantId: string | null;
  name: string;
  sort: number;
}

export const menuAdminRepo = {
  list: async (tx: Tx, query: ListQuery, owner: SQL) => {
    const { items, total } = await listPage(tx, {
      declaration: menusResource,
      fields,
      table: menuItems,
      columns,
      id: menuItems.id,
      query,
      conditions: [owner],
    });
    return { items: items.map(rowOf), total };
  },

  /** One item the scope can read (its own, and for a tenant the global ones too). */
  get: async (tx: Tx, id: string): Promise<MenuItemRow | undefined> => {
    const [row] = await tx.select(columns).from(menuItems).where(eq(menuItems.id, id));
    return row ? rowOf(row as RawRow) : undefined;
  },

  /** Every item of an application's tree the scope reads, with how many roles are granted each. */
  treeRows: async (tx: Tx, applicationId: string, owner: SQL | undefined) => {
    const rows = await tx
      .select({
        ...columns,
        grantCount: sql<number>`(SELECT count(*)::int FROM role_menu_grants g WHERE g.menu_id = ${itemId})`,
      })
      .from(menuItems)
      .where(and(eq(menuItems.applicationId, applicationId), owner));
    return rows.map((row) => ({ ...rowOf(row as RawRow), grantCount: Number(row.grantCount) }));
  },

  insert: (tx: Tx, values: typeof menuItems.$inferInsert) => tx.insert(menuItems).values(values),

  updateAtVersion: (tx: Tx, id: string, version: number, values: Partial<typeof menuItems.$inferInsert>) =>
    updateAtVersion(tx, menuItems, id, version, values),

  /** Where an item sits: for the checks of a parent and of a move. */
  position: async (tx: Tx, id: string): Promise<TreePosition | undefined> => {
    const [row] = await tx
      .select({
        id: menuItems.id,
        parentId: menuItems.parentId,
        applicationId: menuItems.applicationId,
        tenantId: menuItems.tenantId,
        name: menuItems.name,
        sort: menuItems.sort,
      })
      .from(menuItems)
      .where(eq(menuItems.id, id));
    return row;
  },

  /** The item and every item below it. */
  subtreeIds: async (tx: Tx, id: string): Promise<string[]> =>
    rowsOf(
      await tx.execute(sql`
        WITH RECURSIVE below AS (
          SELECT id FROM menu_items WHERE id = ${id}
          UNION
          SELECT m.id FROM menu_items m JOIN below b ON m.parent_id = b.id
        )
        SELECT id FROM below`),
    ).map((row) => row.id as string),

  /** The items under one parent (null: the top of the application), in the tree's order. */
  siblings: async (tx: Tx, applicationId: string, parentId: string | null, owner: SQL) =>
    tx
      .select({ id: menuItems.id, sort: menuItems.sort, name: menuItems.name })
      .from(menuItems)
      .where(
        and(
          eq(menuItems.applicationId, applicationId),
          parentId === null ? isNull(menuItems.parentId) : eq(menuItems.parentId, parentId),
          owner,
        ),
      )
      .orderBy(menuItems.sort, menuItems.name, menuItems.id),

  /** Places siblings in order (0, 1, 2...), writing only those whose place changed. */
  renumber: async (tx: Tx, ordered: { id: string; sort: number }[]) => {
    const changed = ordered.map((item, index) => ({ ...item, next: index })).filter((i) => i.sort !== i.next);
    if (changed.length === 0) return;
    await tx.execute(sql`
      UPDATE menu_items m SET sort = v.sort
      FROM jsonb_to_recordset(${JSON.stringify(changed.map((c) => ({ id: c.id, sort: c.next })))}::jsonb)
        AS v(id text, sort int)
      WHERE m.id = v.id`);
  },

  nextSort: async (tx: Tx, applicationId: string, parentId: string | null): Promise<number> => {
    const [row] = rowsOf(
      await tx.execute(sql`
        SELECT coalesce(max(sort) + 1, 0) AS next FROM menu_items
        WHERE application_id = ${applicationId} AND parent_id IS NOT DISTINCT FROM ${parentId}`),
    );
    return Number(row?.next ?? 0);
  },

  childCount: async (tx: Tx, id: string): Promise<number> =>
    Number(
      rowsOf(await tx.execute(sql`SELECT count(*)::int AS n FROM menu_items WHERE parent_id = ${id}`))[0]
        ?.n ?? 0,
    ),

  remove: (tx: Tx, id: string) => tx.delete(menuItems).where(eq(menuItems.id, id)),

  application: async (tx: Tx, id: string) => {
    const [row] = await tx
      .select({
        id: applications.id,
        appKey: applications.appKey,
        name: applications.name,
        status: applications.status,
        version: applications.version,
        internalLink: applications.internalLink,
        externalLink: applications.externalLink,
      })
      .from(applications)
      .where(eq(applications.id, id));
    return row;
  },

  /** Whether the tenant is empowered to use the application. */
  isEmpowered: async (tx: Tx, tenantId: string, applicationId: string): Promise<boolean> =>
    rowsOf(
      await tx.execute(
        sql`SELECT 1 FROM tenant_applications WHERE tenant_id = ${tenantId} AND application_id = ${applicationId}`,
      ),
    ).length > 0,

  /** The applications whose trees a scope edits: all of them, or those the tenant is empowered to use. */
  applicationOptions: async (tx: Tx, tenantId: string | null) =>
    rowsOf(
      await tx.execute(sql`
        SELECT a.id, a.app_key, a.name, a.status, a.icon FROM applications a
        WHERE ${tenantId}::text IS NULL OR EXISTS (
          SELECT 1 FROM tenant_applications ta WHERE ta.tenant_id = ${tenantId} AND ta.application_id = a.id)
        ORDER BY a.name, a.id`),
    ).map((row) => ({
      id: row.id as string,
      appKey: row.app_key as string,
      name: row.name as string,
      status: row.status as 'draft' | 'published' | 'offline',
      icon: (row.icon as string | null) ?? null,
    })),
};
