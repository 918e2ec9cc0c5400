import { TODOS_CHANGED_CHANNEL, type TodoCount } from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { todosRepo } from '../todos/repo';
import { createMemberCounts } from './member-counts';

/**
 * The header's live to-do count: the to-dos service announces each create, done and undo on
 * TODOS_CHANGED_CHANNEL; every instance reads the count again for its open shells of those members.
 */
export const createTodoCounts = (deps: { db: Database; pubsub: PubSub }) =>
  createMemberCounts<TodoCount>({
    pubsub: deps.pubsub,
    channels: [TODOS_CHANGED_CHANNEL],
    read: (member) => deps.db.withTenant(member.tenantId, (tx) => todosRepo.countMine(tx, member.accountId)),
  });

export type TodoCounts = ReturnType<typeof createTodoCounts>;
