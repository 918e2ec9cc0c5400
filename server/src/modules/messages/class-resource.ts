import {
  type MessageChannel,
  type MessageClassCreate,
  type MessageClassRow,
  type MessageClassUpdate,
  messageClassesResource,
} from '@uniwim/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { type FieldSql, listPage } from '../../platform/admin/list-sql';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { messageClasses } from './schema';
import { templatesOfClass } from './template-resource';

type Stored = typeof messageClasses.$inferSelect;

const rowOf = (row: Stored): MessageClassRow => ({
  id: row.id,
  name: row.name,
  channels: row.channels as MessageChannel[],
  priority: row.priority,
  userSwitchable: row.userSwitchable,
  description: row.description,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const fields: FieldSql = {
  name: messageClasses.name,
  description: messageClasses.description,
  priority: messageClasses.priority,
  userSwitchable: messageClasses.userSwitchable,
  createdAt: messageClasses.createdAt,
  updatedAt: messageClasses.updatedAt,
};

/** One class of the tenant (row-level security narrows every read to it). */
const one = async (tx: Tx, id: string): Promise<MessageClassRow | undefined> => {
  const [row] = await tx.select().from(messageClasses).where(eq(messageClasses.id, id));
  return row ? rowOf(row) : undefined;
};

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;

/**
 * A name is the tenant's once. The unique constraint stays the guard, but under row-level security
 * PostgreSQL keeps the key out of its refusal, so the field is named from here.
 */
const assertNameFree = async (tx: Tx, name: string, exceptId?: string) => {
  const [taken] = await tx
    .select({ id: messageClasses.id })
    .from(messageClasses)
    .where(and(eq(messageClasses.name, name), exceptId ? ne(messageClasses.id, exceptId) : undefined));
  if (taken)
    throw new AppError('DUPLICATE', '分类名称已存在', [{ path: 'body.name', message: '分类名称已存在' }]);
};

/** `/ump/admin/message-classes` (/messageMessageClass). */
const classStore = (): ResourceStore<MessageClassRow, MessageClassCreate, MessageClassUpdate> => ({
  label: (row) => row.name,
  list: async (tx, query) => {
    const { items, total } = await listPage(tx, {
      declaration: messageClassesResource,
      fields,
      table: messageClasses,
      id: messageClasses.id,
      query,
    });
    return { items: (items as Stored[]).map(rowOf), total };
  },
  get: (tx, id) => one(tx, id),
  create: async (tx, input, ctx) => {
    await assertNameFree(tx, input.name);
    const id = newId('mc-');
    await tx.insert(messageClasses).values({
      tenantId: tenantOf(ctx),
      id,
      name: input.name,
      channels: input.channels,
      priority: input.priority ?? 'normal',
      userSwitchable: input.userSwitchable ?? false,
      description: input.description ?? null,
    });
    return (await one(tx, id))!;
  },
  update: async (tx, row, input, version) => {
    if (input.name !== undefined && input.name !== row.name) await assertNameFree(tx, input.name, row.id);
    // Classes are keyed by (tenant, id); the tenant's row-level security narrows it to one row.
    await updateAtVersion(tx, messageClasses as never, row.id, version, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.channels === undefined ? {} : { channels: input.channels }),
      ...(input.priority === undefined ? {} : { priority: input.priority }),
      ...(input.userSwitchable === undefined ? {} : { userSwitchable: input.userSwitchable }),
      ...(input.description === undefined ? {} : { description: input.description }),
    } as never);
    return (await one(tx, row.id))!;
  },
  remove: async (tx, row) => {
    const used = await templatesOfClass(tx, row.id);
    if (used > 0)
      throw new AppError('IN_USE', `有${used}个消息模板使用分类“${row.name}”，请先修改或删除这些模板`);
    const removed = await tx
      .delete(messageClasses)
      .where(and(eq(messageClasses.id, row.id), eq(messageClasses.version, row.version)))
      .returning({ id: messageClasses.id });
    if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
  },
});

export const messageClassAdminResource = (): ResourceDefinition => ({
  declaration: messageClassesResource,
  store: classStore() as unknown as ResourceDefinition['store'],
});
