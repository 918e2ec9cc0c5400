import { z } from 'zod';

/** Targets a menu item may open in (spec section 3, page tab entry). */
export const MENU_TARGETS = ['_self', '_blank', '_blankTop'] as const;
export type MenuTarget = (typeof MENU_TARGETS)[number];

/**
 * One node of a menu tree as the server sends it (spec section 3, "Menu item").
 * Every menu-tree call (userMenuTree, mergeUserMenuTree, getMenuTreeByPid, adminMenuTree)
 * answers an array of these; the web normalises them into Id/Name/Val/... on its side.
 */
export interface MenuItemNode {
  id: string;
  /** Parent menu id; null at the top of an application's tree. */
  pid: string | null;
  name: string;
  /** The English name (issue 25); null: the Chinese name in every language. */
  nameEn: string | null;
  /** Link as configured (a built-in route such as /deviceList, /p/..., runCommand:{scheme}, or an external URL). */
  link: string | null;
  /** What the mobile page opens (issue 25); null: the item's page full-screen. */
  mobileLink: string | null;
  /** Link with the application's network address resolved in front of a relative link. */
  fullLink: string | null;
  /** Picture shown instead of a page when the item has no link. */
  effectDrawing: string | null;
  version: string;
  reload: boolean;
  monitor: boolean;
  monitorUrl: string | null;
  /** 4, 5 and 12 keep their own; any other value is inherited from the parent (done by the web). */
  menuStyle: number | null;
  internalNetwork: string | null;
  externalNetwork: string | null;
  operatingManual: string | null;
  target: MenuTarget | null;
  /** "panel" or null. */
  type: string | null;
  /** Visibility condition: "true", "false" or an expression (evaluated by the web's safe evaluator). */
  condition: string | null;
  disabled: boolean;
  /** Shown to visitors too (merged into every tree by mergeUserMenuTree). */
  isPublic: boolean;
  sort: number;
  applicationId: string;
  applicationName: string;
  /** Id of the top item of the tree this item belongs to. */
  rootId: string;
  children: MenuItemNode[];
}

export const menuItemNodeSchema: z.ZodType<MenuItemNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      pid: z.string().nullable(),
      name: z.string(),
      nameEn: z.string().nullable(),
      link: z.string().nullable(),
      mobileLink: z.string().nullable(),
      fullLink: z.string().nullable(),
      effectDrawing: z.string().nullable(),
      version: z.string(),
      reload: z.boolean(),
      monitor: z.boolean(),
      monitorUrl: z.string().nullable(),
      menuStyle: z.number().int().nullable(),
      internalNetwork: z.string().nullable(),
      externalNetwork: z.string().nullable(),
      operatingManual: z.string().nullable(),
      target: z.enum(MENU_TARGETS).nullable(),
      type: z.string().nullable(),
      condition: z.string().nullable(),
      disabled: z.boolean(),
      isPublic: z.boolean(),
      sort: z.number().int(),
      applicationId: z.string(),
      applicationName: z.string(),
      rootId: z.string(),
      children: z.array(menuItemNodeSchema),
    }),
  )
  .meta({ id: 'MenuItemNode' });

export const menuTreeSchema = z.array(menuItemNodeSchema);

/** Id of the pseudo-application the admin console's menu items (admin.html) carry. */
export const ADMIN_CONSOLE_APPLICATION = { id: 'admin-console', name: '系统管理' } as const;

const entityId = z.string().trim().min(1).max(100);

/**
 * POST /ump/role/saveMenus: replaces every menu grant of a role of the active tenant. Granting a
 * child item shows its parents too; the menus must belong to applications the tenant is empowered to use.
 */
export const saveRoleMenusBodySchema = z.strictObject({
  roleId: entityId,
  menuIds: z.array(entityId).max(5000),
});
export type SaveRoleMenusBody = z.infer<typeof saveRoleMenusBodySchema>;
export const saveRoleMenusAnswerSchema = z.object({ roleId: z.string(), menuIds: z.array(z.string()) });

/** POST /ump/user/saveRoles: replaces every role a member of the active tenant holds there. */
export const saveUserRolesBodySchema = z.strictObject({
  userId: entityId,
  roleIds: z.array(entityId).max(200),
});
export type SaveUserRolesBody = z.infer<typeof saveUserRolesBodySchema>;
export const saveUserRolesAnswerSchema = z.object({ userId: z.string(), roleIds: z.array(z.string()) });
