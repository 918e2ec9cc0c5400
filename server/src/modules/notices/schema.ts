import type { StoredFile } from '@uniwim/contracts';
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Migration 0029: notices (issue 15). `status` is what the administrator did (draft, published,
 * revoked); scheduled and expired follow from publish_at and expires_at when read.
 */

const common = {
  id: text('id').notNull(),
  title: text('title').notNull(),
  type: text('type', { enum: ['notice', 'announcement'] }).notNull(),
  level: text('level', { enum: ['normal', 'important', 'urgent'] }).notNull(),
  /** Sanitised HTML only. */
  body: text('body').notNull(),
  attachments: jsonb('attachments').$type<StoredFile[]>().notNull().default([]),
  status: text('status', { enum: ['draft', 'published', 'revoked'] })
    .notNull()
    .default('draft'),
  publishAt: timestamp('publish_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  pinned: boolean('pinned').notNull().default(false),
  mustRead: boolean('must_read').notNull().default(false),
  createdBy: text('created_by'),
  createdByName: text('created_by_name'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const notices = pgTable(
  'notices',
  {
    tenantId: text('tenant_id').notNull(),
    ...common,
    audienceKind: text('audience_kind', { enum: ['all', 'departments', 'roles', 'users'] }).notNull(),
    departmentIds: jsonb('department_ids').$type<string[]>().notNull().default([]),
    includeSubDepartments: boolean('include_sub_departments').notNull().default(true),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    accountIds: jsonb('account_ids').$type<string[]>().notNull().default([]),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

export const platformNotices = pgTable('platform_notices', { ...common, id: text('id').primaryKey() });

export const noticeReads = pgTable(
  'notice_reads',
  {
    tenantId: text('tenant_id').notNull(),
    noticeId: text('notice_id').notNull(),
    accountId: text('account_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.noticeId, t.accountId] })],
);
