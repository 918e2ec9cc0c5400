import {
  type MyTodo,
  type MyTodoQuery,
  type TodoCount,
  type TodoRow,
  todosResource,
} from '@uniwim/contracts';
import { and, count, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { accounts, tenantMemberships } from '../../db/schema';
import { type FieldSql, type ListQuery, listOrder, listWhere, offsetOf } from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { isoOrNull, isoString } from '../../platform/db/raw-values';
import { todos } from './schema';

/** Open and past its due time (the clock of the database, the same for every instance). */
const overdueSql = sql<boolean>`(${todos.status} = 'open' AND ${todos.dueAt} IS NOT NULL AND ${todos.dueAt} < now())`;

/**
 * The transaction's tenant, said again in the WHERE: row-level security already keeps other
 * tenants' rows out, but its policy (tenant or platform scope) is an OR the planner cannot match to
 * the (tenant_id, account_id, …) indexes, so a member's list read every to-do of every tenant.
 */
const inTransactionTenant = sql`${todos.tenantId} = current_setting('app.tenant_id', true)`;

const columns = {
  id: todos.id,
  accountId: todos.accountId,
  username: accounts.username,
  userName: accounts.name,
  source: todos.source,
  applicationId: todos.applicationId,
  externalId: todos.externalId,
  title: todos.title,
  link: todos.link,
  dueAt: todos.dueAt,
  status: todos.status,
  overdue: overdueSql,
  doneAt: todos.doneAt,
  createdAt: todos.createdAt,
  updatedAt: todos.updatedAt,
  version: todos.version,
};

type Selected = {
  [K in keyof typeof columns]: unknown;
};

const rowOf = (row: Selected): TodoRow => ({
  id: String(row.id),
  accountId: String(row.accountId),
  username: String(row.username),
  userName: String(row.userName),
  source: String(row.source),
  applicationId: (row.applicationId as string | null) ?? null,
  externalId: (row.externalId as string | null) ?? null,
  title: String(row.title),
  link: (row.link as string | null) ?? null,
  dueAt: isoOrNull(row.dueAt),
  status: row.status as TodoRow['status'],
  overdue: row.overdue === true || row.overdue === 't',
  doneAt: isoOrNull(row.doneAt),
  createdAt: isoString(row.createdAt),
  updatedAt: isoString(row.updatedAt),
  version: Number(row.version),
});

const mine = ({ accountId: _a, username: _u, userName: _n, ...todo }: TodoRow): MyTodo => todo;

const fields: FieldSql = {
  status: todos.status,
  source: todos.source,
  username: accounts.username,
  title: todos.title,
  overdue: overdueSql,
  dueAt: todos.dueAt,
  createdAt: todos.createdAt,
};

const selectRows = (tx: Tx) =>
  tx.select(columns).from(todos).innerJoin(accounts, eq(accounts.id, todos.accountId));

/**
 * The SQL of to-dos, run inside the tenant's row-level-security scope (the caller's transaction):
 * nothing here names the tenant in a WHERE, except where a row is written.
 */
export const todosRepo = {
  /** The administrators' list: every member's to-dos of the tenant. */
  adminList: async (tx: Tx, query: ListQuery) => {
    const where = listWhere(todosResource, fields, query);
    const [items, [total]] = await Promise.all([
      selectRows(tx)
        .where(where)
        .orderBy(...listOrder(todosResource, fields, query, todos.id))
        .limit(query.pageSize)
        .offset(offsetOf(query)),
      tx
        .select({ n: count() })
        .from(todos)
        .innerJoin(accounts, eq(accounts.id, todos.accountId))
        .where(where),
    ]);
    return { items: items.map(rowOf), total: total?.n ?? 0 };
  },

  get: async (tx: Tx, id: string): Promise<TodoRow | undefined> => {
    const [row] = await selectRows(tx).where(and(inTransactionTenant, eq(todos.id, id)));
    return row ? rowOf(row) : undefined;
  },

  /** A member's own list: open ones by due time (overdue first), done ones by when they were done. */
  listMine: async (tx: Tx, accountId: string, query: MyTodoQuery) => {
    const own = and(inTransactionTenant, eq(todos.accountId, accountId))!;
    const where = query.status === 'all' ? own : and(own, eq(todos.status, query.status));
    const order: SQL[] =
      query.status === 'done'
        ? [sql`${todos.doneAt} DESC NULLS LAST`, desc(todos.id)]
        : [
            sql`${todos.status} = 'done'`,
            sql`${todos.dueAt} ASC NULLS LAST`,
            desc(todos.createdAt),
            desc(todos.id),
          ];
    const [items, [total]] = await Promise.all([
      selectRows(tx)
        .where(where)
        .orderBy(...order)
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      tx.select({ n: count() }).from(todos).where(where),
    ]);
    return { items: items.map((row) => mine(rowOf(row))), total: total?.n ?? 0 };
  },

  countMine: async (tx: Tx, accountId: string): Promise<TodoCount> => {
    const [row] = await tx
      .select({
        open: count(),
        overdue: sql<number>`count(*) FILTER (WHERE ${todos.dueAt} IS NOT NULL AND ${todos.dueAt} < now())`,
      })
      .from(todos)
      .where(and(inTransactionTenant, eq(todos.accountId, accountId), eq(todos.status, 'open')));
    return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0) };
  },

  /**
   * Sets the status of some to-dos (of one member when `accountId` is given); answers the ids that
   * changed. Already in that status: untouched (done twice is still done once).
   */
  setStatus: async (
    tx: Tx,
    ids: string[],
    status: 'open' | 'done',
    accountId?: string,
  ): Promise<string[]> => {
    const changed = await tx
      .update(todos)
      .set({
        status,
        doneAt: status === 'done' ? sql`now()` : null,
        version: sql`${todos.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          inTransactionTenant,
          inArray(todos.id, ids),
          sql`${todos.status} <> ${status}`,
          accountId === undefined ? undefined : eq(todos.accountId, accountId),
        ),
      )
      .returning({ id: todos.id });
    return changed.map((row) => row.id);
  },

  /** Ids among `ids` that are the member's. */
  ownedBy: async (tx: Tx, ids: string[], accountId: string): Promise<string[]> => {
    const rows = await tx
      .select({ id: todos.id })
      .from(todos)
      .where(and(inTransactionTenant, inArray(todos.id, ids), eq(todos.accountId, accountId)));
    return rows.map((row) => row.id);
  },

  remove: async (tx: Tx, id: string, version: number): Promise<boolean> => {
    const removed = await tx
      .delete(todos)
      .where(and(eq(todos.id, id), eq(todos.version, version)))
      .returning({ id: todos.id });
    return removed.length > 0;
  },

  /** The account of a user name if it is a member of the transaction's tenant. */
  memberByUsername: async (tx: Tx, tenantId: string, username: string): Promise<string | undefined> => {
    const [row] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(
        tenantMemberships,
        and(eq(tenantMemberships.accountId, accounts.id), eq(tenantMemberships.tenantId, tenantId)),
      )
      .where(eq(accounts.username, username));
    return row?.id;
  },

  insert: (tx: Tx, values: typeof todos.$inferInsert) =>
    tx.insert(todos).values(values).onConflictDoNothing().returning({ id: todos.id }),

  /** The to-do an application created before under its own key. */
  byExternalId: async (tx: Tx, clientId: string, externalId: string) => {
    const [row] = await selectRows(tx).where(
      and(eq(todos.clientId, clientId), isNotNull(todos.externalId), eq(todos.externalId, externalId)),
    );
    return row ? rowOf(row) : undefined;
  },
};
