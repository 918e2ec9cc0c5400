import { z } from 'zod';
import { defineResource } from '../resource';

/**
 * The application catalogue (/umpApplicationManager, `/dmp/admin/applications`): what the shell
 * opens. An application has a unique key (the portal helper's `appKey`), an icon, a category, a
 * description, an owner, its internal and external network addresses (in front of its menu items'
 * relative links), an operating manual (a file) and a lifecycle: draft → published → offline (and
 * back to published). Only published applications are shown in shells. The list carries usage
 * figures from the usage logs: distinct users and opens of the last 30 days.
 */

export const APPLICATION_STATUSES = ['draft', 'published', 'offline'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const APPLICATION_STATUS_OPTIONS = [
  { value: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'published', label: { zh: '已发布', en: 'Published' }, color: 'green' },
  { value: 'offline', label: { zh: '已下线', en: 'Offline' }, color: 'orange' },
] as const;

/** Which status each lifecycle action leads from (the action's name is where it leads). */
export const APPLICATION_TRANSITIONS: Readonly<Record<'publish' | 'offline', readonly ApplicationStatus[]>> =
  {
    publish: ['draft', 'offline'],
    offline: ['published'],
  };

/** Days the usage figures look back over. */
export const APPLICATION_USAGE_DAYS = 30;

export const APP_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** An http(s) address: where a frame goes, so nothing else is accepted. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2_000, '地址最多2000个字符')
  .regex(/^https?:\/\/[^\s]+$/i, '请输入以 http:// 或 https:// 开头的地址');

const fileId = z.string().trim().min(1).max(100);

export const applicationRowSchema = z.object({
  id: z.string(),
  appKey: z.string(),
  name: z.string(),
  /** The icon's address (an uploaded image's same-origin path); null without one. */
  icon: z.string().nullable(),
  iconFileId: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  owner: z.string().nullable(),
  internalLink: z.string().nullable(),
  externalLink: z.string().nullable(),
  /** The operating manual's address (an uploaded document, or a link). */
  operatingManual: z.string().nullable(),
  manualFileId: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  /** The application's version text (the shell's `_v`), kept by the versions page. */
  appVersion: z.string(),
  /** Tenants empowered to use it. */
  tenantCount: z.number().int(),
  /** Items of its global menu tree. */
  menuCount: z.number().int(),
  /** Distinct signed-in users and visitors who opened it in the last APPLICATION_USAGE_DAYS days. */
  usersLast30Days: z.number().int(),
  /** Times it was opened in the last APPLICATION_USAGE_DAYS days. */
  opensLast30Days: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

const editableFields = {
  name: z.string().trim().min(1, '请输入应用名称').max(50, '应用名称最多50个字'),
  iconFileId: fileId.nullable().optional(),
  category: z.string().trim().max(30, '分类最多30个字').nullable().optional(),
  description: z.string().trim().max(500, '描述最多500个字').nullable().optional(),
  owner: z.string().trim().max(50, '负责人最多50个字').nullable().optional(),
  internalLink: httpUrlSchema.nullable().optional(),
  externalLink: httpUrlSchema.nullable().optional(),
  /** A link to a manual kept elsewhere; an uploaded manual (manualFileId) takes its place. */
  operatingManual: httpUrlSchema.nullable().optional(),
  manualFileId: fileId.nullable().optional(),
};

export const applicationCreateSchema = z.strictObject({
  appKey: z
    .string()
    .trim()
    .regex(APP_KEY_PATTERN, '应用标识以字母或数字开头，最多64位字母、数字、点、下划线或连字符'),
  ...editableFields,
});
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/** The key is what clients ask packages by: it does not change once the application exists. */
export const applicationUpdateSchema = z.strictObject({
  ...editableFields,
  name: editableFields.name.optional(),
});
export type ApplicationUpdate = z.infer<typeof applicationUpdateSchema>;

/** `GET /dmp/admin/applications/options`: the applications for pickers (the menu editor's). */
export const applicationOptionSchema = z.object({
  id: z.string(),
  appKey: z.string(),
  name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  icon: z.string().nullable(),
});
export type ApplicationOption = z.infer<typeof applicationOptionSchema>;

/** `GET /dmp/admin/applications/categories`: the categories in use, for the form's suggestions. */
export const applicationCategoriesSchema = z.array(z.string());

export const applicationsResource = defineResource({
  name: 'applications',
  scope: 'dmp',
  title: { zh: '应用', en: 'Application' },
  row: applicationRowSchema,
  create: applicationCreateSchema,
  update: applicationUpdateSchema,
  filters: {
    name: 'contains',
    appKey: 'contains',
    category: 'equals',
    status: 'equals',
    owner: 'contains',
    createdAt: 'dateRange',
  },
  sortable: ['name', 'appKey', 'category', 'status', 'tenantCount', 'menuCount', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  searchable: ['name', 'appKey', 'description', 'owner'],
  columns: [
    { key: 'icon', title: { zh: '图标', en: 'Icon' }, list: true, kind: 'image' },
    { key: 'name', title: { zh: '应用名称', en: 'Name' }, list: true },
    { key: 'appKey', title: { zh: '应用标识', en: 'App key' }, list: true },
    { key: 'category', title: { zh: '分类', en: 'Category' }, list: true },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: APPLICATION_STATUS_OPTIONS },
    { key: 'owner', title: { zh: '负责人', en: 'Owner' }, list: true },
    { key: 'appVersion', title: { zh: '当前版本', en: 'Version' }, list: true },
    { key: 'tenantCount', title: { zh: '开通租户数', en: 'Tenants' }, list: true, kind: 'number' },
    { key: 'menuCount', title: { zh: '菜单数', en: 'Menu items' }, kind: 'number' },
    {
      key: 'usersLast30Days',
      title: { zh: '近30天用户数', en: 'Users (30 days)' },
      list: true,
      kind: 'number',
    },
    {
      key: 'opensLast30Days',
      title: { zh: '近30天打开次数', en: 'Opens (30 days)' },
      list: true,
      kind: 'number',
    },
    { key: 'description', title: { zh: '描述', en: 'Description' } },
    { key: 'internalLink', title: { zh: '内网地址', en: 'Internal network address' } },
    { key: 'externalLink', title: { zh: '外网地址', en: 'External network address' } },
    { key: 'operatingManual', title: { zh: '操作手册', en: 'Operating manual' }, kind: 'link' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
  ],
  fields: {
    iconFileId: { zh: '图标', en: 'Icon' },
    manualFileId: { zh: '操作手册文件', en: 'Operating manual file' },
    operatingManual: { zh: '操作手册链接', en: 'Operating manual link' },
  },
  permissions: {
    list: 'application:list',
    create: 'application:create',
    update: 'application:update',
    delete: 'application:delete',
    export: 'application:export',
  },
  actions: {
    publish: { permission: 'application:publish', title: { zh: '发布', en: 'Publish' } },
    /** Shown in no shell from then on; its menus, grants and tenants are kept for its return. */
    offline: { permission: 'application:publish', title: { zh: '下线', en: 'Take offline' }, danger: true },
  },
});
