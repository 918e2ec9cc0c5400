import type { MyNoticeDetail, MyNoticesAnswer, MyNoticesQuery, NoticeUnread } from '@uniwim/contracts';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { PubSub } from '../../platform/pubsub/pubsub';
import { listenerBatches } from './listener-batches';
import type { Member, NoticeMemberRepo } from './member-repo';
import type { NoticeReminder } from './remind';
import { EVERY_TENANT, noticesDueBetween } from './schedule-sweep';

export const NOTICES_CHANGED_CHANNEL = 'notices-changed';
export const NOTICES_REMIND_CHANNEL = 'notices-remind';
/** How often an instance looks for scheduled notices that came due (or expired) for its shells. */
const SCHEDULE_SWEEP_MS = 10_000;

/** An open shell listening for its member's notice count (the header's 通知公告). */
export interface NoticeListener {
  member: Member;
  send(unread: NoticeUnread): void;
  /** An administrator reminded the member of a notice they have not read. */
  remind(notice: { id: string; title: string }): void;
}

/**
 * The member's side of notices (issue 15): their list, the detail that records the read, the
 * confirmation of a must-read one, the unread count; and the live count of open shells. A change
 * is announced through the PubSub to every instance; each instance tells only its own shells of
 * the changed tenant (a platform notice: all), each its own member's count, so nobody learns of a
 * notice outside their tenant or audience.
 */
export const createNoticeService = (
  repo: NoticeMemberRepo,
  pubsub: PubSub,
  db: Database,
  options: {
    sweepMs?: number;
    onError?(error: unknown): void;
    /** After a member's confirmation of a must-read notice committed (its to-do is done). */
    onConfirmed?(member: Member, noticeId: string): Promise<void>;
  } = {},
) => {
  const listeners = new Set<NoticeListener>();

  const memberOf = (session: { tenantId: string | null; accountId: string }): Member | null =>
    session.tenantId ? { tenantId: session.tenantId, accountId: session.accountId } : null;

  const tell = async (listener: NoticeListener) => {
    try {
      listener.send(await repo.unread(listener.member));
    } catch {
      // The next change tells it again; a failed read must not stop the others.
    }
  };

  /**
   * Tells the shells of a change: one statement per tenant and batch of members (the count of 2,000
   * shells of one tenant was 2,000 statements, seconds late for the last ones). A failed batch
   * leaves its shells to the next change and does not stop the others.
   */
  const changed = async (scope: string) => {
    const due = [...listeners].filter(
      (listener) => scope === EVERY_TENANT || listener.member.tenantId === scope,
    );
    for (const batch of listenerBatches(due)) {
      try {
        const counts = await repo.unreadOfMany(batch.tenantId, batch.accountIds);
        for (const listener of batch.listeners) {
          const count = counts.get(listener.member.accountId);
          if (count && listeners.has(listener)) listener.send(count);
        }
      } catch (error) {
        options.onError?.(error);
      }
    }
  };

  return {
    mine: async (
      session: { tenantId: string | null; accountId: string },
      query: MyNoticesQuery,
    ): Promise<MyNoticesAnswer> => {
      const member = memberOf(session);
      const page = member
        ? await repo.page(member, { ...query, unread: query.unread === 'true' })
        : { items: [], total: 0 };
      return { ...page, page: query.page, pageSize: query.pageSize };
    },

    unread: async (session: { tenantId: string | null; accountId: string }): Promise<NoticeUnread> => {
      const member = memberOf(session);
      return member ? repo.unread(member) : { unread: 0, toConfirm: 0 };
    },

    /** Opens the notice (recording the read); with `confirm`, confirms a must-read one. */
    open: async (
      session: { tenantId: string | null; accountId: string },
      id: string,
      confirm: boolean,
    ): Promise<MyNoticeDetail> => {
      const member = memberOf(session);
      const found = member ? await repo.open(member, id, confirm) : undefined;
      if (found === undefined) throw new AppError('NOTICE_NOT_FOUND');
      if (found === 'not-must-read') throw new AppError('NOTICE_NOT_MUST_READ');
      if (confirm && member && found.confirmedAt) await options.onConfirmed?.(member, id);
      return found;
    },

    /** A shell starts listening; answers how to stop. Its current count is sent at once. */
    listen: (listener: NoticeListener) => {
      listeners.add(listener);
      void tell(listener);
      return () => listeners.delete(listener);
    },

    /** After a committed publish or revoke: every instance tells its shells of that tenant (null: all). */
    announce: (tenantId: string | null) => pubsub.publish(NOTICES_CHANGED_CHANNEL, tenantId ?? EVERY_TENANT),

    /**
     * Changes announced by any instance reach this one's shells; and every few seconds this instance
     * tells its own shells of notices whose scheduled time came or that expired (no write announces
     * those). Answers how to stop both.
     */
    /** After a committed reminder: every instance tells those members' open shells. */
    remind: (reminder: NoticeReminder) => pubsub.publish(NOTICES_REMIND_CHANNEL, JSON.stringify(reminder)),

    listenForChanges: async () => {
      const unsubscribeChanges = await pubsub.subscribe(
        NOTICES_CHANGED_CHANNEL,
        (scope) => void changed(scope),
      );
      const unsubscribeReminders = await pubsub.subscribe(NOTICES_REMIND_CHANNEL, (message) => {
        const reminder = JSON.parse(message) as NoticeReminder;
        const reminded = new Set(reminder.accountIds);
        for (const listener of listeners) {
          if (listener.member.tenantId === reminder.tenantId && reminded.has(listener.member.accountId)) {
            listener.remind({ id: reminder.noticeId, title: reminder.title });
          }
        }
      });
      const unsubscribe = async () => {
        await unsubscribeChanges();
        await unsubscribeReminders();
      };
      let since = new Date();
      const timer = setInterval(async () => {
        const until = new Date();
        if (listeners.size === 0) {
          since = until;
          return;
        }
        try {
          const scopes = await noticesDueBetween(db, since, until);
          since = until;
          for (const scope of scopes) await changed(scope);
        } catch (error) {
          options.onError?.(error);
        }
      }, options.sweepMs ?? SCHEDULE_SWEEP_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await unsubscribe();
      };
    },

    /** Open shells on this instance (tests, the bench). */
    listenerCount: () => listeners.size,
  };
};

export type NoticeService = ReturnType<typeof createNoticeService>;
