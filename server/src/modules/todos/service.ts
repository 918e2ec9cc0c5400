import {
  type MyTodoPage,
  type MyTodoQuery,
  TODO_PLATFORM_SOURCE,
  type TodoCount,
  type TodoRow,
  type todoCreateBodySchema,
} from '@uniwim/contracts';
import type { z } from 'zod';
import { newId } from '../../platform/crypto/tokens';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { ApiClientCaller } from '../api-clients/service';
import { todosRepo as repo } from './repo';

type TodoCreate = z.output<typeof todoCreateBodySchema>;

/** Who works an inbox: a member signed in to a tenant (a session without one has no to-dos). */
export interface TodoMember {
  accountId: string;
  tenantId: string | null;
}

/** What the platform's own features post (a notice that must be read): already resolved to a member. */
export interface PlatformTodo {
  tenantId: string;
  accountId: string;
  title: string;
  link?: string | null;
  dueAt?: Date | null;
  /** The feature's own key: posting it again for the same member answers the to-do already there. */
  externalId?: string | null;
}

const EMPTY_COUNT: TodoCount = { open: 0, overdue: 0 };

/**
 * Members' to-dos: their own inbox (list, count, done and undo one or many) and the two ways items
 * arrive: from applications through their API credential, and from the platform's own features.
 */
export const createTodoService = (deps: {
  db: Database;
  /** After a committed create, done or undo: those members' header counts changed (live). */
  changed?(tenantId: string, accountIds: string[]): Promise<void>;
}) => {
  const announce = async (tenantId: string, accountIds: string[]) => {
    // The count is a convenience: a failed announcement must not fail the change that committed.
    await deps.changed?.(tenantId, accountIds).catch(() => undefined);
  };

  /** The member's tenant, or TODO_NOT_FOUND: writes outside a tenant find nothing. */
  const tenantOf = (member: TodoMember): string => {
    if (!member.tenantId) throw new AppError('TODO_NOT_FOUND');
    return member.tenantId;
  };

  const setMine = async (member: TodoMember, ids: string[], status: 'open' | 'done') => {
    const tenantId = tenantOf(member);
    const updated = await deps.db.withTenant(tenantId, async (tx) => {
      const unique = [...new Set(ids)];
      const owned = await repo.ownedBy(tx, unique, member.accountId);
      if (owned.length !== unique.length) {
        // All or none: an id that is not the member's stops the whole request.
        throw new AppError('TODO_NOT_FOUND', `待办不存在或已删除（${unique.length - owned.length}条）`);
      }
      return (await repo.setStatus(tx, unique, status, member.accountId)).length;
    });
    if (updated > 0) await announce(tenantId, [member.accountId]);
    return updated;
  };

  const insert = async (
    tenantId: string,
    values: Omit<Parameters<typeof repo.insert>[1], 'tenantId' | 'id'>,
  ): Promise<TodoRow> => {
    const { row, created } = await deps.db.withTenant(tenantId, async (tx) => {
      const id = newId('td-');
      const [inserted] = await repo.insert(tx, { tenantId, id, ...values });
      if (!inserted && values.externalId) {
        // The same key again (a retry, or two requests at once): the to-do already there.
        const existing = values.clientId
          ? await repo.byExternalId(tx, values.clientId, values.externalId)
          : undefined;
        if (existing) return { row: existing, created: false };
      }
      return { row: (await repo.get(tx, id))!, created: Boolean(inserted) };
    });
    if (created) await announce(tenantId, [values.accountId]);
    return row;
  };

  return {
    listMine: async (member: TodoMember, query: MyTodoQuery): Promise<MyTodoPage> => {
      const page = { page: query.page, pageSize: query.pageSize };
      if (!member.tenantId) return { items: [], total: 0, ...page };
      const found = await deps.db.withTenant(member.tenantId, (tx) =>
        repo.listMine(tx, member.accountId, query),
      );
      return { ...found, ...page };
    },

    countMine: async (member: TodoMember): Promise<TodoCount> =>
      member.tenantId
        ? deps.db.withTenant(member.tenantId, (tx) => repo.countMine(tx, member.accountId))
        : EMPTY_COUNT,

    /** Done (or open again) for each id, all of them the member's; answers how many changed. */
    setMine,

    /**
     * An application's to-do for a member of its credential's tenant. With `externalId`, posting the
     * same key again answers the first to-do: an application may retry without making a second one.
     */
    createFromClient: async (caller: ApiClientCaller, body: TodoCreate): Promise<TodoRow> => {
      if (!caller.tenantId) throw new AppError('TODO_CLIENT_WITHOUT_TENANT');
      const tenantId = caller.tenantId;
      const accountId = await deps.db.withTenant(tenantId, (tx) =>
        repo.memberByUsername(tx, tenantId, body.username),
      );
      if (!accountId) {
        throw new AppError('MEMBER_NOT_FOUND', `用户“${body.username}”不存在或不属于当前租户`, [
          { path: 'body.username', message: '用户不存在或不属于当前租户' },
        ]);
      }
      return insert(tenantId, {
        accountId,
        source: caller.name,
        clientId: caller.clientId,
        applicationId: caller.applicationId,
        externalId: body.externalId ?? null,
        title: body.title,
        link: body.link ?? null,
        dueAt: body.dueAt ? new Date(body.dueAt) : null,
      });
    },

    /** A to-do of the platform's own features (source `platform`). */
    createForPlatform: (todo: PlatformTodo): Promise<TodoRow> =>
      insert(todo.tenantId, {
        accountId: todo.accountId,
        source: TODO_PLATFORM_SOURCE,
        clientId: todo.externalId ? TODO_PLATFORM_SOURCE : null,
        applicationId: null,
        externalId: todo.externalId ?? null,
        title: todo.title,
        link: todo.link ?? null,
        dueAt: todo.dueAt ?? null,
      }),
  };
};

export type TodoService = ReturnType<typeof createTodoService>;
