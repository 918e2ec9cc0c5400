import { z } from 'zod';
import { TRACE_ID_PATTERN } from '../../watermark-trace';
import { defineResource, type ResourceDeclaration } from '../resource';
import { operationLogRowSchema, operationLogsResource } from './operation-logs';

/**
 * Issue 16, /accessLogs and /ump/waterLog: the logs the product writes, read. Each is declared for
 * the active tenant (`ump`, under row-level security) and for the platform (`dmp`, every tenant).
 * Log rows never change: no create, update or delete; `version` is always 0.
 */

/**
 * A list of a log counts at most this many rows ("1,000+", pages up to 50 of 20): counting ten
 * million rows is not a page's job, and a count that stops early reads at most this many index
 * entries. Narrower filters find the rest; exports page by keyset through all of them.
 */
export const LOG_COUNT_LIMIT = 1_000;

const USAGE_TYPE_OPTIONS = [
  { value: '1', label: { zh: '访问', en: 'Open' }, color: 'blue' },
  { value: '2', label: { zh: '下载', en: 'Download' }, color: 'purple' },
] as const;

const RESULT_OPTIONS = [
  { value: '1', label: { zh: '成功', en: 'Success' }, color: 'green' },
  { value: '0', label: { zh: '失败', en: 'Failure' }, color: 'red' },
] as const;

const SENDER_OPTIONS = [
  { value: 'member', label: { zh: '成员', en: 'Member' }, color: 'blue' },
  { value: 'visitor', label: { zh: '访客', en: 'Visitor' }, color: 'orange' },
  { value: 'api', label: { zh: '接口凭据', en: 'API credential' }, color: 'geekblue' },
] as const;

/** A usage log row (spec section 3: an application opened or a package downloaded). */
export const usageLogRowSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  accountId: z.string().nullable(),
  visitorId: z.string().nullable(),
  apiClientId: z.string().nullable(),
  /** Who sent it: a signed-in member, a visitor, or an application's credential. */
  sender: z.enum(['member', 'visitor', 'api']),
  userName: z.string(),
  source: z.string(),
  type: z.enum(['1', '2']),
  applicationId: z.string(),
  applicationName: z.string().nullable(),
  functionId: z.string().nullable(),
  functionName: z.string().nullable(),
  path: z.string().nullable(),
  result: z.enum(['0', '1']),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type UsageLogRow = z.infer<typeof usageLogRowSchema>;

const usageLogsDeclaration = (scope: 'ump' | 'dmp') =>
  defineResource({
    name: 'access-logs',
    scope,
    title: { zh: '访问日志', en: 'Access log' },
    row: usageLogRowSchema,
    filters: {
      createdAt: 'dateRange',
      applicationId: 'equals',
      /** A member's account (user name), exactly. */
      userName: 'equals',
      accountId: 'equals',
      type: 'equals',
      result: 'equals',
      sender: 'equals',
      ip: 'equals',
      ...(scope === 'dmp' ? { tenantId: 'equals' as const } : {}),
    },
    sortable: ['createdAt'],
    defaultSort: '-createdAt',
    columns: [
      { key: 'createdAt', title: { zh: '时间', en: 'Time' }, list: true, kind: 'date' },
      { key: 'userName', title: { zh: '用户', en: 'User' }, list: true },
      { key: 'sender', title: { zh: '身份', en: 'Sender' }, list: true, options: SENDER_OPTIONS },
      { key: 'type', title: { zh: '类型', en: 'Type' }, list: true, options: USAGE_TYPE_OPTIONS },
      { key: 'applicationName', title: { zh: '应用', en: 'Application' }, list: true },
      { key: 'applicationId', title: { zh: '应用 ID', en: 'Application id' } },
      { key: 'functionName', title: { zh: '功能', en: 'Function' }, list: true },
      { key: 'result', title: { zh: '结果', en: 'Result' }, list: true, options: RESULT_OPTIONS },
      { key: 'source', title: { zh: '来源', en: 'Source' }, list: true },
      { key: 'ip', title: { zh: '地址', en: 'Address' }, list: true },
      ...(scope === 'dmp' ? [{ key: 'tenantId', title: { zh: '租户', en: 'Tenant' }, list: true }] : []),
      { key: 'path', title: { zh: '路径', en: 'Path' } },
      { key: 'accountId', title: { zh: '账号 ID', en: 'Account id' } },
      { key: 'visitorId', title: { zh: '访客 ID', en: 'Visitor id' } },
      { key: 'apiClientId', title: { zh: '接口凭据', en: 'API credential' } },
      { key: 'userAgent', title: { zh: '客户端', en: 'User agent' } },
    ],
    permissions:
      scope === 'dmp'
        ? { list: 'access-log:list-all', export: 'access-log:export-all' }
        : { list: 'access-log:list', export: 'access-log:export' },
  });

export const usageLogsResource = usageLogsDeclaration('ump');
export const platformUsageLogsResource = usageLogsDeclaration('dmp');

/** The tenant's own operation log: the framework's declaration, read in the tenant. */
export const tenantOperationLogsResource: ResourceDeclaration = {
  ...operationLogsResource,
  scope: 'ump',
  row: operationLogRowSchema,
  filters: Object.fromEntries(
    Object.entries(operationLogsResource.filters).filter(([field]) => field !== 'tenantId'),
  ),
  columns: operationLogsResource.columns.filter((column) => column.key !== 'tenantId'),
  permissions: { list: 'operation-log:list-tenant', export: 'operation-log:export-tenant' },
};

/** A call made with an API credential. */
export const apiAccessLogRowSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  clientId: z.string(),
  /** The scope the route asked of the credential; null for the token endpoint and refused tokens. */
  scope: z.string().nullable(),
  method: z.string(),
  route: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});

const apiAccessLogsDeclaration = (scope: 'ump' | 'dmp') =>
  defineResource({
    name: 'api-access-logs',
    scope,
    title: { zh: '接口调用', en: 'API calls' },
    row: apiAccessLogRowSchema,
    filters: {
      createdAt: 'dateRange',
      clientId: 'equals',
      scope: 'equals',
      route: 'contains',
      status: 'equals',
      ...(scope === 'dmp' ? { tenantId: 'equals' as const } : {}),
    },
    sortable: ['createdAt'],
    defaultSort: '-createdAt',
    columns: [
      { key: 'createdAt', title: { zh: '时间', en: 'Time' }, list: true, kind: 'date' },
      { key: 'clientId', title: { zh: '接口凭据', en: 'Client' }, list: true },
      { key: 'scope', title: { zh: '授权范围', en: 'Scope' }, list: true },
      { key: 'method', title: { zh: '方法', en: 'Method' }, list: true },
      { key: 'route', title: { zh: '接口', en: 'Route' }, list: true },
      { key: 'status', title: { zh: '状态码', en: 'Status' }, list: true, kind: 'number' },
      { key: 'durationMs', title: { zh: '耗时（毫秒）', en: 'Duration (ms)' }, list: true, kind: 'number' },
      { key: 'ip', title: { zh: '地址', en: 'Address' }, list: true },
      ...(scope === 'dmp' ? [{ key: 'tenantId', title: { zh: '租户', en: 'Tenant' }, list: true }] : []),
      { key: 'path', title: { zh: '路径', en: 'Path' } },
      { key: 'userAgent', title: { zh: '客户端', en: 'User agent' } },
    ],
    permissions:
      scope === 'dmp'
        ? { list: 'api-access-log:list-all', export: 'api-access-log:export-all' }
        : { list: 'api-access-log:list', export: 'api-access-log:export' },
  });

export const apiAccessLogsResource = apiAccessLogsDeclaration('ump');
export const platformApiAccessLogsResource = apiAccessLogsDeclaration('dmp');

export const WATERMARK_TRACE_KINDS = ['page', 'notice', 'file', 'export'] as const;
export type WatermarkTraceKind = (typeof WATERMARK_TRACE_KINDS)[number];

const TRACE_KIND_OPTIONS = [
  { value: 'page', label: { zh: '页面', en: 'Page' }, color: 'blue' },
  { value: 'notice', label: { zh: '通知公告', en: 'Notice' }, color: 'cyan' },
  { value: 'file', label: { zh: '文件预览', en: 'File preview' }, color: 'purple' },
  { value: 'export', label: { zh: '导出', en: 'Export' }, color: 'gold' },
] as const;

/** One issued trace id: who saw what, when, from where. */
export const watermarkTraceRowSchema = z.object({
  /** The trace id itself. */
  id: z.string(),
  tenantId: z.string().nullable(),
  accountId: z.string(),
  userName: z.string(),
  kind: z.enum(WATERMARK_TRACE_KINDS),
  /** The page's path, the notice's or file's id, the export's resource. */
  target: z.string(),
  targetLabel: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type WatermarkTraceRow = z.infer<typeof watermarkTraceRowSchema>;

const watermarkLogsDeclaration = (scope: 'ump' | 'dmp') =>
  defineResource({
    name: 'watermark-logs',
    scope,
    title: { zh: '水印日志', en: 'Watermark log' },
    row: watermarkTraceRowSchema,
    filters: {
      id: 'equals',
      createdAt: 'dateRange',
      userName: 'contains',
      accountId: 'equals',
      kind: 'equals',
      ...(scope === 'dmp' ? { tenantId: 'equals' as const } : {}),
    },
    sortable: ['createdAt'],
    defaultSort: '-createdAt',
    columns: [
      { key: 'id', title: { zh: '追踪码', en: 'Trace id' }, list: true },
      { key: 'createdAt', title: { zh: '时间', en: 'Time' }, list: true, kind: 'date' },
      { key: 'userName', title: { zh: '用户', en: 'User' }, list: true },
      { key: 'kind', title: { zh: '类型', en: 'Kind' }, list: true, options: TRACE_KIND_OPTIONS },
      { key: 'targetLabel', title: { zh: '页面或文件', en: 'Page or file' }, list: true },
      { key: 'target', title: { zh: '对象', en: 'Target' }, list: true },
      { key: 'ip', title: { zh: '地址', en: 'Address' }, list: true },
      ...(scope === 'dmp' ? [{ key: 'tenantId', title: { zh: '租户', en: 'Tenant' }, list: true }] : []),
      { key: 'accountId', title: { zh: '账号 ID', en: 'Account id' } },
      { key: 'userAgent', title: { zh: '客户端', en: 'User agent' } },
    ],
    permissions:
      scope === 'dmp'
        ? { list: 'watermark-log:list-all', export: 'watermark-log:export-all' }
        : { list: 'watermark-log:list', export: 'watermark-log:export' },
  });

export const watermarkLogsResource = watermarkLogsDeclaration('ump');
export const platformWatermarkLogsResource = watermarkLogsDeclaration('dmp');

/** POST /ump/watermark/traces: a watermarked view opens and asks for its trace id. */
export const watermarkTraceRequestSchema = z.strictObject({
  kind: z.enum(WATERMARK_TRACE_KINDS),
  target: z.string().trim().min(1).max(500),
  targetLabel: z.string().trim().max(200).optional(),
});
export type WatermarkTraceRequest = z.infer<typeof watermarkTraceRequestSchema>;

export const watermarkTraceAnswerSchema = z.object({ traceId: z.string().regex(TRACE_ID_PATTERN) });
export type WatermarkTraceAnswer = z.infer<typeof watermarkTraceAnswerSchema>;
