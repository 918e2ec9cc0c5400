import { z } from 'zod';
import { messageTemplateTestBodySchema } from '../../message-send';
import { defineResource } from '../resource';

/**
 * Message templates (issue 15, /messageMessageTemplate, `/ump/admin/message-templates`): a code
 * (unique in the tenant, fixed once created), its class, the content per channel with `{param}`
 * placeholders (for SMS the vendor's template id), and a status. The class decides which channels'
 * content the template must have.
 */

export const MESSAGE_TEMPLATE_STATUSES = ['enabled', 'disabled'] as const;
export const MESSAGE_TEMPLATE_STATUS_OPTIONS = [
  { value: 'enabled', label: { zh: '启用', en: 'Enabled' }, color: 'green' },
  { value: 'disabled', label: { zh: '停用', en: 'Disabled' }, color: 'default' },
] as const;

export const MESSAGE_TEMPLATE_CODE_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
const code = z
  .string({ message: '请输入模板编码' })
  .trim()
  .regex(MESSAGE_TEMPLATE_CODE_PATTERN, '模板编码以小写字母开头，2-64位小写字母、数字或下划线');
const name = z
  .string({ message: '请输入模板名称' })
  .trim()
  .min(1, '请输入模板名称')
  .max(100, '模板名称最多100个字');
const classId = z.string({ message: '请选择消息分类' }).trim().min(1, '请选择消息分类').max(100);
const inAppTitle = z.string().trim().max(100, '站内消息标题最多100个字').nullable().optional();
const inAppContent = z.string().trim().max(2_000, '站内消息内容最多2000个字').nullable().optional();
const smsTemplateId = z
  .string()
  .trim()
  .max(100, '短信模板编号最多100个字符')
  .regex(/^[A-Za-z0-9_.-]*$/, '短信模板编号只能含字母、数字、点、下划线或连字符')
  .nullable()
  .optional();
const smsContent = z.string().trim().max(500, '短信内容最多500个字').nullable().optional();
const status = z.enum(MESSAGE_TEMPLATE_STATUSES, { message: '请选择状态' });

export const messageTemplateRowSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  classId: z.string(),
  className: z.string(),
  inAppTitle: z.string().nullable(),
  inAppContent: z.string().nullable(),
  smsTemplateId: z.string().nullable(),
  smsContent: z.string().nullable(),
  /** The `{param}` placeholders of every channel's content, each once. */
  params: z.array(z.string()),
  status: z.enum(MESSAGE_TEMPLATE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRowSchema>;

const contentFields = { inAppTitle, inAppContent, smsTemplateId, smsContent };

export const messageTemplateCreateSchema = z.strictObject({
  code,
  name,
  classId,
  ...contentFields,
  status: status.optional(),
});
export type MessageTemplateCreate = z.infer<typeof messageTemplateCreateSchema>;

/** The code is not here: it is fixed once the template exists (applications send by it). */
export const messageTemplateUpdateSchema = z.strictObject({
  name: name.optional(),
  classId: classId.optional(),
  ...contentFields,
  status: status.optional(),
});
export type MessageTemplateUpdate = z.infer<typeof messageTemplateUpdateSchema>;

export const messageTemplatesResource = defineResource({
  name: 'message-templates',
  scope: 'ump',
  title: { zh: '消息模板', en: 'Message template' },
  row: messageTemplateRowSchema,
  create: messageTemplateCreateSchema,
  update: messageTemplateUpdateSchema,
  filters: { code: 'contains', name: 'contains', classId: 'equals', status: 'equals' },
  sortable: ['code', 'name', 'status', 'createdAt', 'updatedAt'],
  defaultSort: 'code',
  searchable: ['code', 'name'],
  columns: [
    { key: 'code', title: { zh: '模板编码', en: 'Code' }, list: true },
    { key: 'name', title: { zh: '模板名称', en: 'Name' }, list: true },
    { key: 'className', title: { zh: '消息分类', en: 'Class' }, list: true },
    { key: 'params', title: { zh: '参数', en: 'Parameters' }, list: true, kind: 'list' },
    {
      key: 'status',
      title: { zh: '状态', en: 'Status' },
      list: true,
      options: MESSAGE_TEMPLATE_STATUS_OPTIONS,
    },
    { key: 'inAppTitle', title: { zh: '站内消息标题', en: 'In-app title' } },
    { key: 'inAppContent', title: { zh: '站内消息内容', en: 'In-app content' } },
    { key: 'smsTemplateId', title: { zh: '短信模板编号', en: 'SMS template id' }, list: true },
    { key: 'smsContent', title: { zh: '短信内容', en: 'SMS content' } },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, list: true, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, kind: 'date' },
  ],
  fields: {
    classId: { zh: '消息分类', en: 'Class' },
    recipient: { zh: '接收人账号', en: 'Recipient account' },
    values: { zh: '参数值', en: 'Parameter values' },
  },
  permissions: {
    list: 'message-template:list',
    create: 'message-template:create',
    update: 'message-template:update',
    delete: 'message-template:delete',
    export: 'message-template:export',
  },
  actions: {
    // Sent through the outbox like any message (its rows are on the outbox tab); answers the template.
    test: {
      permission: 'message-template:test',
      title: { zh: '发送测试', en: 'Send a test' },
      body: messageTemplateTestBodySchema,
    },
  },
});
