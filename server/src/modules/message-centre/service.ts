import {
  MESSAGES_DELIVERED_CHANNEL,
  type MessagePreferences,
  type MessageReadAnswer,
  type MessageUnread,
  type MyMessagesPage,
  type MyMessagesQuery,
} from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { createMemberCounts } from './member-counts';
import { messageCentreRepo as repo } from './repo';

/** A member's own reads: their other open shells (any instance) update their count too. */
export const MESSAGES_READ_CHANNEL = 'messages-read';

/** Who reads a message centre: a session (one without a tenant has no messages). */
export interface MessageReader {
  tenantId: string | null;
  accountId: string;
}

/**
 * The member's message centre (issue 15): their messages newest first, the unread count, marking
 * read, and their choice per message class; and the live unread count of their open shells (the
 * outbox announces each delivery on MESSAGES_DELIVERED_CHANNEL, a read here on MESSAGES_READ_CHANNEL).
 */
export const createMessageCentreService = (deps: { db: Database; pubsub: PubSub }) => {
  const counts = createMemberCounts<MessageUnread>({
    pubsub: deps.pubsub,
    channels: [MESSAGES_READ_CHANNEL, MESSAGES_DELIVERED_CHANNEL],
    read: async (member) => ({
      unread: await deps.db.withTenant(member.tenantId, (tx) => repo.unread(tx, member.accountId)),
    }),
  });

  /** The member's tenant, or MESSAGE_NOT_FOUND: writes outside a tenant find nothing. */
  const tenantOf = (reader: MessageReader): string => {
    if (!reader.tenantId) throw new AppError('MESSAGE_NOT_FOUND');
    return reader.tenantId;
  };

  const markRead = async (reader: MessageReader, ids?: string[]): Promise<MessageReadAnswer> => {
    const tenantId = tenantOf(reader);
    const answer = await deps.db.withTenant(tenantId, async (tx) => {
      let updated: number;
      if (ids) {
        const unique = [...new Set(ids)];
        const owned = await repo.ownedBy(tx, reader.accountId, unique);
        // All or none: an id that is not the member's stops the whole request.
        if (owned.length !== unique.length) {
          throw new AppError('MESSAGE_NOT_FOUND', `消息不存在或已删除（${unique.length - owned.length}条）`);
        }
        updated = await repo.markRead(tx, reader.accountId, unique);
      } else {
        updated = await repo.markRead(tx, reader.accountId);
      }
      return { updated, unread: await repo.unread(tx, reader.accountId) };
    });
    if (answer.updated > 0) await counts.announce(tenantId, [reader.accountId]);
    return answer;
  };

  return {
    mine: async (reader: MessageReader, query: MyMessagesQuery): Promise<MyMessagesPage> => {
      const page = { page: query.page, pageSize: query.pageSize };
      if (!reader.tenantId) return { items: [], total: 0, ...page };
      const found = await deps.db.withTenant(reader.tenantId, (tx) => repo.page(tx, reader.accountId, query));
      return { ...found, ...page };
    },

    unread: async (reader: MessageReader): Promise<MessageUnread> =>
      reader.tenantId
        ? { unread: await deps.db.withTenant(reader.tenantId, (tx) => repo.unread(tx, reader.accountId)) }
        : { unread: 0 },

    /** Marks some of the member's messages read (all must be theirs), or all of them without ids. */
    markRead,

    preferences: async (reader: MessageReader): Promise<MessagePreferences> =>
      reader.tenantId
        ? {
            items: await deps.db.withTenant(reader.tenantId, (tx) => repo.preferences(tx, reader.accountId)),
          }
        : { items: [] },

    /** Switches a class on or off for the member; only classes the tenant lets members switch. */
    setPreference: async (reader: MessageReader, classId: string, enabled: boolean) => {
      if (!reader.tenantId) throw new AppError('MESSAGE_CLASS_NOT_FOUND');
      const tenantId = reader.tenantId;
      return deps.db.withTenant(tenantId, async (tx) => {
        const found = await repo.messageClass(tx, classId);
        if (!found) throw new AppError('MESSAGE_CLASS_NOT_FOUND');
        if (!found.userSwitchable) throw new AppError('MESSAGE_CLASS_NOT_SWITCHABLE');
        await repo.setPreference(tx, tenantId, reader.accountId, classId, enabled);
        const items = await repo.preferences(tx, reader.accountId);
        return items.find((item) => item.classId === classId)!;
      });
    },

    /** The live unread count of open shells. */
    counts,
  };
};

export type MessageCentreService = ReturnType<typeof createMessageCentreService>;
