import {
  type MessageChannel,
  type MessageTemplateCreate,
  type MessageTemplateRow,
  type MessageTemplateTestBody,
  type MessageTemplateUpdate,
  messageTemplatesResource,
  templateParams,
} from '@uniwim/contracts';
import { and, count, eq } from 'drizzle-orm';
import { type FieldSql, listOrder, listWhere, offsetOf } from '../../platform/admin/list-sql';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { outboxRepo } from './outbox-repo';
import { messageClasses, messageTemplates } from './schema';
import { templatedEntries } from './template-send';

const columns = { template: messageTemplates, className: messageClasses.name };
type Selected = { template: typeof messageTemplates.$inferSelect; className: string };

const rowOf = ({ template, className }: Selected): MessageTemplateRow => ({
  id: template.id,
  code: template.code,
  name: template.name,
  classId: template.classId,
  className,
  inAppTitle: template.inAppTitle,
  inAppContent: template.inAppContent,
  smsTemplateId: template.smsTemplateId,
  smsContent: template.smsContent,
  params: templateParams(template.inAppTitle, template.inAppContent, template.smsContent),
  status: template.status,
  createdAt: template.createdAt.toISOString(),
  updatedAt: template.updatedAt.toISOString(),
  version: template.version,
});

const fields: FieldSql = {
  code: messageTemplates.code,
  name: messageTemplates.name,
  classId: messageTemplates.classId,
  status: messageTemplates.status,
  createdAt: messageTemplates.createdAt,
  updatedAt: messageTemplates.updatedAt,
};

const selectRows = (tx: Tx) =>
  tx
    .select(columns)
    .from(messageTemplates)
    .innerJoin(messageClasses, eq(messageClasses.id, messageTemplates.classId));

const one = async (tx: Tx, id: string): Promise<MessageTemplateRow | undefined> => {
  const [row] = await selectRows(tx).where(eq(messageTemplates.id, id));
  return row ? rowOf(row) : undefined;
};

const refused = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `body.${field}`, message }]);

/** The class of the tenant a template names (row-level security: another tenant's is not found). */
const classOf = async (tx: Tx, classId: string) => {
  const [found] = await tx.select().from(messageClasses).where(eq(messageClasses.id, classId));
  if (!found) throw refused('classId', '消息分类不存在');
  return found;
};

type Content = Pick<MessageTemplateRow, 'inAppTitle' | 'inAppContent' | 'smsTemplateId' | 'smsContent'>;

/** A template carries the content of every channel its class sends on. */
const assertContentFits = (channels: readonly string[], content: Content) => {
  const has = (channel: MessageChannel) => channels.includes(channel);
  if (has('in-app') && !content.inAppContent)
    throw refused('inAppContent', '该分类发送站内消息，请输入站内消息内容');
  if (has('sms') && !content.smsTemplateId)
    throw refused('smsTemplateId', '该分类发送短信，请输入短信模板编号');
};

const assertCodeFree = async (tx: Tx, code: string) => {
  const [taken] = await tx
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(eq(messageTemplates.code, code));
  if (taken)
    throw new AppError('DUPLICATE', '模板编码已存在', [{ path: 'body.code', message: '模板编码已存在' }]);
};

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;
const orNull = (value: string | null | undefined) => (value ? value : null);

/** What the templates page needs of the outbox. */
export interface TemplateResourceDeps {
  /** After a committed test: the outbox worker delivers it now rather than at its next poll. */
  wake(): void;
}

/** `/ump/admin/message-templates` (/messageMessageTemplate). */
const templateStore = (
  deps: TemplateResourceDeps,
): ResourceStore<MessageTemplateRow, MessageTemplateCreate, MessageTemplateUpdate> => ({
  label: (row) => `${row.name}（${row.code}）`,
  list: async (tx, query) => {
    const where = listWhere(messageTemplatesResource, fields, query);
    const [items, [total]] = await Promise.all([
      selectRows(tx)
        .where(where)
        .orderBy(...listOrder(messageTemplatesResource, fields, query, messageTemplates.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      tx.select({ n: count() }).from(messageTemplates).where(where),
    ]);
    return { items: items.map(rowOf), total: total?.n ?? 0 };
  },
  get: (tx, id) => one(tx, id),

  create: async (tx, input, ctx) => {
    const found = await classOf(tx, input.classId);
    const content: Content = {
      inAppTitle: orNull(input.inAppTitle),
      inAppContent: orNull(input.inAppContent),
      smsTemplateId: orNull(input.smsTemplateId),
      smsContent: orNull(input.smsContent),
    };
    assertContentFits(found.channels, content);
    await assertCodeFree(tx, input.code);
    const id = newId('mt-');
    await tx.insert(messageTemplates).values({
      tenantId: tenantOf(ctx),
      id,
      code: input.code,
      name: input.name,
      classId: found.id,
      ...content,
      status: input.status ?? 'enabled',
    });
    return (await one(tx, id))!;
  },

  update: async (tx, row, input, version) => {
    const found = await classOf(tx, input.classId ?? row.classId);
    const pick = (key: keyof Content) => (input[key] === undefined ? row[key] : orNull(input[key]));
    const content: Content = {
      inAppTitle: pick('inAppTitle'),
      inAppContent: pick('inAppContent'),
      smsTemplateId: pick('smsTemplateId'),
      smsContent: pick('smsContent'),
    };
    assertContentFits(found.channels, content);
    await updateAtVersion(tx, messageTemplates as never, row.id, version, {
      name: input.name ?? row.name,
      classId: found.id,
      ...content,
      status: input.status ?? row.status,
    } as never);
    return (await one(tx, row.id))!;
  },

  remove: async (tx, row) => {
    // The outbox and the members' messages name the template by code: it stays, disabled if need be.
    if (await outboxRepo.templateUsed(tx, row.code)) throw new AppError('MESSAGE_TEMPLATE_IN_USE');
    const removed = await tx
      .delete(messageTemplates)
      .where(and(eq(messageTemplates.id, row.id), eq(messageTemplates.version, row.version)))
      .returning({ id: messageTemplates.id });
    if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
  },

  actions: {
    /** "Send a test": through the outbox like any message, to one member of the tenant. */
    test: async (tx, row, body, ctx) => {
      const test = body as MessageTemplateTestBody;
      const { entries } = await templatedEntries(
        tx,
        {
          tenantId: tenantOf(ctx),
          templateCode: row.code,
          params: test.values ?? {},
          usernames: [test.recipient],
          source: 'test',
          createdBy: ctx.operator.name,
        },
        'body.values',
      );
      await outboxRepo.enqueue(tx, entries);
      ctx.afterCommit(async () => deps.wake());
      return undefined;
    },
  },
});

/** How many templates use a class: a class in use cannot be deleted. */
export const templatesOfClass = async (tx: Tx, classId: string): Promise<number> => {
  const [row] = await tx
    .select({ n: count() })
    .from(messageTemplates)
    .where(eq(messageTemplates.classId, classId));
  return row?.n ?? 0;
};

export const messageTemplateAdminResource = (deps: TemplateResourceDeps): ResourceDefinition => ({
  declaration: messageTemplatesResource,
  store: templateStore(deps) as unknown as ResourceDefinition['store'],
});
