import { z } from 'zod';
import { defineResource } from '../resource';

/**
 * The message outbox (issue 15, `/ump/admin/message-outbox`, a tab of /messageMessageTemplate): one
 * row per message, channel and recipient, retried with backoff until sent or given up. Read-only for
 * administrators, who may send a given-up row again.
 */

export const MESSAGE_OUTBOX_CHANNELS = ['in-app', 'sms'] as const;
export type MessageOutboxChannel = (typeof MESSAGE_OUTBOX_CHANNELS)[number];

/**
 * pending: waiting for its first or next attempt; sending: claimed by an instance (until its lease
 * ends); sent; failed: the last attempt failed, another follows at nextAttemptAt; dead: given up
 * after the last attempt; skipped: not sent on purpose (the member switched the class off, no mobile).
 */
export const MESSAGE_OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'dead', 'skipped'] as const;
export type MessageOutboxStatus = (typeof MESSAGE_OUTBOX_STATUSES)[number];

export const MESSAGE_OUTBOX_STATUS_OPTIONS = [
  { value: 'pending', label: { zh: '待发送', en: 'Pending' }, color: 'blue' },
  { value: 'sending', label: { zh: '发送中', en: 'Sending' }, color: 'processing' },
  { value: 'sent', label: { zh: '已发送', en: 'Sent' }, color: 'green' },
  { value: 'failed', label: { zh: '失败待重试', en: 'Failed, will retry' }, color: 'orange' },
  { value: 'dead', label: { zh: '发送失败', en: 'Given up' }, color: 'red' },
  { value: 'skipped', label: { zh: '已跳过', en: 'Skipped' }, color: 'default' },
] as const;

export const MESSAGE_OUTBOX_CHANNEL_OPTIONS = [
  { value: 'in-app', label: { zh: '站内消息', en: 'In-app' } },
  { value: 'sms', label: { zh: '短信', en: 'SMS' } },
] as const;

/** Where a row came from. */
export const MESSAGE_OUTBOX_SOURCES = ['self', 'notice-remind', 'api', 'test', 'activation'] as const;
export const MESSAGE_OUTBOX_SOURCE_OPTIONS = [
  { value: 'self', label: { zh: '发送给自己', en: 'To oneself' } },
  { value: 'notice-remind', label: { zh: '公告提醒', en: 'Notice reminder' } },
  { value: 'api', label: { zh: '应用接口', en: 'Application API' } },
  { value: 'test', label: { zh: '模板测试', en: 'Template test' } },
  // Issue 25: the activation SMS of users an import created.
  { value: 'activation', label: { zh: '账号激活', en: 'Account activation' } },
] as const;

export const messageOutboxRowSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  /** The recipient's user name and name. */
  username: z.string(),
  userName: z.string(),
  channel: z.enum(MESSAGE_OUTBOX_CHANNELS),
  source: z.enum(MESSAGE_OUTBOX_SOURCES),
  templateCode: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string(),
  status: z.enum(MESSAGE_OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type MessageOutboxRow = z.infer<typeof messageOutboxRowSchema>;

export const messageOutboxResource = defineResource({
  name: 'message-outbox',
  scope: 'ump',
  title: { zh: '发送记录', en: 'Outbox' },
  row: messageOutboxRowSchema,
  recordLabel: (row) => `${row.title ?? row.templateCode ?? row.content.slice(0, 20)} → ${row.userName}`,
  filters: {
    status: 'equals',
    channel: 'equals',
    source: 'equals',
    templateCode: 'contains',
    username: 'contains',
    createdAt: 'dateRange',
  },
  sortable: ['createdAt', 'updatedAt', 'status', 'attempts'],
  defaultSort: '-createdAt',
  searchable: ['username', 'templateCode'],
  columns: [
    { key: 'username', title: { zh: '接收人账号', en: 'Recipient account' }, list: true },
    { key: 'userName', title: { zh: '接收人', en: 'Recipient' }, list: true },
    {
      key: 'channel',
      title: { zh: '渠道', en: 'Channel' },
      list: true,
      options: MESSAGE_OUTBOX_CHANNEL_OPTIONS,
    },
    { key: 'templateCode', title: { zh: '模板编码', en: 'Template' }, list: true },
    {
      key: 'source',
      title: { zh: '来源', en: 'Source' },
      list: true,
      options: MESSAGE_OUTBOX_SOURCE_OPTIONS,
    },
    {
      key: 'status',
      title: { zh: '状态', en: 'Status' },
      list: true,
      options: MESSAGE_OUTBOX_STATUS_OPTIONS,
    },
    { key: 'attempts', title: { zh: '尝试次数', en: 'Attempts' }, list: true, kind: 'number' },
    { key: 'lastError', title: { zh: '最近错误', en: 'Last error' }, list: true },
    { key: 'title', title: { zh: '标题', en: 'Title' } },
    { key: 'content', title: { zh: '内容', en: 'Content' } },
    { key: 'nextAttemptAt', title: { zh: '下次尝试', en: 'Next attempt' }, kind: 'date' },
    { key: 'sentAt', title: { zh: '发送时间', en: 'Sent' }, list: true, kind: 'date' },
    { key: 'createdBy', title: { zh: '发送人', en: 'Sent by' } },
    { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, list: true, kind: 'date' },
    { key: 'updatedAt', title: { zh: '更新时间', en: 'Updated' }, kind: 'date' },
  ],
  permissions: { list: 'message-outbox:list', export: 'message-outbox:list' },
  actions: {
    retry: { permission: 'message-outbox:retry', title: { zh: '重新发送', en: 'Send again' } },
  },
});
