import { z } from 'zod';
import { defineResource } from '../resource';

/**
 * Message classes (issue 15, /messageMessageClass, `/ump/admin/message-classes`): how a tenant
 * groups the messages it sends: the channels a message of the class goes out on by default, its
 * priority, and whether members may switch the class off for themselves.
 */

export const MESSAGE_CHANNELS = ['in-app', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_CHANNEL_OPTIONS = [
  { value: 'in-app', label: { zh: '站内消息', en: 'In-app' }, color: 'blue' },
  { value: 'sms', label: { zh: '短信', en: 'SMS' }, color: 'purple' },
] as const;

export const MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];
export const MESSAGE_PRIORITY_OPTIONS = [
  { value: 'low', label: { zh: '低', en: 'Low' }, color: 'default' },
  { value: 'normal', label: { zh: '普通', en: 'Normal' }, color: 'blue' },
  { value: 'high', label: { zh: '高', en: 'High' }, color: 'orange' },
  { value: 'urgent', label: { zh: '紧急', en: 'Urgent' }, color: 'red' },
] as const;

export const messageChannelSchema = z.enum(MESSAGE_CHANNELS, { message: '请选择发送渠道' });
const channels = z
  .array(messageChannelSchema, { message: '至少选择一个发送渠道' })
  .min(1, '至少选择一个发送渠道')
  .max(MESSAGE_CHANNELS.length)
  .refine((list) => new Set(list).size === list.length, '发送渠道重复');
const name = z
  .string({ message: '请输入分类名称' })
  .trim()
  .min(1, '请输入分类名称')
  .max(50, '分类名称最多50个字');
const priority = z.enum(MESSAGE_PRIORITIES, { message: '请选择优先级' });
const description = z.string().trim().max(500, '说明最多500个字').nullable().optional();

export const messageClassRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  channels: z.array(messageChannelSchema),
  priority: z.enum(MESSAGE_PRIORITIES),
  /** Members may switch the class off for themselves (their preferences). */
  userSwitchable: z.boolean(),
  description: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MessageClassRow = z.infer<typeof messageClassRowSchema>;

export const messageClassCreateSchema = z.strictObject({
  name,
  channels,
  priority: priority.optional(),
  userSwitchable: z.boolean().optional(),
  description,
});
export type MessageClassCreate = z.infer<typeof messageClassCreateSchema>;

export const messageClassUpdateSchema = z.strictObject({
  name: name.optional(),
  channels: channels.optional(),
  priority: priority.optional(),
  userSwitchable: z.boolean().optional(),
  description,
});
export type MessageClassUpdate = z.infer<typeof messageClassUpdateSchema>;

export const messageClassesResource = defineResource({
  name: 'message-classes',
  scope: 'ump',
  title: { zh: '消息分类', en: 'Message class' },
  row: messageClassRowSchema,
  create: messageClassCreateSchema,
  update: messageClassUpdateSchema,
  filters: { name: 'contains', priority: 'equals', userSwitchable: 'boolean' },
  sortable: ['name', 'priority', 'createdAt', 'updatedAt'],
  defaultSort: 'name',
  searchable: ['name', 'description'],
  columns: [
    { key: 'name', title: { zh: '分类名称', en: 'Name' }, list: true, importable: true },
    {
      key: 'channels',
      title: { zh: '默认渠道', en: 'Default channels' },
      list: true,
      kind: 'list',
      options: MESSAGE_CHANNEL_OPTIONS,
    },
    {
      key: 'priority',
      title: { zh: '优先级', en: 'Priority' },
      list: true,
      options: MESSAGE_PRIORITY_OPTIONS,
    },
    {
      key: 'userSwitchable',
      title: { zh: '用户可关闭', en: 'Users may switch off' },
      list: true,
      kind: 'boolean',
    },
    { key: 'description', title: { zh: '说明', en: 'Description' }, list: true },
    { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, list: true, kind: 'date' },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, kind: 'date' },
  ],
  permissions: {
    list: 'message-class:list',
    create: 'message-class:create',
    update: 'message-class:update',
    delete: 'message-class:delete',
    export: 'message-class:export',
  },
});
