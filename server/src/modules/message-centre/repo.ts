import type { MessagePreference, MyMessage, MyMessagesQuery } from '@uniwim/contracts';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoOrNull, isoString } from '../../platform/db/raw-values';
import { messageClasses, messagePreferences, userMessages } from '../messages/schema';

const columns = {
  id: userMessages.id,
  classId: userMessages.classId,
  className: messageClasses.name,
  templateCode: userMessages.templateCode,
  title: userMessages.title,
  content: userMessages.content,
  link: userMessages.link,
  priority: userMessages.priority,
  readAt: userMessages.readAt,
  createdAt: userMessages.createdAt,
};

const messageOf = (row: { [K in keyof typeof columns]: unknown }): MyMessage => ({
  id: String(row.id),
  classId: (row.classId as string | null) ?? null,
  className: (row.className as string | null) ?? null,
  templateCode: (row.templateCode as string | null) ?? null,
  title: String(row.title),
  content: String(row.content),
  link: (row.link as string | null) ?? null,
  priority: row.priority as MyMessage['priority'],
  readAt: isoOrNull(row.readAt),
  createdAt: isoString(row.createdAt),
});

/**
 * The SQL of the member's message centre, run inside the tenant's row-level-security scope (the
 * caller's transaction): every statement also names the member, so nobody reads or marks another's.
 */
export const messageCentreRepo = {
  page: async (tx: Tx, accountId: string, query: MyMessagesQuery) => {
    const where = and(
      eq(userMessages.accountId, accountId),
      query.unread === 'true' ? isNull(userMessages.readAt) : undefined,
      query.unread === 'false' ? sql`${userMessages.readAt} IS NOT NULL` : undefined,
      query.classId ? eq(userMessages.classId, query.classId) : undefined,
    );
    const [items, [total]] = await Promise.all([
      tx
        .select(columns)
        .from(userMessages)
        .leftJoin(messageClasses, eq(messageClasses.id, userMessages.classId))
        .where(where)
        .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      tx.select({ n: count() }).from(userMessages).where(where),
    ]);
    return { items: items.map(messageOf), total: Number(total?.n ?? 0) };
  },

  unread: async (tx: Tx, accountId: string): Promise<number> => {
    const [row] = await tx
      .select({ n: count() })
      .from(userMessages)
      .where(and(eq(userMessages.accountId, accountId), isNull(userMessages.readAt)));
    return Number(row?.n ?? 0);
  },

  /** Ids among `ids` that are the member's. */
  ownedBy: async (tx: Tx, accountId: string, ids: string[]): Promise<string[]> => {
    const rows = await tx
      .select({ id: userMessages.id })
      .from(userMessages)
      .where(and(eq(userMessages.accountId, accountId), inArray(userMessages.id, ids)));
    return rows.map((row) => row.id);
  },

  /** Marks the member's unread messages among `ids` (all of them without ids) read; answers how many. */
  markRead: async (tx: Tx, accountId: string, ids?: string[]): Promise<number> => {
    const changed = await tx
      .update(userMessages)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(userMessages.accountId, accountId),
          isNull(userMessages.readAt),
          ids ? inArray(userMessages.id, ids) : undefined,
        ),
      )
      .returning({ id: userMessages.id });
    return changed.length;
  },

  /** The tenant's classes with the member's choice (a class never switched counts as on). */
  preferences: async (tx: Tx, accountId: string): Promise<MessagePreference[]> => {
    const rows = await tx
      .select({
        classId: messageClasses.id,
        name: messageClasses.name,
        description: messageClasses.description,
        channels: messageClasses.channels,
        priority: messageClasses.priority,
        userSwitchable: messageClasses.userSwitchable,
        enabled: messagePreferences.enabled,
      })
      .from(messageClasses)
      .leftJoin(
        messagePreferences,
        and(eq(messagePreferences.classId, messageClasses.id), eq(messagePreferences.accountId, accountId)),
      )
      .orderBy(asc(messageClasses.name), asc(messageClasses.id));
    return rows.map((row) => ({
      classId: row.classId,
      name: row.name,
      description: row.description ?? null,
      channels: row.channels as MessagePreference['channels'],
      priority: row.priority,
      userSwitchable: row.userSwitchable,
      // A class the tenant made mandatory is on whatever was chosen before it became so.
      enabled: row.userSwitchable ? (row.enabled ?? true) : true,
    }));
  },

  messageClass: async (tx: Tx, classId: string) => {
    const [row] = await tx
      .select({ id: messageClasses.id, userSwitchable: messageClasses.userSwitchable })
      .from(messageClasses)
      .where(eq(messageClasses.id, classId));
    return row;
  },

  setPreference: async (tx: Tx, tenantId: string, accountId: string, classId: string, enabled: boolean) => {
    await tx
      .insert(messagePreferences)
      .values({ tenantId, accountId, classId, enabled })
      .onConflictDoUpdate({
        target: [messagePreferences.tenantId, messagePreferences.accountId, messagePreferences.classId],
        set: { enabled, updatedAt: sql`now()` },
      });
  },

  /** A message for a member (tests, the e2e seed; the outbox writes its own). */
  insert: (tx: Tx, values: typeof userMessages.$inferInsert) => tx.insert(userMessages).values(values),
};
