import { z } from 'zod';
import { isoDaySchema } from '../../dates';
import { recordVersionSchema } from '../../integers';
import { defineResource } from '../resource';

/**
 * Packages (/dmpEmpower): what a tenant may use, as a set of menu items of the global catalogue.
 * An application is included when any of its items is (there is no "whole application" flag, so a
 * package never silently grows when an application gains an item); the ancestors of an included
 * item are stored with it, so the path to it is always shown. A tenant holds one or more packages,
 * each from a start date to an optional end date with an optional seat limit; what it may use is
 * the union of the packages current on the day (platform time zone, Asia/Shanghai).
 * One active package may be the default of new tenants: a tenant created without naming its
 * packages holds it from its first day (issue 25: a new tenant is not empty).
 */

const PACKAGE_STATUS_OPTIONS = [
  { value: 'active', label: { zh: '启用', en: 'Active' }, color: 'green' },
  { value: 'disabled', label: { zh: '停用', en: 'Disabled' }, color: 'default' },
] as const;

const menuId = z.string().trim().min(1).max(100);
const menuIds = z
  .array(menuId)
  .min(1, '请至少选择一个菜单')
  .max(5_000)
  .refine((ids) => new Set(ids).size === ids.length, '菜单重复');

export const packageRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  remark: z.string().nullable(),
  status: z.enum(['active', 'disabled']),
  /** What a new tenant holds when its creator names no package (at most one package; an active one). */
  isDefault: z.boolean(),
  /** Menu items included, ancestors of included items among them. */
  menuIds: z.array(z.string()),
  /** Applications with at least one included item. */
  applicationIds: z.array(z.string()),
  menuCount: z.number().int(),
  applicationCount: z.number().int(),
  /** Tenants holding the package (whatever its dates). */
  tenantCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type PackageRow = z.infer<typeof packageRowSchema>;

const editableFields = {
  name: z.string().trim().min(2, '套餐名称至少2个字符').max(50, '套餐名称最多50个字符'),
  remark: z.string().trim().max(500).nullable().optional(),
  status: z.enum(['active', 'disabled']).optional(),
  /** Makes it the default of new tenants (the package that was the default no longer is). */
  isDefault: z.boolean().optional(),
  menuIds,
};

export const packageCreateSchema = z.strictObject(editableFields);
export type PackageCreate = z.infer<typeof packageCreateSchema>;

export const packageUpdateSchema = z.strictObject({
  ...editableFields,
  name: editableFields.name.optional(),
  menuIds: menuIds.optional(),
});
export type PackageUpdate = z.infer<typeof packageUpdateSchema>;

/** One package a tenant holds: from `startsOn` (today when absent) to `endsOn` inclusive (open when null). */
export const tenantPackageGrantSchema = z
  .strictObject({
    packageId: z.string().trim().min(1).max(100),
    startsOn: isoDaySchema.optional(),
    endsOn: isoDaySchema.nullable().optional(),
    seatLimit: z.number().int().min(1).max(10_000_000).nullable().optional(),
  })
  .refine((grant) => !grant.endsOn || !grant.startsOn || grant.endsOn >= grant.startsOn, {
    message: '结束日期不能早于开始日期',
    path: ['endsOn'],
  });
export type TenantPackageGrant = z.infer<typeof tenantPackageGrantSchema>;

export const tenantPackageGrantsSchema = z
  .array(tenantPackageGrantSchema)
  .max(50)
  .refine((grants) => new Set(grants.map((g) => g.packageId)).size === grants.length, '套餐重复');

/** The body of the tenants action `set-packages`: the tenant's packages, replacing what it held. */
export const tenantSetPackagesBodySchema = z.strictObject({
  packages: tenantPackageGrantsSchema,
  /** The tenant's version as read; a stale one answers 409 VERSION_CONFLICT. */
  version: recordVersionSchema.optional(),
});
export type TenantSetPackagesBody = z.infer<typeof tenantSetPackagesBodySchema>;

/** A package as a tenant holds it (in the tenant's row). */
export const tenantPackageSchema = z.object({
  packageId: z.string(),
  name: z.string(),
  status: z.enum(['active', 'disabled']),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  seatLimit: z.number().int().nullable(),
  /** Whether it counts today. */
  current: z.boolean(),
});
export type TenantPackage = z.infer<typeof tenantPackageSchema>;

/** The catalogue as the package form's tree shows it: applications, each with its items' tree. */
export interface PackageMenuNode {
  id: string;
  parentId: string | null;
  name: string;
  /** The catalogue's item type (a button item among them), null for a plain item. */
  type: string | null;
  link: string | null;
  disabled: boolean;
  children: PackageMenuNode[];
}

export const packageMenuNodeSchema: z.ZodType<PackageMenuNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      parentId: z.string().nullable(),
      name: z.string(),
      type: z.string().nullable(),
      link: z.string().nullable(),
      disabled: z.boolean(),
      children: z.array(packageMenuNodeSchema),
    }),
  )
  .meta({ id: 'PackageMenuNode' });

export const packageMenuTreeSchema = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    version: z.string(),
    menus: z.array(packageMenuNodeSchema),
  }),
);
export type PackageMenuTree = z.infer<typeof packageMenuTreeSchema>;

/** `POST /dmp/admin/packages/:id/impact`: the menu set the package would have. */
export const packageImpactBodySchema = z.strictObject({ menuIds });

const menuRef = z.object({ id: z.string(), name: z.string() });
export type MenuRef = z.infer<typeof menuRef>;

export const packageImpactSchema = z.object({
  packageId: z.string(),
  /** What the package gains and loses itself. */
  added: z.array(menuRef),
  removed: z.array(menuRef),
  tenants: z.array(
    z.object({
      tenantId: z.string(),
      tenantName: z.string(),
      /** Whether the package counts for the tenant today; when not, nothing changes for it now. */
      current: z.boolean(),
      gains: z.array(menuRef),
      losses: z.array(menuRef),
      /** Roles whose grants change: administrator roles follow the package, others only lose. */
      roles: z.array(
        z.object({
          roleId: z.string(),
          roleName: z.string(),
          isAdmin: z.boolean(),
          gains: z.array(menuRef),
          losses: z.array(menuRef),
        }),
      ),
    }),
  ),
});
export type PackageImpact = z.infer<typeof packageImpactSchema>;

export const packagesResource = defineResource({
  name: 'packages',
  scope: 'dmp',
  title: { zh: '套餐', en: 'Package' },
  row: packageRowSchema,
  create: packageCreateSchema,
  update: packageUpdateSchema,
  filters: { name: 'contains', status: 'equals', isDefault: 'boolean', createdAt: 'dateRange' },
  sortable: ['name', 'status', 'menuCount', 'applicationCount', 'tenantCount', 'createdAt', 'updatedAt'],
  defaultSort: '-createdAt',
  searchable: ['name', 'remark'],
  columns: [
    { key: 'name', title: { zh: '套餐名称', en: 'Name' }, list: true, importable: true },
    { key: 'remark', title: { zh: '备注', en: 'Remark' }, list: true, importable: true },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: PACKAGE_STATUS_OPTIONS },
    {
      key: 'isDefault',
      title: { zh: '新租户默认', en: 'Default for new tenants' },
      list: true,
      kind: 'boolean',
    },
    { key: 'applicationCount', title: { zh: '应用数', en: 'Applications' }, list: true, kind: 'number' },
    { key: 'menuCount', title: { zh: '菜单数', en: 'Menu items' }, list: true, kind: 'number' },
    { key: 'tenantCount', title: { zh: '使用租户数', en: 'Tenants' }, list: true, kind: 'number' },
    { key: 'menuIds', title: { zh: '菜单', en: 'Menu items' }, kind: 'list' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
  ],
  permissions: {
    list: 'package:list',
    create: 'package:create',
    update: 'package:update',
    delete: 'package:delete',
    export: 'package:export',
  },
  actions: {
    enable: { permission: 'package:update', title: { zh: '启用', en: 'Enable' } },
    /** Tenants holding it keep it; it can no longer be given. */
    disable: { permission: 'package:update', title: { zh: '停用', en: 'Disable' }, danger: true },
  },
});
