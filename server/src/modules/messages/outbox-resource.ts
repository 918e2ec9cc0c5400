import { type MessageOutboxRow, messageOutboxResource } from '@uniwim/contracts';
import { count, eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { type FieldSql, listOrder, listWhere, offsetOf } from '../../platform/admin/list-sql';
import type { ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { outboxRepo } from './outbox-repo';
import { messageOutbox } from './outbox-schema';

const columns = { row: messageOutbox, username: accounts.username, userName: accounts.name };
type Selected = { row: typeof messageOutbox.$inferSelect; username: string; userName: string };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const rowOf = ({ row, username, userName }: Selected): MessageOutboxRow => ({
  id: row.id,
  accountId: row.accountId,
  username,
  userName,
  channel: row.channel,
  source: row.source,
  templateCode: row.templateCode,
  title: row.title,
  content: row.content,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  nextAttemptAt: iso(row.nextAttemptAt),
  sentAt: iso(row.sentAt),
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const fields: FieldSql = {
  status: messageOutbox.status,
  channel: messageOutbox.channel,
  source: messageOutbox.source,
  templateCode: messageOutbox.templateCode,
  username: accounts.username,
  attempts: messageOutbox.attempts,
  createdAt: messageOutbox.createdAt,
  updatedAt: messageOutbox.updatedAt,
};

const selectRows = (tx: Tx) =>
  tx.select(columns).from(messageOutbox).innerJoin(accounts, eq(accounts.id, messageOutbox.accountId));

const one = async (tx: Tx, id: string) => {
  const [found] = await selectRows(tx).where(eq(messageOutbox.id, id));
  return found ? rowOf(found) : undefined;
};

/**
 * `/ump/admin/message-outbox`: what the tenant's messages became, row by row (read-only; the
 * tenant's row-level security narrows every read). A given-up row may be sent again.
 */
const outboxStore = (deps: { wake(): void }): ResourceStore<MessageOutboxRow> => ({
  label: (row) => `${row.templateCode ?? row.source} → ${row.username}（${row.channel}）`,
  list: async (tx, query) => {
    const where = listWhere(messageOutboxResource, fields, query);
    const [items, [total]] = await Promise.all([
      selectRows(tx)
        .where(where)
        .orderBy(...listOrder(messageOutboxResource, fields, query, messageOutbox.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      tx
        .select({ n: count() })
        .from(messageOutbox)
        .innerJoin(accounts, eq(accounts.id, messageOutbox.accountId))
        .where(where),
    ]);
    return { items: items.map(rowOf), total: total?.n ?? 0 };
  },
  get: (tx, id) => one(tx, id),
  actions: {
    retry: async (tx, row, _body, ctx) => {
      if (!(await outboxRepo.retry(tx, row.id))) throw new AppError('MESSAGE_OUTBOX_NOT_RETRYABLE');
      ctx.afterCommit(async () => deps.wake());
      return undefined;
    },
  },
});

export const messageOutboxAdminResource = (deps: { wake(): void }): ResourceDefinition => ({
  declaration: messageOutboxResource,
  store: outboxStore(deps) as unknown as ResourceDefinition['store'],
});
