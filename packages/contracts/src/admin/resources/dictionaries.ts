import { z } from 'zod';
import { defineResource } from '../resource';
import { STATUS_OPTIONS } from './tenants';

/**
 * Dictionaries (/umpDict): types, each with its items (the values drop-downs offer and lists show
 * as labels). The platform's types (`/dmp/admin/dictionaries`) are inherited by every tenant; on
 * the tenant's page (`/ump/admin/dictionaries`) they show beside the tenant's own types. A platform
 * item is changed by a tenant for itself (label, English label, sort, colour, status) unless the
 * platform locked it; a tenant adds its own items to a platform type only when the platform made
 * the type extendable. A value never changes once created: saved records refer to it.
 */

export const DICTIONARY_TYPE_CODE = /^[a-z][a-z0-9_]*$/;

const typeCode = z
  .string()
  .trim()
  .min(1, '请输入字典编码')
  .max(64, '字典编码最多64个字符')
  .regex(DICTIONARY_TYPE_CODE, '字典编码须以小写字母开头，只含小写字母、数字和下划线');
const typeName = z.string().trim().min(1, '请输入字典名称').max(100, '字典名称最多100个字符');
const englishName = z.string().trim().max(100, '英文名称最多100个字符').nullable().optional();
const remark = z.string().trim().max(500, '备注最多500个字').nullable().optional();
const status = z.enum(['active', 'disabled']);
const id = z.string().trim().min(1).max(100);

/** Where a record of the tenant's page comes from. */
export const DICTIONARY_SOURCE_OPTIONS = [
  { value: 'platform', label: { zh: '平台', en: 'Platform' }, color: 'blue' },
  { value: 'tenant', label: { zh: '本租户', en: 'This tenant' }, color: 'green' },
] as const;
const source = z.enum(['platform', 'tenant']);

/** The colour of an item's tag (antd preset colours). */
export const DICTIONARY_COLOR_OPTIONS = [
  { value: 'default', label: { zh: '默认', en: 'Default' }, color: 'default' },
  { value: 'blue', label: { zh: '蓝色', en: 'Blue' }, color: 'blue' },
  { value: 'green', label: { zh: '绿色', en: 'Green' }, color: 'green' },
  { value: 'orange', label: { zh: '橙色', en: 'Orange' }, color: 'orange' },
  { value: 'red', label: { zh: '红色', en: 'Red' }, color: 'red' },
  { value: 'purple', label: { zh: '紫色', en: 'Purple' }, color: 'purple' },
  { value: 'cyan', label: { zh: '青色', en: 'Cyan' }, color: 'cyan' },
  { value: 'gold', label: { zh: '金色', en: 'Gold' }, color: 'gold' },
  { value: 'magenta', label: { zh: '洋红', en: 'Magenta' }, color: 'magenta' },
] as const;
const DICTIONARY_COLORS = DICTIONARY_COLOR_OPTIONS.map((option) => option.value) as [
  (typeof DICTIONARY_COLOR_OPTIONS)[number]['value'],
  ...(typeof DICTIONARY_COLOR_OPTIONS)[number]['value'][],
];
const color = z.enum(DICTIONARY_COLORS, { message: '请选择标签颜色' }).nullable().optional();

const itemValue = z
  .string()
  .trim()
  .min(1, '请输入字典值')
  .max(100, '字典值最多100个字符')
  .regex(/^[^\s,]+$/, '字典值不能含空白或逗号');
const itemLabel = z.string().trim().min(1, '请输入字典标签').max(100, '字典标签最多100个字符');
const englishLabel = z.string().trim().max(100, '英文标签最多100个字符').nullable().optional();
const sort = z.number().int().min(0, '排序不能小于0').max(99_999, '排序不能大于99999').optional();

const timestamps = { createdAt: z.string(), updatedAt: z.string(), version: z.number().int() };

// Types.

export const platformDictionaryRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  remark: z.string().nullable(),
  status,
  extendable: z.boolean(),
  itemCount: z.number().int(),
  /** Items tenants added to the type (extendable types only). */
  tenantItemCount: z.number().int(),
  ...timestamps,
});
export type PlatformDictionaryRow = z.infer<typeof platformDictionaryRowSchema>;

const typeFields = { code: typeCode, name: typeName, nameEn: englishName, remark, status: status.optional() };

export const platformDictionaryCreateSchema = z.strictObject({
  ...typeFields,
  extendable: z.boolean().optional(),
});
export type PlatformDictionaryCreate = z.infer<typeof platformDictionaryCreateSchema>;

export const platformDictionaryUpdateSchema = z.strictObject({
  code: typeCode.optional(),
  name: typeName.optional(),
  nameEn: englishName,
  remark,
  status: status.optional(),
  extendable: z.boolean().optional(),
});
export type PlatformDictionaryUpdate = z.infer<typeof platformDictionaryUpdateSchema>;

export const tenantDictionaryRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  remark: z.string().nullable(),
  status,
  source,
  /** Whether the tenant may add items: its own types always, a platform type when extendable. */
  extendable: z.boolean(),
  /** The items the tenant sees: the platform's and its own. */
  itemCount: z.number().int(),
  ...timestamps,
});
export type TenantDictionaryRow = z.infer<typeof tenantDictionaryRowSchema>;

export const tenantDictionaryCreateSchema = z.strictObject(typeFields);
export type TenantDictionaryCreate = z.infer<typeof tenantDictionaryCreateSchema>;

export const tenantDictionaryUpdateSchema = z.strictObject({
  code: typeCode.optional(),
  name: typeName.optional(),
  nameEn: englishName,
  remark,
  status: status.optional(),
});
export type TenantDictionaryUpdate = z.infer<typeof tenantDictionaryUpdateSchema>;

const typeColumns = [
  {
    key: 'code',
    title: { zh: '字典编码', en: 'Code' },
    list: true,
    importable: true,
    example: 'device_type',
  },
  { key: 'name', title: { zh: '字典名称', en: 'Name' }, list: true, importable: true, example: '设备类型' },
  { key: 'nameEn', title: { zh: '英文名称', en: 'English name' }, list: true, importable: true },
  { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
  { key: 'itemCount', title: { zh: '字典数据数', en: 'Items' }, list: true, kind: 'number' },
  { key: 'remark', title: { zh: '备注', en: 'Remark' }, list: true, importable: true },
  { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
  { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
] as const;

const typeActions = (prefix: string) => ({
  enable: { permission: `${prefix}:update`, title: { zh: '启用', en: 'Enable' } },
  disable: { permission: `${prefix}:update`, title: { zh: '停用', en: 'Disable' }, danger: true },
});

export const platformDictionariesResource = defineResource({
  name: 'dictionaries',
  scope: 'dmp',
  title: { zh: '平台字典', en: 'Platform dictionary' },
  row: platformDictionaryRowSchema,
  create: platformDictionaryCreateSchema,
  update: platformDictionaryUpdateSchema,
  filters: {
    code: 'contains',
    name: 'contains',
    status: 'equals',
    extendable: 'boolean',
    createdAt: 'dateRange',
  },
  sortable: ['code', 'name', 'status', 'itemCount', 'createdAt', 'updatedAt'],
  defaultSort: 'code',
  searchable: ['code', 'name', 'nameEn', 'remark'],
  columns: [
    ...typeColumns.slice(0, 4),
    {
      key: 'extendable',
      title: { zh: '租户可扩展', en: 'Tenants may add items' },
      list: true,
      kind: 'boolean',
      importable: true,
    },
    ...typeColumns.slice(4, 5),
    { key: 'tenantItemCount', title: { zh: '租户扩展数', en: 'Tenant items' }, list: true, kind: 'number' },
    ...typeColumns.slice(5),
  ],
  permissions: {
    list: 'platform-dictionary:list',
    create: 'platform-dictionary:create',
    update: 'platform-dictionary:update',
    delete: 'platform-dictionary:delete',
    export: 'platform-dictionary:export',
    import: 'platform-dictionary:create',
  },
  importKey: 'code',
  actions: typeActions('platform-dictionary'),
});

export const tenantDictionariesResource = defineResource({
  name: 'dictionaries',
  scope: 'ump',
  title: { zh: '数据字典', en: 'Dictionary' },
  row: tenantDictionaryRowSchema,
  create: tenantDictionaryCreateSchema,
  update: tenantDictionaryUpdateSchema,
  filters: { code: 'contains', name: 'contains', status: 'equals', source: 'equals', createdAt: 'dateRange' },
  sortable: ['code', 'name', 'status', 'source', 'itemCount', 'createdAt', 'updatedAt'],
  defaultSort: 'code',
  searchable: ['code', 'name', 'nameEn', 'remark'],
  columns: [
    ...typeColumns.slice(0, 4),
    { key: 'source', title: { zh: '来源', en: 'Source' }, list: true, options: DICTIONARY_SOURCE_OPTIONS },
    {
      key: 'extendable',
      title: { zh: '可添加数据', en: 'Items may be added' },
      list: true,
      kind: 'boolean',
    },
    ...typeColumns.slice(4),
  ],
  permissions: {
    list: 'dictionary:list',
    create: 'dictionary:create',
    update: 'dictionary:update',
    delete: 'dictionary:delete',
    export: 'dictionary:export',
  },
  actions: typeActions('dictionary'),
});

// Items.

export const platformDictionaryItemRowSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  typeCode: z.string(),
  value: z.string(),
  label: z.string(),
  labelEn: z.string().nullable(),
  sort: z.number().int(),
  color: z.string().nullable(),
  status,
  /** Tenants cannot change it. */
  locked: z.boolean(),
  remark: z.string().nullable(),
  /** Tenants that changed it for themselves (ignored while it is locked). */
  overrideCount: z.number().int(),
  ...timestamps,
});
export type PlatformDictionaryItemRow = z.infer<typeof platformDictionaryItemRowSchema>;

const itemFields = {
  label: itemLabel,
  labelEn: englishLabel,
  sort,
  color,
  status: status.optional(),
  remark,
};

export const platformDictionaryItemCreateSchema = z.strictObject({
  typeId: id,
  value: itemValue,
  ...itemFields,
  locked: z.boolean().optional(),
});
export type PlatformDictionaryItemCreate = z.infer<typeof platformDictionaryItemCreateSchema>;

export const platformDictionaryItemUpdateSchema = z.strictObject({
  ...itemFields,
  label: itemLabel.optional(),
  locked: z.boolean().optional(),
});
export type PlatformDictionaryItemUpdate = z.infer<typeof platformDictionaryItemUpdateSchema>;

export const tenantDictionaryItemRowSchema = z.object({
  id: z.string(),
  typeId: z.string(),
  typeCode: z.string(),
  value: z.string(),
  /** The effective fields: the tenant's own, or the platform's with the tenant's changes. */
  label: z.string(),
  labelEn: z.string().nullable(),
  sort: z.number().int(),
  color: z.string().nullable(),
  status,
  remark: z.string().nullable(),
  source,
  /** A platform item the tenant cannot change. */
  locked: z.boolean(),
  /** A platform item the tenant changed for itself. */
  overridden: z.boolean(),
  ...timestamps,
});
export type TenantDictionaryItemRow = z.infer<typeof tenantDictionaryItemRowSchema>;

export const tenantDictionaryItemCreateSchema = z.strictObject({
  typeId: id,
  value: itemValue,
  ...itemFields,
});
export type TenantDictionaryItemCreate = z.infer<typeof tenantDictionaryItemCreateSchema>;

/** On a platform item: the tenant's change for itself (remark stays the platform's). */
export const tenantDictionaryItemUpdateSchema = z.strictObject({
  ...itemFields,
  label: itemLabel.optional(),
});
export type TenantDictionaryItemUpdate = z.infer<typeof tenantDictionaryItemUpdateSchema>;

const itemColumns = [
  { key: 'typeCode', title: { zh: '字典编码', en: 'Dictionary' } },
  { key: 'value', title: { zh: '字典值', en: 'Value' }, list: true },
  { key: 'label', title: { zh: '字典标签', en: 'Label' }, list: true },
  { key: 'labelEn', title: { zh: '英文标签', en: 'English label' }, list: true },
  { key: 'sort', title: { zh: '排序', en: 'Sort' }, list: true, kind: 'number' },
  { key: 'color', title: { zh: '标签颜色', en: 'Colour' }, list: true, options: DICTIONARY_COLOR_OPTIONS },
  { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: STATUS_OPTIONS },
] as const;
const itemTail = [
  { key: 'remark', title: { zh: '备注', en: 'Remark' }, list: true },
  { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, list: true, kind: 'date' },
  { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, kind: 'date' },
] as const;
const itemFieldTitles = { typeId: { zh: '所属字典', en: 'Dictionary' } };

export const platformDictionaryItemsResource = defineResource({
  name: 'dictionary-items',
  scope: 'dmp',
  title: { zh: '平台字典数据', en: 'Platform dictionary item' },
  row: platformDictionaryItemRowSchema,
  create: platformDictionaryItemCreateSchema,
  update: platformDictionaryItemUpdateSchema,
  filters: { typeId: 'equals', value: 'contains', label: 'contains', status: 'equals', locked: 'boolean' },
  sortable: ['sort', 'value', 'label', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'sort',
  searchable: ['value', 'label', 'labelEn'],
  columns: [
    ...itemColumns,
    { key: 'locked', title: { zh: '锁定', en: 'Locked' }, list: true, kind: 'boolean' },
    { key: 'overrideCount', title: { zh: '租户修改数', en: 'Tenant changes' }, list: true, kind: 'number' },
    ...itemTail,
  ],
  fields: itemFieldTitles,
  permissions: {
    list: 'platform-dictionary:list',
    create: 'platform-dictionary:create',
    update: 'platform-dictionary:update',
    delete: 'platform-dictionary:delete',
    export: 'platform-dictionary:export',
  },
  actions: {
    enable: { permission: 'platform-dictionary:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'platform-dictionary:update', title: { zh: '停用', en: 'Disable' }, danger: true },
  },
});

export const tenantDictionaryItemsResource = defineResource({
  name: 'dictionary-items',
  scope: 'ump',
  title: { zh: '字典数据', en: 'Dictionary item' },
  row: tenantDictionaryItemRowSchema,
  create: tenantDictionaryItemCreateSchema,
  update: tenantDictionaryItemUpdateSchema,
  filters: { typeId: 'equals', value: 'contains', label: 'contains', status: 'equals', source: 'equals' },
  sortable: ['sort', 'value', 'label', 'status', 'source', 'createdAt', 'updatedAt'],
  defaultSort: 'sort',
  searchable: ['value', 'label', 'labelEn'],
  columns: [
    ...itemColumns,
    { key: 'source', title: { zh: '来源', en: 'Source' }, list: true, options: DICTIONARY_SOURCE_OPTIONS },
    { key: 'locked', title: { zh: '平台锁定', en: 'Locked by the platform' }, list: true, kind: 'boolean' },
    { key: 'overridden', title: { zh: '已修改', en: 'Changed here' }, list: true, kind: 'boolean' },
    ...itemTail,
  ],
  fields: itemFieldTitles,
  permissions: {
    list: 'dictionary:list',
    create: 'dictionary:create',
    update: 'dictionary:update',
    delete: 'dictionary:delete',
    export: 'dictionary:export',
  },
  actions: {
    enable: { permission: 'dictionary:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'dictionary:update', title: { zh: '停用', en: 'Disable' }, danger: true },
    /** A platform item the tenant changed goes back to the platform's fields. */
    reset: { permission: 'dictionary:update', title: { zh: '恢复平台设置', en: 'Back to the platform' } },
  },
});
