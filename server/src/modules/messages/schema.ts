import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Migration 0030 (checks, uniqueness and row-level security there): a tenant's message classes. */
export const messageClasses = pgTable(
  'message_classes',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    channels: text('channels').array().notNull(),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    userSwitchable: boolean('user_switchable').notNull().default(false),
    description: text('description'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Migration 0030: a tenant's message templates, each of one class. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    classId: text('class_id').notNull(),
    inAppTitle: text('in_app_title'),
    inAppContent: text('in_app_content'),
    smsTemplateId: text('sms_template_id'),
    smsContent: text('sms_content'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Migration 0032 (foreign keys, indexes and row-level security there): members' in-app messages. */
export const userMessages = pgTable(
  'user_messages',
  {
    tenantId: text('tenant_id').notNull(),
    id: text('id').notNull(),
    accountId: text('account_id').notNull(),
    classId: text('class_id'),
    templateCode: text('template_code'),
    outboxId: text('outbox_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    link: text('link'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] })
      .notNull()
      .default('normal'),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Migration 0032: a member's choice per switchable message class. */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    tenantId: text('tenant_id').notNull(),
    accountId: text('account_id').notNull(),
    classId: text('class_id').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.accountId, t.classId] })],
);
