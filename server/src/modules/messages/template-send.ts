import { fillTemplate, type MessageChannel, missingTemplateParams, templateParams } from '@uniwim/contracts';
import { and, eq, inArray, or } from 'drizzle-orm';
import { accounts, tenantMemberships } from '../../db/schema';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { OutboxEntry } from './outbox-repo';
import { messageClasses, messageTemplates } from './schema';

/** A templated message to members of one tenant, before it becomes outbox rows. */
export interface TemplatedMessage {
  tenantId: string;
  templateCode: string;
  params: Record<string, string>;
  accountIds?: readonly string[];
  usernames?: readonly string[];
  link?: string | null;
  source: OutboxEntry['source'];
  /** Who asked: an administrator's user name, or an API credential's name. */
  createdBy: string;
}

type Template = typeof messageTemplates.$inferSelect;

/** The tenant's template by code (row-level security: another tenant's is not found). */
const templateByCode = async (tx: Tx, code: string): Promise<Template> => {
  const [found] = await tx.select().from(messageTemplates).where(eq(messageTemplates.code, code));
  if (!found) {
    throw new AppError('MESSAGE_TEMPLATE_NOT_FOUND', `消息模板“${code}”不存在`, [
      { path: 'body.templateCode', message: '消息模板不存在' },
    ]);
  }
  return found;
};

/** Every `{param}` of every channel has a value, or the answer names those that have none. */
export const assertParamsGiven = (template: Template, values: Record<string, string>, path: string) => {
  const missing = missingTemplateParams(
    values,
    template.inAppTitle,
    template.inAppContent,
    template.smsContent,
  );
  if (missing.length === 0) return;
  throw new AppError(
    'MESSAGE_TEMPLATE_PARAMS_MISSING',
    `模板参数缺失：${missing.join('、')}`,
    missing.map((name) => ({ path: `${path}.${name}`, message: `请填写参数“${name}”` })),
  );
};

/** The members named, each once, with their mobile number; names that are not members are refused. */
const recipientsOf = async (tx: Tx, message: TemplatedMessage) => {
  const ids = [...new Set(message.accountIds ?? [])];
  const names = [...new Set(message.usernames ?? [])];
  const found = await tx
    .select({ id: accounts.id, username: accounts.username, mobile: accounts.mobile })
    .from(accounts)
    .innerJoin(
      tenantMemberships,
      and(eq(tenantMemberships.accountId, accounts.id), eq(tenantMemberships.tenantId, message.tenantId)),
    )
    .where(
      and(
        eq(tenantMemberships.status, 'active'),
        or(
          ids.length > 0 ? inArray(accounts.id, ids) : undefined,
          names.length > 0 ? inArray(accounts.username, names) : undefined,
        ),
      ),
    );
  const missing = [
    ...ids.filter((id) => !found.some((row) => row.id === id)),
    ...names.filter((name) => !found.some((row) => row.username === name)),
  ];
  if (missing.length > 0) {
    throw new AppError(
      'MESSAGE_RECIPIENT_NOT_FOUND',
      `接收人不存在或不属于当前租户：${missing.slice(0, 20).join('、')}${missing.length > 20 ? '等' : ''}`,
    );
  }
  return [...new Map(found.map((row) => [row.id, row])).values()];
};

/**
 * The outbox rows of a templated message: one per recipient and channel of the template's class,
 * each filled in. Refuses an unknown or disabled template, missing parameters and unknown recipients
 * before anything is written.
 */
export const templatedEntries = async (
  tx: Tx,
  message: TemplatedMessage,
  paramsPath = 'body.params',
): Promise<{ entries: OutboxEntry[]; recipients: number }> => {
  const template = await templateByCode(tx, message.templateCode);
  if (template.status !== 'enabled') throw new AppError('MESSAGE_TEMPLATE_DISABLED');
  assertParamsGiven(template, message.params, paramsPath);
  const [found] = await tx.select().from(messageClasses).where(eq(messageClasses.id, template.classId));
  const channels = (found?.channels ?? []) as MessageChannel[];
  const recipients = await recipientsOf(tx, message);
  const fill = (text: string | null) => (text ? fillTemplate(text, message.params) : null);
  const inAppContent = fill(template.inAppContent) ?? fill(template.smsContent) ?? template.name;
  const smsContent = fill(template.smsContent) ?? inAppContent;
  const smsParams = templateParams(template.smsContent).map((name) => ({
    name,
    value: message.params[name] ?? '',
  }));
  const common = {
    tenantId: message.tenantId,
    source: message.source,
    classId: template.classId,
    templateCode: template.code,
    templateParams: message.params,
    link: message.link ?? null,
    priority: found?.priority ?? 'normal',
    createdBy: message.createdBy,
  };
  const entries = recipients.flatMap((recipient): OutboxEntry[] => [
    ...(channels.includes('in-app')
      ? [
          {
            ...common,
            accountId: recipient.id,
            channel: 'in-app' as const,
            title: fill(template.inAppTitle) ?? template.name,
            content: inAppContent,
          },
        ]
      : []),
    ...(channels.includes('sms')
      ? [
          {
            ...common,
            accountId: recipient.id,
            channel: 'sms' as const,
            content: smsContent,
            mobile: recipient.mobile,
            smsTemplateId: template.smsTemplateId,
            smsParams,
            ...(recipient.mobile ? {} : { skippedBecause: '接收人没有手机号' }),
          },
        ]
      : []),
  ]);
  return { entries, recipients: recipients.length };
};
