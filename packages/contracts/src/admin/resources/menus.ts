import { z } from 'zod';
import { recordVersionSchema } from '../../integers';
import { resolveMenuLink } from '../../menu-links';
import { conditionSyntaxError, MAX_CONDITION_LENGTH } from '../../menu-visibility';
import { MENU_TARGETS } from '../../menus';
import { currentUserSchema } from '../../payloads';
import { defineResource } from '../resource';
import { applicationCreateSchema, httpUrlSchema } from './applications';

/**
 * Menu trees (/umpApplicationMenu): every application's tree of menu items with the fields of spec
 * section 3. The platform's global catalogue is `/dmp/admin/menus` (platform administrators only);
 * a tenant's own public items, added under its empowered applications, are `/ump/admin/menus`
 * (the tenant's administrators; the global items are shown to them read-only). Button items carry
 * a permission code and are granted to roles like any item, but are not menus the shell shows.
 */

export const MENU_ITEM_TYPES = ['panel', 'button'] as const;
export type MenuItemType = (typeof MENU_ITEM_TYPES)[number];

/** A permission code an application checks: `device:export`, `report:print-all`. */
export const MENU_PERMISSION_PATTERN = /^[a-z][a-z0-9-]*(:[a-z0-9-]+)+$/;

const link = z.string().trim().max(2_000, '链接最多2000个字符');

/** Why the shell would refuse to open a link (javascript:, data:, an unknown scheme), or null. */
export const menuLinkProblem = (value: string): string | null =>
  resolveMenuLink({ link: value, fullLink: null, effectDrawing: null }, { token: null }).kind === 'blocked'
    ? '链接只能是内置路由、http(s) 地址、相对地址或 runCommand:协议'
    : null;

const menuLink = link.superRefine((value, ctx) => {
  const problem = menuLinkProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** Refused when the shell's evaluator cannot parse it: such an item would be hidden from everyone. */
export const conditionSchema = z
  .string()
  .trim()
  .max(MAX_CONDITION_LENGTH, `显示条件最多${MAX_CONDITION_LENGTH}个字符`)
  .superRefine((value, ctx) => {
    const error = value === '' ? null : conditionSyntaxError(value);
    if (error) ctx.addIssue({ code: 'custom', message: `显示条件无法解析：${error}` });
  });

const entityId = z.string().trim().min(1).max(100);
const fileId = entityId;

export const menuItemRowSchema = z.object({
  id: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
  /** null: the platform's global catalogue; otherwise the tenant whose own public item it is. */
  tenantId: z.string().nullable(),
  parentId: z.string().nullable(),
  name: z.string(),
  /** The English name the shell shows on an English page; null: the Chinese name there too. */
  nameEn: z.string().nullable(),
  link: z.string().nullable(),
  /** What the mobile page opens; null: the item's page full-screen. */
  mobileLink: z.string().nullable(),
  /** The address a frame loads when it is not the link behind the network address. */
  fullLink: z.string().nullable(),
  /** What the shell will load: fullLink, else the link behind the item's or application's address. */
  effectiveFullLink: z.string().nullable(),
  /** The picture shown when the item has no link (an uploaded image's address). */
  effectDrawing: z.string().nullable(),
  effectDrawingFileId: z.string().nullable(),
  /** The item's own version (the frame's `_v`); null: the application's. */
  menuVersion: z.string().nullable(),
  reload: z.boolean(),
  monitor: z.boolean(),
  monitorUrl: z.string().nullable(),
  menuStyle: z.number().int().nullable(),
  internalNetwork: z.string().nullable(),
  externalNetwork: z.string().nullable(),
  operatingManual: z.string().nullable(),
  manualFileId: z.string().nullable(),
  target: z.enum(MENU_TARGETS).nullable(),
  type: z.enum(MENU_ITEM_TYPES).nullable(),
  /** A button item's permission code. */
  permission: z.string().nullable(),
  /** The visibility condition (spec section 5). */
  condition: z.string().nullable(),
  disabled: z.boolean(),
  isPublic: z.boolean(),
  sort: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MenuItemRow = z.infer<typeof menuItemRowSchema>;

const editableFields = {
  name: z.string().trim().min(1, '请输入菜单名称').max(50, '菜单名称最多50个字'),
  nameEn: z.string().trim().max(100, '英文名称最多100个字符').nullable().optional(),
  link: menuLink.nullable().optional(),
  mobileLink: menuLink.nullable().optional(),
  fullLink: menuLink.nullable().optional(),
  effectDrawingFileId: fileId.nullable().optional(),
  menuVersion: z.string().trim().max(20, '版本最多20个字符').nullable().optional(),
  reload: z.boolean().optional(),
  monitor: z.boolean().optional(),
  monitorUrl: menuLink.nullable().optional(),
  menuStyle: z.number().int().min(0).max(99).nullable().optional(),
  internalNetwork: httpUrlSchema.nullable().optional(),
  externalNetwork: httpUrlSchema.nullable().optional(),
  /** A link to a manual kept elsewhere; an uploaded manual (manualFileId) takes its place. */
  operatingManual: httpUrlSchema.nullable().optional(),
  manualFileId: fileId.nullable().optional(),
  target: z.enum(MENU_TARGETS).nullable().optional(),
  type: z.enum(MENU_ITEM_TYPES).nullable().optional(),
  permission: z
    .string()
    .trim()
    .max(100, '权限码最多100个字符')
    .regex(MENU_PERMISSION_PATTERN, '权限码格式如 device:export（小写字母、数字、连字符，以冒号分段）')
    .nullable()
    .optional(),
  condition: conditionSchema.nullable().optional(),
  disabled: z.boolean().optional(),
  isPublic: z.boolean().optional(),
  sort: z.number().int().min(0).max(1_000_000).optional(),
};

/**
 * Rules across fields, checked by the server on the item as it will be saved (create, update,
 * import): a button needs its code, a code belongs to a button, monitoring needs its address.
 * (Kept out of the zod objects, which the framework extends with `version`.)
 */
export const menuItemProblems = (item: {
  type?: string | null;
  permission?: string | null;
  monitor?: boolean;
  monitorUrl?: string | null;
}): { field: string; message: string }[] => {
  const problems: { field: string; message: string }[] = [];
  if (item.type === 'button' && !item.permission) {
    problems.push({ field: 'permission', message: '按钮须填写权限码' });
  }
  if (item.type !== 'button' && item.permission) {
    problems.push({ field: 'permission', message: '只有按钮可以填写权限码' });
  }
  if (item.monitor === true && !item.monitorUrl) {
    problems.push({ field: 'monitorUrl', message: '开启监控须填写监控地址' });
  }
  return problems;
};

export const menuItemCreateSchema = z.strictObject({
  applicationId: entityId,
  parentId: entityId.nullable().optional(),
  ...editableFields,
});
export type MenuItemCreate = z.infer<typeof menuItemCreateSchema>;

/** The application and the place in the tree change only by a move (drag and drop). */
export const menuItemUpdateSchema = z.strictObject({
  ...editableFields,
  name: editableFields.name.optional(),
});
export type MenuItemUpdate = z.infer<typeof menuItemUpdateSchema>;

/** `POST /{scope}/admin/menus/:id/move`: under `parentId` (null: the top), at `index` among its siblings. */
export const menuMoveBodySchema = z.strictObject({
  parentId: entityId.nullable(),
  index: z.number().int().min(0).max(100_000),
  /** The item's version as read; a stale one answers 409 VERSION_CONFLICT. */
  version: recordVersionSchema,
});
export type MenuMoveBody = z.infer<typeof menuMoveBodySchema>;

/** `POST /{scope}/admin/menus/:id/remove`: `confirm` once the roles holding it were shown. */
export const menuRemoveBodySchema = z.strictObject({ confirm: z.boolean().optional() });

const roleRef = z.object({ roleId: z.string(), roleName: z.string() });
const tenantRoles = z.object({ tenantId: z.string(), tenantName: z.string(), roles: z.array(roleRef) });

/** The 409 MENU_GRANTED details: who would lose the item. */
export const menuGrantHoldersSchema = z.object({
  tenants: z.array(tenantRoles),
  packages: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MenuGrantHolders = z.infer<typeof menuGrantHoldersSchema>;

/** One node of the editor's tree: the item and its children, with what the editor needs to know. */
export interface MenuEditorNode extends MenuItemRow {
  /** False for the global items shown in a tenant's editor. */
  editable: boolean;
  /** Roles granted the item, over every tenant (platform) or in the tenant. */
  grantCount: number;
  children: MenuEditorNode[];
}

export const menuEditorNodeSchema: z.ZodType<MenuEditorNode> = z
  .lazy(() =>
    menuItemRowSchema.extend({
      editable: z.boolean(),
      grantCount: z.number().int(),
      children: z.array(menuEditorNodeSchema),
    }),
  )
  .meta({ id: 'MenuEditorNode' });

export const menuTreeQuerySchema = z.strictObject({ applicationId: entityId });

export const menuEditorTreeSchema = z.object({
  application: z.object({
    id: z.string(),
    appKey: z.string(),
    name: z.string(),
    status: z.enum(['draft', 'published', 'offline']),
    version: z.string(),
    internalLink: z.string().nullable(),
    externalLink: z.string().nullable(),
  }),
  items: z.array(menuEditorNodeSchema),
});
export type MenuEditorTree = z.infer<typeof menuEditorTreeSchema>;

/** `POST /{scope}/admin/menus/impact`: the item as it would be saved (id absent when new). */
export const menuImpactBodySchema = z.strictObject({
  id: entityId.optional(),
  applicationId: entityId,
  parentId: entityId.nullable().optional(),
  isPublic: z.boolean().optional(),
  disabled: z.boolean().optional(),
  type: z.enum(MENU_ITEM_TYPES).nullable().optional(),
  condition: z.string().max(MAX_CONDITION_LENGTH).nullable().optional(),
});
export type MenuImpactBody = z.infer<typeof menuImpactBodySchema>;

/** Tenants named one by one in an impact answer; the rest are counted. */
export const MENU_IMPACT_TENANT_LIMIT = 50;

export const menuImpactSchema = z.object({
  application: z.object({ id: z.string(), name: z.string(), status: z.string() }),
  /** Why nobody sees it, whoever holds it: the application is not published, the item is disabled or a button. */
  hiddenBecause: z.array(z.enum(['application-not-published', 'disabled', 'button'])),
  /** Public: every member and visitor of the tenants below sees it (subject to its condition). */
  isPublic: z.boolean(),
  /** Tenants that may use the application (the item's owner only, for a tenant's own item). */
  tenantTotal: z.number().int(),
  /**
   * Tenants with the roles that see the item: granted it, or granted an item below it (the shell
   * shows the way to a granted item). For a new item, the roles that see its parent.
   */
  tenants: z.array(tenantRoles),
  tenantsWithRolesTotal: z.number().int(),
  /** Packages that include the item (for a new item: its parent). */
  packages: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The condition as the shell's evaluator reads it. */
  condition: z.object({ valid: z.boolean(), error: z.string().nullable() }),
});
export type MenuImpact = z.infer<typeof menuImpactSchema>;

/**
 * `POST /{scope}/admin/menus/check-condition`: the condition evaluated by the shell's evaluator for a
 * chosen member of a tenant (the platform names the tenant; a tenant's page uses its own), with the
 * item as the shell would have it as currentMenu, and optionally another open item as activeMenu.
 */
export const menuConditionCheckBodySchema = z.strictObject({
  condition: z.string().max(MAX_CONDITION_LENGTH),
  accountId: entityId,
  tenantId: entityId.optional(),
  menuId: entityId.optional(),
  activeMenuId: entityId.optional(),
});
export type MenuConditionCheckBody = z.infer<typeof menuConditionCheckBodySchema>;

export const menuConditionCheckSchema = z.object({
  valid: z.boolean(),
  /** The parser's reason when the condition cannot be parsed. */
  error: z.string().nullable(),
  /** Whether the shell shows the item to that user (false for an invalid condition, as the shell does). */
  visible: z.boolean(),
  /** What the evaluator saw. */
  scope: z.object({
    currentUser: currentUserSchema,
    currentMenu: z.record(z.string(), z.unknown()).nullable(),
    activeMenu: z.record(z.string(), z.unknown()).nullable(),
  }),
});
export type MenuConditionCheck = z.infer<typeof menuConditionCheckSchema>;

/** `GET /{scope}/admin/menus/member-options`: members to check a condition for. */
export const menuMemberOptionsQuerySchema = z.strictObject({
  tenantId: entityId.optional(),
  q: z.string().trim().max(50).optional(),
});
export const menuMemberOptionSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
});

/** `GET /dmp/admin/menus/tenant-options`: tenants empowered to use an application, for the checker. */
export const menuTenantOptionsQuerySchema = z.strictObject({
  applicationId: entityId,
  q: z.string().trim().max(50).optional(),
});
export const menuTenantOptionSchema = z.object({ id: z.string(), name: z.string() });

const menuItemsResourceFields = {
  row: menuItemRowSchema,
  create: menuItemCreateSchema,
  update: menuItemUpdateSchema,
  filters: {
    applicationId: 'equals',
    parentId: 'equals',
    name: 'contains',
    type: 'equals',
    isPublic: 'boolean',
  },
  sortable: ['sort', 'name', 'createdAt', 'updatedAt'],
  defaultSort: 'sort',
  searchable: ['name', 'nameEn', 'link', 'permission'],
  columns: [
    { key: 'name', title: { zh: '菜单名称', en: 'Name' }, list: true },
    { key: 'nameEn', title: { zh: '英文名称', en: 'English name' } },
    { key: 'applicationName', title: { zh: '所属应用', en: 'Application' }, list: true },
    { key: 'link', title: { zh: '链接', en: 'Link' }, list: true },
    { key: 'fullLink', title: { zh: '完整链接', en: 'Full link' } },
    { key: 'mobileLink', title: { zh: '移动端链接', en: 'Mobile link' } },
    { key: 'effectiveFullLink', title: { zh: '实际地址', en: 'Effective address' } },
    {
      key: 'type',
      title: { zh: '类型', en: 'Type' },
      list: true,
      options: [
        { value: 'panel', label: { zh: '面板', en: 'Panel' }, color: 'blue' },
        { value: 'button', label: { zh: '按钮', en: 'Button' }, color: 'purple' },
      ],
    },
    { key: 'permission', title: { zh: '权限码', en: 'Permission code' }, list: true },
    {
      key: 'target',
      title: { zh: '打开方式', en: 'Opens in' },
      options: [
        { value: '_self', label: { zh: '当前页签', en: 'A tab' } },
        { value: '_blank', label: { zh: '新窗口', en: 'A new window' } },
        { value: '_blankTop', label: { zh: '顶层新窗口', en: 'A new top window' } },
      ],
    },
    { key: 'effectDrawing', title: { zh: '效果图', en: 'Effect drawing' }, kind: 'image' },
    { key: 'menuVersion', title: { zh: '版本', en: 'Version' } },
    { key: 'reload', title: { zh: '每次刷新', en: 'Reload each time' }, kind: 'boolean' },
    { key: 'monitor', title: { zh: '监控中心显示', en: 'In the monitoring centre' }, kind: 'boolean' },
    { key: 'monitorUrl', title: { zh: '监控地址', en: 'Monitoring address' } },
    { key: 'menuStyle', title: { zh: '菜单样式', en: 'Menu style' }, kind: 'number' },
    { key: 'internalNetwork', title: { zh: '内网地址', en: 'Internal network address' } },
    { key: 'externalNetwork', title: { zh: '外网地址', en: 'External network address' } },
    { key: 'operatingManual', title: { zh: '操作手册', en: 'Operating manual' }, kind: 'link' },
    { key: 'condition', title: { zh: '显示条件', en: 'Visibility condition' } },
    { key: 'disabled', title: { zh: '停用', en: 'Disabled' }, list: true, kind: 'boolean' },
    { key: 'isPublic', title: { zh: '公共菜单', en: 'Public' }, list: true, kind: 'boolean' },
    { key: 'sort', title: { zh: '排序', en: 'Order' }, kind: 'number' },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
  ],
  fields: {
    applicationId: { zh: '所属应用', en: 'Application' },
    parentId: { zh: '上级菜单', en: 'Parent' },
    effectDrawingFileId: { zh: '效果图', en: 'Effect drawing' },
    manualFileId: { zh: '操作手册文件', en: 'Operating manual file' },
    operatingManual: { zh: '操作手册链接', en: 'Operating manual link' },
  },
} as const;

/** The global catalogue: platform administrators only. */
export const menusResource = defineResource({
  name: 'menus',
  scope: 'dmp',
  title: { zh: '菜单', en: 'Menu item' },
  ...menuItemsResourceFields,
  columns: [...menuItemsResourceFields.columns],
  permissions: {
    list: 'menu:list',
    create: 'menu:create',
    update: 'menu:update',
    delete: 'menu:delete',
  },
  actions: {
    move: {
      permission: 'menu:update',
      title: { zh: '移动', en: 'Move' },
      body: menuMoveBodySchema,
      rowButton: false,
    },
    remove: {
      permission: 'menu:delete',
      title: { zh: '删除', en: 'Delete' },
      body: menuRemoveBodySchema,
      danger: true,
      rowButton: false,
    },
  },
});

/** A tenant's own public items: its administrators; global items are theirs to read only. */
export const tenantMenusResource = defineResource({
  name: 'menus',
  scope: 'ump',
  title: { zh: '公共菜单', en: 'Public menu item' },
  ...menuItemsResourceFields,
  columns: [...menuItemsResourceFields.columns],
  permissions: {
    list: 'tenant-menu:list',
    create: 'tenant-menu:create',
    update: 'tenant-menu:update',
    delete: 'tenant-menu:delete',
  },
  actions: {
    move: {
      permission: 'tenant-menu:update',
      title: { zh: '移动', en: 'Move' },
      body: menuMoveBodySchema,
      rowButton: false,
    },
    remove: {
      permission: 'tenant-menu:delete',
      title: { zh: '删除', en: 'Delete' },
      body: menuRemoveBodySchema,
      danger: true,
      rowButton: false,
    },
  },
});

/** The JSON a tree is exported as and imported from (another installation's ids are mapped). */
export const MENU_EXPORT_FORMAT = 'uniwim-menu-tree';
export const MENU_EXPORT_FORMAT_VERSION = 1;

export interface MenuExportItem {
  id: string;
  name: string;
  /** Absent in files exported before English names (issue 25): read as none. */
  nameEn?: string | null;
  link: string | null;
  /** Absent in files exported before mobile links: read as none. */
  mobileLink?: string | null;
  fullLink: string | null;
  effectDrawing: string | null;
  menuVersion: string | null;
  reload: boolean;
  monitor: boolean;
  monitorUrl: string | null;
  menuStyle: number | null;
  internalNetwork: string | null;
  externalNetwork: string | null;
  operatingManual: string | null;
  target: (typeof MENU_TARGETS)[number] | null;
  type: MenuItemType | null;
  permission: string | null;
  condition: string | null;
  disabled: boolean;
  isPublic: boolean;
  sort: number;
  children: MenuExportItem[];
}

/** At most this many items in one file: a tree, not a database dump. */
export const MENU_IMPORT_ITEM_LIMIT = 5_000;

const exportItemSchema: z.ZodType<MenuExportItem> = z
  .lazy(() =>
    z.object({
      id: z.string().trim().min(1).max(100),
      name: z.string(),
      nameEn: z.string().nullable().optional(),
      link: z.string().nullable(),
      mobileLink: z.string().nullable().optional(),
      fullLink: z.string().nullable(),
      effectDrawing: z.string().nullable(),
      menuVersion: z.string().nullable(),
      reload: z.boolean(),
      monitor: z.boolean(),
      monitorUrl: z.string().nullable(),
      menuStyle: z.number().int().nullable(),
      internalNetwork: z.string().nullable(),
      externalNetwork: z.string().nullable(),
      operatingManual: z.string().nullable(),
      target: z.enum(MENU_TARGETS).nullable(),
      type: z.enum(MENU_ITEM_TYPES).nullable(),
      permission: z.string().nullable(),
      condition: z.string().nullable(),
      disabled: z.boolean(),
      isPublic: z.boolean(),
      sort: z.number().int(),
      children: z.array(exportItemSchema).max(MENU_IMPORT_ITEM_LIMIT),
    }),
  )
  .meta({ id: 'MenuExportItem' });

export const menuExportSchema = z.object({
  format: z.literal(MENU_EXPORT_FORMAT),
  formatVersion: z.literal(MENU_EXPORT_FORMAT_VERSION),
  exportedAt: z.string(),
  /** Checked as the catalogue's form checks it: the import creates the application when it is missing. */
  application: z.object({
    appKey: applicationCreateSchema.shape.appKey,
    name: applicationCreateSchema.shape.name,
    category: z.string().trim().max(30).nullable(),
    description: z.string().trim().max(500).nullable(),
    owner: z.string().trim().max(50).nullable(),
    internalLink: httpUrlSchema.nullable(),
    externalLink: httpUrlSchema.nullable(),
  }),
  items: z.array(exportItemSchema).max(MENU_IMPORT_ITEM_LIMIT),
});
export type MenuExport = z.infer<typeof menuExportSchema>;

export const menuExportQuerySchema = z.strictObject({ applicationId: entityId });

/**
 * `POST /dmp/admin/menus/import?mode=preview|commit`: the exported JSON. The application is found
 * by its key (created, as a draft, when this installation lacks it). Each item is matched by its id
 * within the application, else by its name under the same (matched) parent; others are created
 * (with the file's id when it is free). Nothing is deleted: items only here are listed and kept.
 */
export const menuImportQuerySchema = z.strictObject({ mode: z.enum(['preview', 'commit']) });

const importChange = z.object({
  /** The id in the file and the id here it maps to (new for created items). */
  sourceId: z.string(),
  targetId: z.string(),
  name: z.string(),
  /** Path of names from the top, for the preview. */
  path: z.string(),
  action: z.enum(['create', 'update', 'unchanged']),
  /** Fields that change, for updates. */
  fields: z.array(z.string()),
});

export const menuImportResultSchema = z.object({
  mode: z.enum(['preview', 'commit']),
  application: z.object({
    id: z.string(),
    appKey: z.string(),
    name: z.string(),
    action: z.enum(['create', 'existing']),
  }),
  changes: z.array(importChange),
  /** Items of this installation's tree the file does not have: kept as they are. */
  keptOnlyHere: z.array(z.object({ id: z.string(), name: z.string(), path: z.string() })),
  /** Per-item problems; any problem refuses the commit as a whole. */
  errors: z.array(z.object({ sourceId: z.string(), path: z.string(), message: z.string() })),
  /** Notes that do not stop the import (file addresses of another installation are dropped). */
  warnings: z.array(z.object({ sourceId: z.string(), path: z.string(), message: z.string() })),
  counts: z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
});
export type MenuImportResult = z.infer<typeof menuImportResultSchema>;

/** `GET /ump/menu/buttonPermissions?applicationId=`: the button codes the user's roles grant. */
export const buttonPermissionsQuerySchema = z.strictObject({ applicationId: entityId.optional() });
export const buttonPermissionsSchema = z.object({ codes: z.array(z.string()) });
