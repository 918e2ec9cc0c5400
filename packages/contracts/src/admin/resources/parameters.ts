import { z } from 'zod';
import { PARAM_KEY_PATTERN } from '../../shell';
import {
  PARAMETER_TYPE_OPTIONS,
  PARAMETER_TYPES,
  PARAMETER_VALUE_MAX_LENGTH,
  parameterChoiceSchema,
  parameterChoicesSchema,
  parameterValueProblem,
} from '../parameter-values';
import { defineResource } from '../resource';

/**
 * Parameters (/umpParameters): typed values (text, number, boolean, choice, JSON, secret) the
 * platform defines with a default (`/dmp/admin/parameters`); a tenant sees each one's effective
 * value and where it comes from, and overrides the value for itself where the platform allows it
 * (`/ump/admin/parameters`). Built-in parameters keep their key and type and cannot be deleted. A
 * secret's value is never in an answer (its `value` is null, `secretSet` says whether one is set),
 * and GET /ump/param/get answers only parameters marked readable by clients, never a secret.
 */

export const PARAMETER_SOURCE_OPTIONS = [
  { value: 'platform', label: { zh: '平台默认', en: 'Platform default' }, color: 'blue' },
  { value: 'tenant', label: { zh: '租户设置', en: 'Tenant override' }, color: 'green' },
] as const;

const parameterType = z.enum(PARAMETER_TYPES, { message: '请选择参数类型' });
const key = z
  .string()
  .trim()
  .min(1, '请输入参数键名')
  .regex(PARAM_KEY_PATTERN, '参数键名以字母开头，最多64位字母、数字、点、下划线或连字符');
const name = z.string().trim().min(1, '请输入参数名称').max(100, '参数名称最多100个字符');
const value = z.string().max(PARAMETER_VALUE_MAX_LENGTH, `参数值最多${PARAMETER_VALUE_MAX_LENGTH}个字符`);
const description = z.string().trim().max(500, '说明最多500个字').nullable().optional();

const definitionFields = {
  id: z.string(),
  key: z.string(),
  name: z.string(),
  type: parameterType,
  choices: z.array(parameterChoiceSchema),
  description: z.string().nullable(),
  builtin: z.boolean(),
  /** GET /ump/param/get answers it. */
  clientReadable: z.boolean(),
  /** Tenants may set their own value. */
  tenantEditable: z.boolean(),
  /** A secret has a value set (the value itself is never answered). */
  secretSet: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
};

export const platformParameterRowSchema = z.object({
  ...definitionFields,
  /** The default; null for a secret. */
  value: z.string().nullable(),
  /** Tenants that set their own value. */
  overrideCount: z.number().int(),
  createdAt: z.string(),
});
export type PlatformParameterRow = z.infer<typeof platformParameterRowSchema>;

export const platformParameterCreateSchema = z
  .strictObject({
    key,
    name,
    type: parameterType,
    /** Required except for a secret, which may be left unset (each tenant sets its own). */
    value: value.optional(),
    choices: parameterChoicesSchema.optional(),
    description,
    /** Off unless given: clients read only what the platform opens to them. */
    clientReadable: z.boolean().optional(),
    /** Off unless given: the platform's value applies to every tenant unless it opens the parameter. */
    tenantEditable: z.boolean().optional(),
  })
  .superRefine((body, context) => {
    if (body.type === 'choice' && (body.choices?.length ?? 0) === 0) {
      context.addIssue({ code: 'custom', path: ['choices'], message: '选项类型至少需要一个选项' });
    }
    if (body.type === 'secret' && body.clientReadable) {
      context.addIssue({ code: 'custom', path: ['clientReadable'], message: '密文参数不能开放给客户端读取' });
    }
    if (body.value === undefined) {
      if (body.type !== 'secret')
        context.addIssue({ code: 'custom', path: ['value'], message: '请输入参数值' });
      return;
    }
    const problem = parameterValueProblem(body.type, body.value, body.choices);
    if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
  });
export type PlatformParameterCreate = z.infer<typeof platformParameterCreateSchema>;

/** The value is checked against the type the parameter will have (the server's answer names the field). */
export const platformParameterUpdateSchema = z.strictObject({
  name: name.optional(),
  type: parameterType.optional(),
  /** For a secret: a new value replaces the old one; absent keeps it. */
  value: value.optional(),
  choices: parameterChoicesSchema.optional(),
  description,
  clientReadable: z.boolean().optional(),
  tenantEditable: z.boolean().optional(),
});
export type PlatformParameterUpdate = z.infer<typeof platformParameterUpdateSchema>;

export const tenantParameterRowSchema = z.object({
  ...definitionFields,
  /** The effective value: the tenant's, else the platform default; null for a secret. */
  value: z.string().nullable(),
  /** The platform default; null for a secret. */
  defaultValue: z.string().nullable(),
  source: z.enum(['platform', 'tenant']),
});
export type TenantParameterRow = z.infer<typeof tenantParameterRowSchema>;

/** The tenant's own value (checked against the parameter's type). */
export const tenantParameterUpdateSchema = z.strictObject({ value });
export type TenantParameterUpdate = z.infer<typeof tenantParameterUpdateSchema>;

const columnsBefore = [
  { key: 'key', title: { zh: '参数键名', en: 'Key' }, list: true },
  { key: 'name', title: { zh: '参数名称', en: 'Name' }, list: true },
  { key: 'type', title: { zh: '类型', en: 'Type' }, list: true, options: PARAMETER_TYPE_OPTIONS },
] as const;
const fieldTitles = { choices: { zh: '可选值', en: 'Choices' } };
const columnsAfter = [
  {
    key: 'clientReadable',
    title: { zh: '客户端可读', en: 'Readable by clients' },
    list: true,
    kind: 'boolean',
  },
  {
    key: 'tenantEditable',
    title: { zh: '租户可修改', en: 'Tenants may change' },
    list: true,
    kind: 'boolean',
  },
  { key: 'builtin', title: { zh: '内置', en: 'Built-in' }, list: true, kind: 'boolean' },
  { key: 'secretSet', title: { zh: '密文已设置', en: 'Secret set' }, kind: 'boolean' },
  { key: 'description', title: { zh: '说明', en: 'Description' }, list: true },
  { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, list: true, kind: 'date' },
] as const;

export const platformParametersResource = defineResource({
  name: 'parameters',
  scope: 'dmp',
  title: { zh: '平台参数', en: 'Platform parameter' },
  row: platformParameterRowSchema,
  create: platformParameterCreateSchema,
  update: platformParameterUpdateSchema,
  filters: {
    key: 'contains',
    name: 'contains',
    type: 'equals',
    builtin: 'boolean',
    clientReadable: 'boolean',
    createdAt: 'dateRange',
  },
  sortable: ['key', 'name', 'type', 'overrideCount', 'createdAt', 'updatedAt'],
  defaultSort: 'key',
  searchable: ['key', 'name', 'description'],
  columns: [
    ...columnsBefore,
    { key: 'value', title: { zh: '默认值', en: 'Default' }, list: true },
    { key: 'overrideCount', title: { zh: '租户设置数', en: 'Tenant overrides' }, list: true, kind: 'number' },
    ...columnsAfter,
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, kind: 'date' },
  ],
  fields: fieldTitles,
  permissions: {
    list: 'platform-parameter:list',
    create: 'platform-parameter:create',
    update: 'platform-parameter:update',
    delete: 'platform-parameter:delete',
    export: 'platform-parameter:export',
  },
  actions: {
    /** Every tenant's own value of the parameter goes: all follow the default again. */
    'reset-overrides': {
      permission: 'platform-parameter:update',
      title: { zh: '清除租户设置', en: "Clear tenants' values" },
      danger: true,
    },
  },
});

export const tenantParametersResource = defineResource({
  name: 'parameters',
  scope: 'ump',
  title: { zh: '参数', en: 'Parameter' },
  row: tenantParameterRowSchema,
  update: tenantParameterUpdateSchema,
  filters: { key: 'contains', name: 'contains', type: 'equals', source: 'equals' },
  sortable: ['key', 'name', 'type', 'source', 'updatedAt'],
  defaultSort: 'key',
  searchable: ['key', 'name', 'description'],
  columns: [
    ...columnsBefore,
    { key: 'value', title: { zh: '当前值', en: 'Effective value' }, list: true },
    { key: 'source', title: { zh: '来源', en: 'Source' }, list: true, options: PARAMETER_SOURCE_OPTIONS },
    { key: 'defaultValue', title: { zh: '平台默认值', en: 'Platform default' }, list: true },
    ...columnsAfter,
  ],
  fields: fieldTitles,
  permissions: {
    list: 'parameter:list',
    update: 'parameter:update',
    export: 'parameter:export',
  },
  actions: {
    /** The tenant's value goes: the platform default applies again. */
    reset: { permission: 'parameter:update', title: { zh: '恢复平台默认', en: 'Back to the default' } },
  },
});
