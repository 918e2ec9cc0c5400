import { and, eq, sql } from 'drizzle-orm';
import {
  membershipRoles,
  roleMenuGrants,
  roles,
  tenantApplications,
  tenantMemberships,
} from '../../db/schema';
import type { Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { releasedVersionsOf } from '../versions/released';
import { menuItems } from './schema';
import type { AdminMenuRow, MenuRow } from './tree';

/** The counters a tree was read with (see migration 0004_menus.sql). */
export interface MenuVersions {
  catalogue: number;
  tenant: number;
}

export interface TreeRows<Row> {
  versions: MenuVersions;
  rows: Row[];
}

export interface TreeQuery {
  tenantId: string;
  roleIds: string[];
  /** Also the tenant's public items (mergeUserMenuTree). */
  includePublic: boolean;
}

type RawRow = Record<string, unknown>;

const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

const versionsOf = (row: RawRow | undefined): MenuVersions => ({
  catalogue: Number(row?.catalogue_version ?? 0),
  tenant: Number(row?.tenant_version ?? 0),
});

/** A JSON array parameter: both drivers pass one text value, where a JS array would be expanded. */
const jsonList = (values: string[]) =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

export const toMenuRow = (row: RawRow): MenuRow => ({
  id: row.id as string,
  parentId: (row.parent_id as string | null) ?? null,
  name: row.name as string,
  nameEn: (row.name_en as string | null) ?? null,
  link: (row.link as string | null) ?? null,
  mobileLink: (row.mobile_link as string | null) ?? null,
  effectDrawing: (row.effect_drawing as string | null) ?? null,
  sort: Number(row.sort),
  reload: row.reload === true,
  monitor: row.monitor === true,
  monitorUrl: (row.monitor_url as string | null) ?? null,
  menuStyle: row.menu_style === null || row.menu_style === undefined ? null : Number(row.menu_style),
  internalNetwork: (row.internal_network as string | null) ?? null,
  externalNetwork: (row.external_network as string | null) ?? null,
  operatingManual: (row.operating_manual as string | null) ?? null,
  target: (row.target as string | null) ?? null,
  type: (row.type as string | null) ?? null,
  visibleCondition: (row.visible_condition as string | null) ?? null,
  disabled: row.disabled === true,
  isPublic: row.is_public === true,
  fullLink: (row.full_link as string | null) ?? null,
  menuVersion: (row.menu_version as string | null) ?? null,
  applicationId: row.application_id as string,
  applicationName: row.application_name as string,
  releasedVersion: (row.released_version as string | null) ?? null,
  applicationVersion: row.application_version as string,
  applicationInternalLink: (row.application_internal_link as string | null) ?? null,
  applicationExternalLink: (row.application_external_link as string | null) ?? null,
  applicationOperatingManual: (row.application_operating_manual as string | null) ?? null,
});

const tenantVersionIn = async (tx: Tx, tenantId: string): Promise<number> => {
  const [row] = rowsOf(
    await tx.execute(sql`SELECT version FROM tenant_menu_versions WHERE tenant_id = ${tenantId}`),
  );
  return Number(row?.version ?? 0);
};

/** The platform pages whose permission the operator holds, and the groups that lead to them. */
const shownToOperator = (rows: RawRow[], codes: ReadonlySet<string>): Set<string> => {
  const parentOf = new Map(rows.map((row) => [row.id as string, (row.parent_id as string | null) ?? null]));
  const kept = new Set<string>();
  for (const row of rows) {
    if (typeof row.permission !== 'string' || !codes.has(row.permission)) continue;
    for (
      let id: string | null = row.id as string;
      id !== null && !kept.has(id);
      id = parentOf.get(id) ?? null
    ) {
      kept.add(id);
    }
  }
  return kept;
};

export const createMenusRepo = (db: Database) => ({
  /** A menu item of an application the tenant is empowered to use; read in the tenant's scope. */
  findEmpoweredMenu: (tenantId: string, menuId: string) =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = await tx
        .select({ id: menuItems.id, applicationId: menuItems.applicationId, name: menuItems.name })
        .from(menuItems)
        .innerJoin(tenantApplications, eq(tenantApplications.applicationId, menuItems.applicationId))
        .where(and(eq(menuItems.id, menuId), eq(tenantApplications.tenantId, tenantId)));
      return row;
    }),

  /** The active roles an account holds in a tenant through an active membership, sorted. */
  roleIdsOf: (tenantId: string, accountId: string): Promise<string[]> =>
    db.withTenant(tenantId, async (tx) => {
      const rows = await tx
        .select({ roleId: membershipRoles.roleId })
        .from(membershipRoles)
        // A disabled role grants nothing (the role page's status).
        .innerJoin(
          roles,
          and(
            eq(roles.tenantId, membershipRoles.tenantId),
            eq(roles.id, membershipRoles.roleId),
            eq(roles.status, 'active'),
          ),
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
            eq(membershipRoles.accountId, accountId),
            eq(tenantMemberships.status, 'active'),
          ),
        );
      return rows.map((r) => r.roleId).sort();
    }),

  /**
   * The flat rows of one tree in ONE query, in the tenant's scope (row-level security shows the
   * global catalogue and the tenant's own public items): items of empowered, published applications
   * granted to one of the roles (and public ones when asked), plus their ancestors within empowered
   * applications, each beside its application and the version released to the tenant; and the
   * version counters read in the same snapshot.
   * The outer LEFT JOIN keeps one row (with the versions) when the tree is empty.
   */
  treeRows: ({ tenantId, roleIds, includePublic }: TreeQuery): Promise<TreeRows<MenuRow>> =>
    db.withTenant(tenantId, async (tx) => {
      const result = await tx.execute(sql`
        WITH RECURSIVE
        empowered AS (
          SELECT ta.application_id FROM tenant_applications ta
          JOIN applications a ON a.id = ta.application_id AND a.status = 'published'
          WHERE ta.tenant_id = ${tenantId}
        ),
        chosen AS (
          SELECT m.id, m.parent_id FROM menu_items m
          WHERE m.application_id IN (SELECT application_id FROM empowered)
            AND (
              m.id IN (
                SELECT g.menu_id FROM role_menu_grants g
                WHERE g.tenant_id = ${tenantId} AND g.role_id IN ${jsonList(roleIds)}
              )
              OR (${includePublic}::boolean AND m.is_public)
            )
        ),
        shown AS (
          SELECT id, parent_id FROM chosen
          UNION
          SELECT p.id, p.parent_id FROM menu_items p JOIN shown s ON p.id = s.parent_id
          WHERE p.application_id IN (SELECT application_id FROM empowered)
        )
        SELECT v.catalogue_version, v.tenant_version, t.*
        FROM (
          SELECT
            (SELECT version FROM menu_catalogue_version) AS catalogue_version,
            COALESCE((SELECT version FROM tenant_menu_versions WHERE tenant_id = ${tenantId}), 0) AS tenant_version
        ) v
        LEFT JOIN (
          SELECT
            m.id, m.parent_id, m.name, m.name_en, m.link, m.mobile_link, m.effect_drawing, m.sort, m.reload, m.monitor, m.monitor_url,
            m.menu_style, m.internal_network, m.external_network, m.operating_manual, m.target, m.type,
            m.visible_condition, m.disabled, m.is_public, m.full_link, m.menu_version, m.application_id,
            a.name AS application_name,
            -- The version released to this tenant (the shell's _v), and the catalogue's.
            rv.version_number AS released_version, a.version AS application_version,
            a.internal_link AS application_internal_link, a.external_link AS application_external_link,
            a.operating_manual AS application_operating_manual
          FROM shown s
          JOIN menu_items m ON m.id = s.id
          JOIN applications a ON a.id = m.application_id
          LEFT JOIN ${releasedVersionsOf(tenantId)} rv ON rv.application_id = m.application_id
        ) t ON true`);
      const raw = rowsOf(result);
      return { versions: versionsOf(raw[0]), rows: raw.filter((row) => row.id != null).map(toMenuRow) };
    }),

  /**
   * The admin console's items and the catalogue version, in one query: every item for platform
   * admins, all but platform-only ones for tenant admins, and for a platform operator only the
   * platform pages their codes show (with the groups above them).
   */
  adminTreeRows: (
    includePlatformOnly: boolean,
    operatorCodes?: readonly string[],
  ): Promise<TreeRows<AdminMenuRow>> =>
    db.asPlatform(async (tx) => {
      const raw = rowsOf(
        await tx.execute(sql`
          SELECT v.version AS catalogue_version, i.id, i.parent_id, i.name, i.name_en, i.link, i.sort, i.target,
                 i.menu_style, i.visible_condition, i.disabled, i.permission
          FROM menu_catalogue_version v
          LEFT JOIN admin_menu_items i ON (${includePlatformOnly}::boolean OR NOT i.platform_only)`),
      );
      const kept = operatorCodes ? shownToOperator(raw, new Set(operatorCodes)) : null;
      return {
        versions: versionsOf(raw[0]),
        rows: raw
          .filter((row) => row.id != null && (kept === null || kept.has(row.id as string)))
          .map((row) => ({
            id: row.id as string,
            parentId: (row.parent_id as string | null) ?? null,
            name: row.name as string,
            nameEn: (row.name_en as string | null) ?? null,
            link: (row.link as string | null) ?? null,
            sort: Number(row.sort),
            target: (row.target as string | null) ?? null,
            menuStyle: row.menu_style === null ? null : Number(row.menu_style),
            visibleCondition: (row.visible_condition as string | null) ?? null,
            disabled: row.disabled === true,
          })),
      };
    }),

  /**
   * The permission codes of the enabled button items granted to one of the roles, in published
   * applications the tenant is empowered to use (one application when given), sorted.
   */
  buttonPermissions: (tenantId: string, roleIds: string[], applicationId: string | null): Promise<string[]> =>
    db.withTenant(tenantId, async (tx) =>
      rowsOf(
        await tx.execute(sql`
          SELECT DISTINCT m.permission FROM role_menu_grants g
          JOIN menu_items m ON m.id = g.menu_id AND m.type = 'button' AND NOT m.disabled
          JOIN tenant_applications ta ON ta.tenant_id = g.tenant_id AND ta.application_id = m.application_id
          JOIN applications a ON a.id = m.application_id AND a.status = 'published'
          WHERE g.tenant_id = ${tenantId} AND g.role_id IN ${jsonList(roleIds)}
            AND (${applicationId}::text IS NULL OR m.application_id = ${applicationId})
          ORDER BY m.permission`),
      ).map((row) => row.permission as string),
    ),

  /** The version counters as they are now (the tenant's is 0 without a tenant). */
  versions: (tenantId: string | null): Promise<MenuVersions> =>
    db.asPlatform(async (tx) => {
      const [row] = rowsOf(
        await tx.execute(sql`
          SELECT (SELECT version FROM menu_catalogue_version) AS catalogue_version,
                 COALESCE((SELECT version FROM tenant_menu_versions WHERE tenant_id = ${tenantId}), 0)
                   AS tenant_version`),
      );
      return versionsOf(row);
    }),

  /**
   * Replaces a role's grants in one transaction. Every menu must belong to an application the tenant
   * is empowered to use; otherwise nothing changes. Answers the tenant's menu version after the change.
   */
  replaceRoleMenus: (tenantId: string, roleId: string, menuIds: string[]): Promise<number> =>
    db.withTenant(tenantId, async (tx) => {
      const [role] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)));
      if (!role) throw new AppError('ROLE_NOT_FOUND');
      const known = rowsOf(
        await tx.execute(sql`
          SELECT m.id FROM menu_items m
          JOIN tenant_applications ta ON ta.application_id = m.application_id AND ta.tenant_id = ${tenantId}
          WHERE m.id IN ${jsonList(menuIds)}`),
      ).map((row) => row.id as string);
      const unknown = menuIds.filter((id) => !known.includes(id));
      if (unknown.length > 0) throw new AppError('MENU_NOT_FOUND', undefined, { menuIds: unknown });
      await tx
        .delete(roleMenuGrants)
        .where(and(eq(roleMenuGrants.tenantId, tenantId), eq(roleMenuGrants.roleId, roleId)));
      if (menuIds.length > 0) {
        await tx.insert(roleMenuGrants).values(menuIds.map((menuId) => ({ tenantId, roleId, menuId })));
      }
      return tenantVersionIn(tx, tenantId);
    }),

  /**
   * Replaces the roles a member holds in the tenant, in one transaction. The tenant must keep at
   * least one active member with an administrator role, so a tenant admin cannot lock everyone out.
   */
  replaceMemberRoles: (tenantId: string, accountId: string, roleIds: string[]): Promise<number> =>
    db.withTenant(tenantId, async (tx) => {
      const [member] = await tx
        .select({ accountId: tenantMemberships.accountId })
        .from(tenantMemberships)
        .where(and(eq(tenantMemberships.tenantId, tenantId), eq(tenantMemberships.accountId, accountId)));
      if (!member) throw new AppError('MEMBER_NOT_FOUND');
      const known = rowsOf(
        await tx.execute(
          sql`SELECT id FROM roles WHERE tenant_id = ${tenantId} AND id IN ${jsonList(roleIds)}`,
        ),
      ).map((row) => row.id as string);
      const unknown = roleIds.filter((id) => !known.includes(id));
      if (unknown.length > 0) throw new AppError('ROLE_NOT_FOUND', undefined, { roleIds: unknown });
      await tx
        .delete(membershipRoles)
        .where(and(eq(membershipRoles.tenantId, tenantId), eq(membershipRoles.accountId, accountId)));
      if (roleIds.length > 0) {
        await tx.insert(membershipRoles).values(roleIds.map((roleId) => ({ tenantId, accountId, roleId })));
      }
      const [admins] = rowsOf(
        await tx.execute(sql`
          SELECT count(*) AS admins FROM membership_roles mr
          JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id AND r.is_admin
          JOIN tenant_memberships tm ON tm.tenant_id = mr.tenant_id AND tm.account_id = mr.account_id
          WHERE mr.tenant_id = ${tenantId} AND tm.status = 'active'`),
      );
      if (Number(admins?.admins ?? 0) === 0) throw new AppError('LAST_TENANT_ADMIN');
      return tenantVersionIn(tx, tenantId);
    }),
});

export type MenusRepo = ReturnType<typeof createMenusRepo>;
