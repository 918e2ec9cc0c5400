import { z } from 'zod';
import { isoInstantSchema } from '../../dates';
import { API_SCOPE_CODES, API_SCOPES, apiScopeSchema } from '../../oauth';
import { secretAnswer } from '../../secret-answer';
import { defineResource } from '../resource';

/** How long the old secret keeps working after a rotation, unless the rotation says otherwise. */
export const DEFAULT_SECRET_OVERLAP_HOURS = 24;
export const MAX_SECRET_OVERLAP_HOURS = 168;
export const DEFAULT_CLIENT_TOKEN_TTL_SECONDS = 600;
export const DEFAULT_CLIENT_RATE_PER_MINUTE = 600;

const isoDateTime = isoInstantSchema;

/** One address (IPv4 or IPv6) or a network in CIDR notation. */
export const ipAllowEntrySchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
      message: '须为 IPv4/IPv6 地址或 CIDR 网段，如 203.0.113.0/24、2001:db8::/32',
    }),
  );

const scopes = z
  .array(apiScopeSchema)
  .min(1, '至少选择一个授权范围')
  .max(50)
  .refine((list) => new Set(list).size === list.length, '授权范围重复');
const ipAllowList = z
  .array(ipAllowEntrySchema)
  .max(100, '允许列表最多100条')
  .refine((list) => new Set(list).size === list.length, '地址重复');

export const apiClientRowSchema = z.object({
  /** The client id: generated, unique, shown in the list and used at the token endpoint. */
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  ownerTenantId: z.string().nullable(),
  ownerTenantName: z.string().nullable(),
  applicationId: z.string().nullable(),
  applicationName: z.string().nullable(),
  scopes: z.array(apiScopeSchema),
  /** Empty: any address. */
  ipAllowList: z.array(z.string()),
  ratePerMinute: z.number().int(),
  tokenTtlSeconds: z.number().int(),
  expiresAt: z.string().nullable(),
  status: z.enum(['active', 'disabled', 'revoked']),
  /** When the current secret was issued. */
  secretIssuedAt: z.string(),
  /** Until when the secret before the last rotation still works; null when it no longer does. */
  previousSecretValidUntil: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  callsToday: z.number().int(),
  /** Calls of the last 14 days (China time), oldest first, days without calls left out. */
  dailyCalls: z.array(z.object({ day: z.string(), calls: z.number().int() })),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  version: z.number().int(),
});
export type ApiClientRow = z.infer<typeof apiClientRowSchema>;

const editableFields = {
  name: z.string().trim().min(2, '名称至少2个字符').max(100),
  description: z.string().trim().max(500).nullable().optional(),
  scopes,
  ipAllowList: ipAllowList.optional(),
  ratePerMinute: z.number().int().min(1).max(100_000).optional(),
  tokenTtlSeconds: z.number().int().min(60).max(3_600).optional(),
  expiresAt: isoDateTime.nullable().optional(),
};

/** A credential belongs to a tenant (whose data it reads), an application, or both. */
export const apiClientCreateSchema = z
  .strictObject({
    ...editableFields,
    ownerTenantId: z.string().trim().min(1).max(100).nullable().optional(),
    applicationId: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .refine((input) => Boolean(input.ownerTenantId || input.applicationId), {
    message: '请选择所属租户或所属应用',
    path: ['ownerTenantId'],
  });
export type ApiClientCreate = z.infer<typeof apiClientCreateSchema>;

/** The secret is in this answer only: it is never stored, only its hash. */
export const apiClientSecretAnswerSchema = secretAnswer(
  apiClientRowSchema.extend({ clientSecret: z.string() }),
);

export const apiClientUpdateSchema = z.strictObject({
  ...editableFields,
  name: editableFields.name.optional(),
  scopes: scopes.optional(),
});
export type ApiClientUpdate = z.infer<typeof apiClientUpdateSchema>;

export const apiClientRotateBodySchema = z.strictObject({
  /** Hours the old secret keeps working beside the new one (0: it stops at once). */
  overlapHours: z.number().min(0).max(MAX_SECRET_OVERLAP_HOURS).optional(),
});

export const API_CLIENT_STATUS_OPTIONS = [
  { value: 'active', label: { zh: '启用', en: 'Active' }, color: 'green' },
  { value: 'disabled', label: { zh: '停用', en: 'Disabled' }, color: 'default' },
  { value: 'revoked', label: { zh: '已吊销', en: 'Revoked' }, color: 'red' },
] as const;

/** The scopes as labelled options (list tags, filters, the form's checkboxes). */
export const API_SCOPE_OPTIONS = API_SCOPE_CODES.map((code) => ({
  value: code,
  label: API_SCOPES[code].title,
}));

export const apiClientsResource = defineResource({
  name: 'api-clients',
  scope: 'dmp',
  title: { zh: '接口凭据', en: 'API credential' },
  row: apiClientRowSchema,
  create: apiClientCreateSchema,
  createAnswer: apiClientSecretAnswerSchema,
  update: apiClientUpdateSchema,
  filters: {
    id: 'contains',
    name: 'contains',
    ownerTenantId: 'equals',
    applicationId: 'equals',
    scope: 'contains',
    status: 'in',
    expiresAt: 'dateRange',
    lastUsedAt: 'dateRange',
    createdAt: 'dateRange',
  },
  sortable: ['id', 'name', 'status', 'ratePerMinute', 'expiresAt', 'lastUsedAt', 'callsToday', 'createdAt'],
  defaultSort: '-createdAt',
  searchable: ['id', 'name', 'description'],
  columns: [
    { key: 'id', title: { zh: '客户端 ID', en: 'Client ID' }, list: true },
    { key: 'name', title: { zh: '名称', en: 'Name' }, list: true },
    { key: 'ownerTenantName', title: { zh: '所属租户', en: 'Tenant' }, list: true },
    { key: 'applicationName', title: { zh: '所属应用', en: 'Application' }, list: true },
    {
      key: 'scopes',
      title: { zh: '授权范围', en: 'Scopes' },
      list: true,
      kind: 'list',
      options: API_SCOPE_OPTIONS,
    },
    { key: 'ipAllowList', title: { zh: 'IP 允许列表', en: 'IP allow-list' }, kind: 'list' },
    { key: 'ratePerMinute', title: { zh: '每分钟请求上限', en: 'Requests per minute' }, kind: 'number' },
    { key: 'tokenTtlSeconds', title: { zh: '令牌有效期（秒）', en: 'Token lifetime (s)' }, kind: 'number' },
    { key: 'expiresAt', title: { zh: '到期时间', en: 'Expires' }, list: true, kind: 'date' },
    { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: API_CLIENT_STATUS_OPTIONS },
    { key: 'lastUsedAt', title: { zh: '最近使用', en: 'Last used' }, list: true, kind: 'date' },
    { key: 'lastUsedIp', title: { zh: '最近使用地址', en: 'Last address' }, list: true },
    { key: 'callsToday', title: { zh: '今日调用', en: 'Calls today' }, list: true, kind: 'number' },
    { key: 'secretIssuedAt', title: { zh: '密钥签发时间', en: 'Secret issued' }, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
    // Only ever in the answer of a create or a rotation; masked should it reach a log or an export.
    { key: 'clientSecret', title: { zh: '密钥', en: 'Secret' }, secret: true },
  ],
  permissions: {
    list: 'api-client:list',
    create: 'api-client:create',
    update: 'api-client:update',
    export: 'api-client:export',
  },
  actions: {
    'rotate-secret': {
      permission: 'api-client:rotate-secret',
      title: { zh: '轮换密钥', en: 'Rotate secret' },
      body: apiClientRotateBodySchema,
      answer: apiClientSecretAnswerSchema,
    },
    revoke: {
      permission: 'api-client:revoke',
      title: { zh: '吊销', en: 'Revoke' },
      danger: true,
    },
    enable: { permission: 'api-client:update', title: { zh: '启用', en: 'Enable' } },
    disable: { permission: 'api-client:update', title: { zh: '停用', en: 'Disable' }, danger: true },
  },
});
