import { z } from 'zod';
import { isoInstantSchema } from '../../dates';
import { storedFileSchema } from '../../files';
import { defineResource } from '../resource';

/**
 * Notices (/umpNotice, /umpNoticeDetail; issue 15). A tenant's notices (`/ump/admin/notices`) reach
 * the members of their audience: everyone, departments (with or without their sub-departments),
 * roles or chosen users. The platform's (`/dmp/admin/notices`) reach every member of every tenant.
 * The body is rich text the server keeps only after its allow-list sanitiser; attachments are files
 * of the files module. A draft is published now or at a time, may expire, and can be revoked.
 */

export const NOTICE_TYPE_OPTIONS = [
  { value: 'notice', label: { zh: '通知', en: 'Notice' }, color: 'blue' },
  { value: 'announcement', label: { zh: '公告', en: 'Announcement' }, color: 'purple' },
] as const;
export const NOTICE_LEVEL_OPTIONS = [
  { value: 'normal', label: { zh: '普通', en: 'Normal' }, color: 'default' },
  { value: 'important', label: { zh: '重要', en: 'Important' }, color: 'orange' },
  { value: 'urgent', label: { zh: '紧急', en: 'Urgent' }, color: 'red' },
] as const;
export const NOTICE_AUDIENCE_OPTIONS = [
  { value: 'all', label: { zh: '全体成员', en: 'All members' } },
  { value: 'departments', label: { zh: '指定部门', en: 'Departments' } },
  { value: 'roles', label: { zh: '指定角色', en: 'Roles' } },
  { value: 'users', label: { zh: '指定用户', en: 'Chosen users' } },
] as const;
/** draft, scheduled and published follow from the publish time; expired from the expiry. */
export const NOTICE_STATUS_OPTIONS = [
  { value: 'draft', label: { zh: '草稿', en: 'Draft' }, color: 'default' },
  { value: 'scheduled', label: { zh: '待发布', en: 'Scheduled' }, color: 'gold' },
  { value: 'published', label: { zh: '已发布', en: 'Published' }, color: 'green' },
  { value: 'expired', label: { zh: '已过期', en: 'Expired' }, color: 'default' },
  { value: 'revoked', label: { zh: '已撤回', en: 'Revoked' }, color: 'red' },
] as const;

export const noticeTypeSchema = z.enum(['notice', 'announcement'], { message: '请选择类型' });
export const noticeLevelSchema = z.enum(['normal', 'important', 'urgent'], { message: '请选择级别' });
export const noticeAudienceKindSchema = z.enum(['all', 'departments', 'roles', 'users'], {
  message: '请选择发布范围',
});
export const noticeStatusSchema = z.enum(['draft', 'scheduled', 'published', 'expired', 'revoked']);
export type NoticeStatus = z.infer<typeof noticeStatusSchema>;

/** The longest body kept (sanitised HTML, in characters). */
export const NOTICE_BODY_MAX = 200_000;
export const NOTICE_MAX_ATTACHMENTS = 20;
export const NOTICE_MAX_TARGETS = 500;

const title = z.string().trim().min(1, '请输入标题').max(100, '标题最多100个字');
const body = z
  .string()
  .max(NOTICE_BODY_MAX, '正文过长')
  .refine((text) => text.trim() !== '', '请输入正文');
const ids = (message: string) => z.array(z.string().trim().min(1).max(100)).max(NOTICE_MAX_TARGETS, message);
const attachmentIds = z
  .array(z.string().trim().min(1).max(100))
  .max(NOTICE_MAX_ATTACHMENTS, `附件最多${NOTICE_MAX_ATTACHMENTS}个`);
const time = isoInstantSchema;

const commonRow = {
  id: z.string(),
  title: z.string(),
  type: noticeTypeSchema,
  level: noticeLevelSchema,
  /** Sanitised HTML: the only body any answer carries. */
  body: z.string(),
  attachmentIds: z.array(z.string()),
  attachments: z.array(storedFileSchema),
  status: noticeStatusSchema,
  publishAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  pinned: z.boolean(),
  mustRead: z.boolean(),
  createdByName: z.string().nullable(),
  publishedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Members who opened it (those who confirmed are among them). */
  readCount: z.number().int(),
  confirmedCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
};

export const noticeRowSchema = z.object({
  ...commonRow,
  audienceKind: noticeAudienceKindSchema,
  departmentIds: z.array(z.string()),
  includeSubDepartments: z.boolean(),
  roleIds: z.array(z.string()),
  accountIds: z.array(z.string()),
  /** Active members the audience covers now. */
  audienceCount: z.number().int(),
  /** When those who had not read it were last reminded. */
  remindedAt: z.string().nullable(),
});
export type NoticeRow = z.infer<typeof noticeRowSchema>;

export const platformNoticeRowSchema = z.object(commonRow);
export type PlatformNoticeRow = z.infer<typeof platformNoticeRowSchema>;

const commonFields = {
  title,
  type: noticeTypeSchema,
  level: noticeLevelSchema.optional(),
  body,
  attachmentIds: attachmentIds.optional(),
  /** Publish at this time (scheduled); none: at the moment of publishing. */
  publishAt: time.nullable().optional(),
  expiresAt: time.nullable().optional(),
  pinned: z.boolean().optional(),
  mustRead: z.boolean().optional(),
};
const audienceFields = {
  audienceKind: noticeAudienceKindSchema,
  departmentIds: ids('部门最多500个').optional(),
  includeSubDepartments: z.boolean().optional(),
  roleIds: ids('角色最多500个').optional(),
  accountIds: ids('用户最多500个').optional(),
};

/**
 * Why the times do not fit (the expiry must follow the publish time), or null. The server checks it
 * against the saved values too (an update may change one of them).
 */
export const noticeTimesProblem = (publishAt: string | null, expiresAt: string | null): string | null =>
  publishAt && expiresAt && Date.parse(expiresAt) <= Date.parse(publishAt) ? '失效时间须晚于发布时间' : null;

export const noticeCreateSchema = z.strictObject({ ...commonFields, ...audienceFields });
export type NoticeCreate = z.infer<typeof noticeCreateSchema>;
export const noticeUpdateSchema = z.strictObject({
  ...commonFields,
  ...audienceFields,
  title: title.optional(),
  type: noticeTypeSchema.optional(),
  body: body.optional(),
  audienceKind: noticeAudienceKindSchema.optional(),
});
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

export const platformNoticeCreateSchema = z.strictObject(commonFields);
export type PlatformNoticeCreate = z.infer<typeof platformNoticeCreateSchema>;
export const platformNoticeUpdateSchema = z.strictObject({
  ...commonFields,
  title: title.optional(),
  type: noticeTypeSchema.optional(),
  body: body.optional(),
});
export type PlatformNoticeUpdate = z.infer<typeof platformNoticeUpdateSchema>;

const columns = [
  { key: 'title', title: { zh: '标题', en: 'Title' }, list: true },
  { key: 'type', title: { zh: '类型', en: 'Type' }, list: true, options: NOTICE_TYPE_OPTIONS },
  { key: 'level', title: { zh: '级别', en: 'Level' }, list: true, options: NOTICE_LEVEL_OPTIONS },
  { key: 'status', title: { zh: '状态', en: 'Status' }, list: true, options: NOTICE_STATUS_OPTIONS },
  { key: 'pinned', title: { zh: '置顶', en: 'Pinned' }, list: true, kind: 'boolean' },
  { key: 'mustRead', title: { zh: '必读', en: 'Must read' }, list: true, kind: 'boolean' },
  { key: 'publishAt', title: { zh: '发布时间', en: 'Publish time' }, list: true, kind: 'date' },
  { key: 'expiresAt', title: { zh: '失效时间', en: 'Expires' }, list: true, kind: 'date' },
  { key: 'readCount', title: { zh: '已读人数', en: 'Read' }, list: true, kind: 'number' },
  { key: 'createdByName', title: { zh: '创建人', en: 'Created by' }, list: true },
  { key: 'createdAt', title: { zh: '创建时间', en: 'Created' }, kind: 'date' },
  { key: 'updatedAt', title: { zh: '修改时间', en: 'Updated' }, kind: 'date' },
] as const;

/** How often those who have not read a notice may be reminded. */
export const NOTICE_REMIND_INTERVAL_MINUTES = 10;
/** At most this many text messages per reminder. */
export const NOTICE_REMIND_MAX_SMS = 1_000;

export const noticeRemindBodySchema = z.strictObject({
  /** Also by text message, to those with a mobile number. */
  sms: z.boolean().optional(),
});
export type NoticeRemindBody = z.infer<typeof noticeRemindBodySchema>;
export const noticeRemindAnswerSchema = noticeRowSchema.extend({
  /** Members reminded in the product (their open shells). */
  remindedCount: z.number().int(),
  /** Text messages sent. */
  smsCount: z.number().int(),
});

const fields = {
  body: { zh: '正文', en: 'Body' },
  sms: { zh: '同时发送短信', en: 'Also by text message' },
  remindedCount: { zh: '已提醒人数', en: 'Members reminded' },
  smsCount: { zh: '短信条数', en: 'Text messages' },
  attachmentIds: { zh: '附件', en: 'Attachments' },
  audienceKind: { zh: '发布范围', en: 'Audience' },
  departmentIds: { zh: '部门', en: 'Departments' },
  includeSubDepartments: { zh: '包含下级部门', en: 'Include sub-departments' },
  roleIds: { zh: '角色', en: 'Roles' },
  accountIds: { zh: '用户', en: 'Users' },
} as const;

const filters = {
  title: 'contains',
  type: 'equals',
  level: 'equals',
  status: 'equals',
  createdAt: 'dateRange',
} as const;
const sortable = ['title', 'publishAt', 'expiresAt', 'createdAt', 'updatedAt', 'readCount'] as const;

const actionsOf = (prefix: string) => ({
  publish: { permission: `${prefix}:publish`, title: { zh: '发布', en: 'Publish' } },
  revoke: { permission: `${prefix}:publish`, title: { zh: '撤回', en: 'Revoke' }, danger: true },
});

export const noticesResource = defineResource({
  name: 'notices',
  scope: 'ump',
  title: { zh: '通知公告', en: 'Notice' },
  row: noticeRowSchema,
  recordLabel: (row) => row.title,
  create: noticeCreateSchema,
  update: noticeUpdateSchema,
  filters,
  sortable,
  defaultSort: '-createdAt',
  searchable: ['title'],
  columns: [
    ...columns.slice(0, 8),
    {
      key: 'audienceKind',
      title: { zh: '发布范围', en: 'Audience' },
      list: true,
      options: NOTICE_AUDIENCE_OPTIONS,
    },
    { key: 'audienceCount', title: { zh: '应读人数', en: 'Audience size' }, list: true, kind: 'number' },
    ...columns.slice(8),
  ],
  fields,
  permissions: {
    list: 'notice:list',
    create: 'notice:create',
    update: 'notice:update',
    delete: 'notice:delete',
  },
  actions: {
    ...actionsOf('notice'),
    remind: {
      permission: 'notice:publish',
      title: { zh: '提醒未读', en: 'Remind' },
      body: noticeRemindBodySchema,
      answer: noticeRemindAnswerSchema,
    },
  },
});

export const platformNoticesResource = defineResource({
  name: 'notices',
  scope: 'dmp',
  title: { zh: '平台通知公告', en: 'Platform notice' },
  row: platformNoticeRowSchema,
  recordLabel: (row) => row.title,
  create: platformNoticeCreateSchema,
  update: platformNoticeUpdateSchema,
  filters,
  sortable,
  defaultSort: '-createdAt',
  searchable: ['title'],
  columns,
  fields,
  permissions: {
    list: 'platform-notice:list',
    create: 'platform-notice:create',
    update: 'platform-notice:update',
    delete: 'platform-notice:delete',
  },
  actions: actionsOf('platform-notice'),
});

// The member's side: the header's 通知公告 and /umpNoticeDetail.

export const noticeScopeSchema = z.enum(['tenant', 'platform']);

export const myNoticeSchema = z.object({
  id: z.string(),
  /** Whose notice it is: the tenant's or the platform's. */
  scope: noticeScopeSchema,
  title: z.string(),
  type: noticeTypeSchema,
  level: noticeLevelSchema,
  publishAt: z.string(),
  expiresAt: z.string().nullable(),
  pinned: z.boolean(),
  mustRead: z.boolean(),
  publisherName: z.string().nullable(),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type MyNotice = z.infer<typeof myNoticeSchema>;

export const myNoticeDetailSchema = myNoticeSchema.extend({
  body: z.string(),
  attachments: z.array(storedFileSchema),
});
export type MyNoticeDetail = z.infer<typeof myNoticeDetailSchema>;

export const myNoticesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  unread: z.enum(['true', 'false']).optional(),
});
export type MyNoticesQuery = z.infer<typeof myNoticesQuerySchema>;

export const myNoticesAnswerSchema = z.object({
  items: z.array(myNoticeSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MyNoticesAnswer = z.infer<typeof myNoticesAnswerSchema>;

export const noticeUnreadSchema = z.object({
  unread: z.number().int(),
  /** Must-read notices not confirmed yet. */
  toConfirm: z.number().int(),
});
export type NoticeUnread = z.infer<typeof noticeUnreadSchema>;

export const noticeIdParamsSchema = z.object({ id: z.string().trim().min(1).max(100) });

// Read receipts (the administrator's side).

export const noticeReceiptsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
  /** true: those who read it; false: those who have not. */
  read: z.enum(['true', 'false']).optional(),
});
export type NoticeReceiptsQuery = z.infer<typeof noticeReceiptsQuerySchema>;

export const noticeReceiptSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  username: z.string(),
  departmentName: z.string().nullable(),
  readAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type NoticeReceipt = z.infer<typeof noticeReceiptSchema>;

export const noticeReceiptsAnswerSchema = z.object({
  items: z.array(noticeReceiptSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  audienceCount: z.number().int(),
  readCount: z.number().int(),
  confirmedCount: z.number().int(),
  /** readCount / audienceCount, 0..1 (0 for an empty audience). */
  readRate: z.number(),
});
export type NoticeReceiptsAnswer = z.infer<typeof noticeReceiptsAnswerSchema>;
