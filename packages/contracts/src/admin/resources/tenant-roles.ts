import { z } from 'zod';
import type { PermissionCode } from '../permissions';
import { defineResource } from '../resource';
import { STATUS_OPTIONS } from './tenants';

/**
 * The tenant's roles (/umpRoleManager, `/ump/admin/roles`): name, key, sort, status, remark; the
 * menus of the tenant's applications they grant (role_menu_grants), the tenant permission codes of
 * the admin console (roles.permissions) and the data scope (role_departments for custom).
 */

export const DATA_SCOPE_KINDS = ['all', 'custom', 'department', 'department_and_below', 'self'] as const;
export type DataScope = (typeof DATA_SCOPE_KINDS)[number];

export const DATA_SCOPE_OPTIONS = [
  { value: 'all', label: { zh: '全部数据', en: 'All data' }, color: 'red' },
  { value: 'custom', label: { zh: '自定义部门', en: 'Custom departments' }, color: 'purple' },
  { value: 'department', label: { zh: '本部门', en: 'Own department' }, color: 'blue' },
  {
    value: 'department_and_below',
    label: { zh: '本部门及以下', en: 'Own department and below' },
    color: 'cyan',
  },
  { value: 'self', label: { zh: '仅本人', en: 'Self only' }, color: 'default' },
] as const;

/**
 * The tenant admin console's pages (admin_menu_items, migration 0004) and the tenant permission
 * codes their buttons carry, declared once: the role page's grant tree shows each page with one
 * item per code. The first code of a page is the one that opens it.
 */
export const TENANT_ADMIN_PAGE_PERMISSIONS: Readonly<Record<string, readonly PermissionCode[]>> = {
  'am-tenant-settings': ['tenant-settings:read', 'tenant-settings:update', 'tenant-settings:security'],
  'am-users': [
    'user:list',
    'user:view-mobile',
    'user:create',
    'user:update',
    'user:enable',
    'user:reset-password',
    'user:unlock',
    'user:sessions',
    'user:assign-roles',
    'user:delete',
    'user:export',
    'user:import',
    // The department tree lives on the user page.
    'department:list',
    'department:create',
    'department:update',
    'department:delete',
  ],
  'am-roles': [
    'role:list',
    'role:create',
    'role:update',
    'role:grant',
    'role:assign-users',
    'role:delete',
    'role:effective-permissions',
  ],
  'am-user-ledger': ['user-ledger:list', 'user-ledger:export'],
  'am-search-settings': ['search-settings:read', 'search-settings:update'],
  'am-dictionaries': [
    'dictionary:list',
    'dictionary:create',
    'dictionary:update',
    'dictionary:delete',
    'dictionary:export',
  ],
  'am-parameters': ['parameter:list', 'parameter:update', 'parameter:export'],
  'am-downloads': ['tenant-job:list'],
  'am-tenant-menus': ['tenant-menu:list', 'tenant-menu:create', 'tenant-menu:update', 'tenant-menu:delete'],
  'am-resources': ['file:list', 'file:upload', 'file:delete'],
  // Issue 15: notices (migration 0029 gives the page its first code).
  'am-notices': ['notice:list', 'notice:create', 'notice:update', 'notice:delete', 'notice:publish'],
  // Issue 15: messages and to-dos
  'am-todos': ['todo:list', 'todo:update', 'todo:delete', 'todo:export'],
  'am-message-classes': [
    'message-class:list',
    'message-class:create',
    'message-class:update',
    'message-class:delete',
    'message-class:export',
  ],
  'am-message-templates': [
    'message-template:list',
    'message-template:create',
    'message-template:update',
    'message-template:delete',
    'message-template:export',
    // Issue 15: the message outbox and templated sending
    'message-template:test',
    'message-outbox:list',
    'message-outbox:retry',
  ],
  // Issue 16: login log (migration 0036 gives the page its first code).
  'am-login-log': ['login-log:list', 'login-log:export', 'login-log:unlock'],
  // Issue 16: the access log's tabs (usage, the tenant's operations, API calls) and the watermark log.
  'am-access-logs': [
    'access-log:list',
    'access-log:export',
    'operation-log:list-tenant',
    'operation-log:export-tenant',
    'api-access-log:list',
    'api-access-log:export',
  ],
  'am-water-log': ['watermark-log:list', 'watermark-log:export'],
  // Issue 16: statistics (the visit statistics page opens with the same code, below).
  'am-login-statistics': ['statistics:view', 'log-retention:update'],
};

/**
 * Pages that open with another page's code rather than carry codes of their own: the grant tree
 * shows the code once, on the page that declares it (its label names both pages).
 */
export const TENANT_ADMIN_PAGES_SHARING_A_CODE: Readonly<Record<string, PermissionCode>> = {
  'am-visit-statistics': 'statistics:view',
};

/** The console pages a member's tenant codes open (a page opens with its first code). */
export const tenantAdminPagesOf = (codes: Iterable<string>): string[] => {
  const held = new Set(codes);
  const opening: [string, string | undefined][] = [
    ...Object.entries(TENANT_ADMIN_PAGE_PERMISSIONS).map(
      ([pageId, pageCodes]): [string, string | undefined] => [pageId, pageCodes[0]],
    ),
    ...Object.entries(TENANT_ADMIN_PAGES_SHARING_A_CODE),
  ];
  return opening
    .filter(([, code]) => code !== undefined && held.has(code))
    .map(([pageId]) => pageId)
    .sort();
};

const accountIds = z.array(z.string().trim().min(1).max(100)).min(1, '请选择用户').max(200);
const idList = z.array(z.string().trim().min(1).max(100)).max(5_000);
const permissionCodes = z.array(z.string().regex(/^[a-z-]+:[a-z-]+$/, '权限码格式不正确')).max(500);

export const tenantRoleRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  sort: z.number().int(),
  status: z.enum(['active', 'disabled']),
  remark: z.string().nullable(),
  /** Built-in (the tenant administrator role): keeps its name, cannot go, grants everything. */
  builtin: z.boolean(),
  isAdmin: z.boolean(),
  dataScope: z.enum(DATA_SCOPE_KINDS),
  /** The departments of a custom data scope. */
  departmentIds: z.array(z.string()),
  /** Menu items of the tenant's applications the role grants. */
  menuIds: z.array(z.string()),
  /** Tenant permission codes of the admin console the role grants. */
  permissions: z.array(z.string()),
  holders: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type TenantRoleRow = z.infer<typeof tenantRoleRowSchema>;

const grantFields = {
  dataScope: z.enum(DATA_SCOPE_KINDS),
  departmentIds: idList,
  menuIds: idList,
  permissions: permissionCodes,
};

export const tenantRoleCreateSchema = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_-]{1,63}$/, '角色编码以字母开头，2-64位字母、数字、下划线或连字符'),
  name: z.string().trim().min(1, '请输入角色名称').max(50, '角色名称最多50个字'),
  sort: z.number().int().min(0).max(99_999).optional(),
  remark: z.string().trim().max(500, '备注最多500个字').nullable().optional(),
  dataScope: grantFields.dataScope.optional(),
  departmentIds: grantFields.departmentIds.optional(),
  menuIds: grantFields.menuIds.optional(),
  permissions: grantFields.permissions.optional(),
});
export type TenantRoleCreate = z.infer<typeof tenantRoleCreateSchema>;

export const tenantRoleUpdateSchema = z.strictObject({
  name: z.string().trim().min(1, '请输入角色名称').max(50, '角色名称最多50个字').optional(),
  sort: z.number().int().min(0).max(99_999).optional(),
  remark: z.string().trim().max(500, '备注最多500个字').nullable().optional(),
  dataScope: grantFields.dataScope.optional(),
  departmentIds: grantFields.departmentIds.optional(),
  menuIds: grantFields.menuIds.optional(),
  permissions: grantFields.permissions.optional(),
});
export type TenantRoleUpdate = z.infer<typeof tenantRoleUpdateSchema>;

export const roleUsersBodySchema = z.strictObject({ accountIds });
export type RoleUsersBody = z.infer<typeof roleUsersBodySchema>;

export const tenantRolesResource = defineResource({
  name: 'roles',
  scope: 'ump',
  title: { zh: '角色', en: 'Role' },
  row: tenantRoleRowSchema,
  create: tenantRoleCreateSchema,
  update: tenantRoleUpdateSchema,
  filters: {
    code: 'contains',
    name: 'contains',
    status: 'equals',
    dataScope: 'equals',
    createdAt: 'dateRange',
  },
  sortable: ['sort', 'code', 'name', 'status', 'holders', 'createdAt'],
  defaultSort: 'sort',
  searchable: ['code', 'name'],
  columns: [
    { key: 'name', title: { zh: '角色名称', en: 'Name' }, list: true },
    { key: 'code', title: { zh: '角色编码', en: 'Key' }, list: true },
    { key: 'sort', title: { zh: '排序', en: 'Sort' }, list: true, kind: 'number' },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
    {
      key: 'dataScope',
      title: { zh: '数据范围', en: 'Data scope' },
      list: true,
      options: DATA_SCOPE_OPTIONS,
    },
    { key: 'holders', title: { zh: '用户数', en: 'Users' }, list: true, kind: 'number' },
    { key: 'builtin', title: { zh: '内置', en: 'Built-in' }, list: true, kind: 'boolean' },
    { key: 'remark', title: { zh: '备注', en: 'Remark' } },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  ],
  fields: {
    departmentIds: { zh: '自定义部门', en: 'Custom departments' },
    menuIds: { zh: '菜单权限', en: 'Menu grants' },
    permissions: { zh: '管理权限', en: 'Admin permissions' },
  },
  permissions: {
    list: 'role:list',
    create: 'role:create',
    update: 'role:update',
    delete: 'role:delete',
  },
  actions: {
    enable: { permission: 'role:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'role:update', title: { zh: '停用', en: 'Disable' }, danger: true },
    'add-users': {
      permission: 'role:assign-users',
      title: { zh: '添加用户', en: 'Add users' },
      body: roleUsersBodySchema,
      rowButton: false,
    },
    'remove-users': {
      permission: 'role:assign-users',
      title: { zh: '移除用户', en: 'Remove users' },
      body: roleUsersBodySchema,
      danger: true,
      rowButton: false,
    },
  },
});

/** One node of the grant tree: an application, a menu item, the admin console, a page, a button. */
export interface RoleGrantNode {
  key: string;
  title: string;
  kind: 'application' | 'menu' | 'console' | 'page' | 'button';
  /** Set on menu items (stored in role_menu_grants). */
  menuId?: string;
  /** Set on the console's buttons (stored in roles.permissions). */
  permission?: string;
  children: RoleGrantNode[];
}
export const roleGrantNodeSchema: z.ZodType<RoleGrantNode> = z
  .lazy(() =>
    z.object({
      key: z.string(),
      title: z.string(),
      kind: z.enum(['application', 'menu', 'console', 'page', 'button']),
      menuId: z.string().optional(),
      permission: z.string().optional(),
      children: z.array(roleGrantNodeSchema),
    }),
  )
  .meta({ id: 'RoleGrantNode' });
export const roleGrantTreeSchema = z.object({ nodes: z.array(roleGrantNodeSchema) });

export const roleDepartmentOptionSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  name: z.string(),
  sort: z.number().int(),
});

export const roleMemberSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  /** Masked unless the viewer holds user:view-mobile. */
  mobile: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
});
export type RoleMember = z.infer<typeof roleMemberSchema>;

export const roleMembersQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
});
export const roleMembersAnswerSchema = z.object({
  items: z.array(roleMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const memberOptionsQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  /** Leave out those who already hold this role (the add-users picker). */
  notInRole: z.string().trim().min(1).max(100).optional(),
});

/** Where something a user holds comes from. */
const fromRoles = z.array(z.object({ id: z.string(), name: z.string() }));

export const effectivePermissionsQuerySchema = z.strictObject({
  accountId: z.string().trim().min(1).max(100),
});

export const effectivePermissionsSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  departmentName: z.string().nullable(),
  memberStatus: z.enum(['active', 'disabled']),
  /** Every role the member holds; disabled ones grant nothing. */
  roles: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      status: z.enum(['active', 'disabled']),
      isAdmin: z.boolean(),
      dataScope: z.enum(DATA_SCOPE_KINDS),
      departmentNames: z.array(z.string()),
    }),
  ),
  menus: z.array(
    z.object({ id: z.string(), name: z.string(), applicationName: z.string(), roles: fromRoles }),
  ),
  permissions: z.array(z.object({ code: z.string(), title: z.string(), roles: fromRoles })),
  /** The union of the active roles' scopes, as the lists apply it. */
  dataScope: z.object({
    all: z.boolean(),
    departmentNames: z.array(z.string()),
    subtreeNames: z.array(z.string()),
    ownRecords: z.boolean(),
    roles: fromRoles,
  }),
});
export type EffectivePermissions = z.infer<typeof effectivePermissionsSchema>;
