import { z } from 'zod';
import { defineResource } from '../resource';

/** One admin write as the operation log keeps it: who, where, what, the fields before and after. */
export const operationLogRowSchema = z.object({
  id: z.string(),
  tenantId: z.string().nullable(),
  operatorId: z.string().nullable(),
  operatorName: z.string().nullable(),
  resource: z.string(),
  recordId: z.string().nullable(),
  recordLabel: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
});

export const operationLogsResource = defineResource({
  name: 'operation-logs',
  scope: 'dmp',
  title: { zh: '操作日志', en: 'Operation log' },
  row: operationLogRowSchema,
  filters: {
    resource: 'equals',
    recordId: 'equals',
    operatorId: 'equals',
    operatorName: 'contains',
    action: 'equals',
    tenantId: 'equals',
    createdAt: 'dateRange',
  },
  sortable: ['createdAt'],
  defaultSort: '-createdAt',
  searchable: ['recordLabel', 'operatorName'],
  columns: [
    { key: 'createdAt', title: { zh: '时间', en: 'Time' }, list: true, kind: 'date' },
    { key: 'operatorName', title: { zh: '操作人', en: 'Operator' }, list: true },
    { key: 'resource', title: { zh: '资源', en: 'Resource' }, list: true },
    { key: 'action', title: { zh: '操作', en: 'Action' }, list: true },
    { key: 'recordLabel', title: { zh: '对象', en: 'Record' }, list: true },
    { key: 'recordId', title: { zh: '对象 ID', en: 'Record id' } },
    { key: 'tenantId', title: { zh: '租户', en: 'Tenant' }, list: true },
    { key: 'ip', title: { zh: '地址', en: 'Address' }, list: true },
    { key: 'userAgent', title: { zh: '客户端', en: 'Client' } },
    { key: 'requestId', title: { zh: '请求 ID', en: 'Request id' } },
  ],
  permissions: { list: 'operation-log:list' },
});
