import {
  NOTICE_REMIND_INTERVAL_MINUTES,
  NOTICE_REMIND_MAX_SMS,
  type NoticeRemindBody,
  type NoticeRow,
} from '@uniwim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminContext } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { OutboxEntry } from '../messages/outbox-repo';
import { unreadMembers } from './receipts';
import { notices } from './schema';

/** Who is reminded of which notice: their open shells show it (any instance). */
export interface NoticeReminder {
  tenantId: string;
  noticeId: string;
  title: string;
  accountIds: string[];
}

export interface RemindDeps {
  remind(reminder: NoticeReminder): Promise<void>;
  /** The message outbox: reminders become in-app messages (and SMS) it delivers and retries. */
  outbox: {
    enqueue(tx: Tx, entries: readonly OutboxEntry[]): Promise<string[]>;
    wake(): void;
  };
}

/** Where a reminder's in-app message leads: the member's notices. */
export const NOTICE_REMINDER_LINK = '/umpNoticeDetail';

export const reminderText = (title: string) => `【通知公告】您有一条通知“${title}”尚未阅读，请登录平台查看。`;

/**
 * POST …/notices/<id>/remind: those of the audience who have not opened a live notice are told in
 * their open shells and by an in-app message, and with `sms` by text message (those with a mobile
 * number, at most NOTICE_REMIND_MAX_SMS); at most once in NOTICE_REMIND_INTERVAL_MINUTES. The
 * messages are rows of the outbox written in the reminder's transaction (retried until delivered).
 * The answer counts the members reminded and the text messages queued.
 */
export const remindUnread =
  (deps: RemindDeps) => async (tx: Tx, row: NoticeRow, body: unknown, ctx: AdminContext) => {
    const tenantId = ctx.operator.tenantId!;
    const { sms = false } = (body ?? {}) as NoticeRemindBody;
    if (row.status !== 'published') throw new AppError('NOTICE_NOT_REMINDABLE');
    // Claimed in one statement: two reminders at once cannot both pass the interval.
    const claimed = await tx
      .update(notices)
      .set({ remindedAt: sql`now()` })
      .where(
        and(
          eq(notices.id, row.id),
          sql`(${notices.remindedAt} IS NULL OR ${notices.remindedAt} <= now() - make_interval(mins => ${NOTICE_REMIND_INTERVAL_MINUTES}))`,
        ),
      )
      .returning({ id: notices.id });
    if (claimed.length === 0) throw new AppError('NOTICE_REMIND_TOO_SOON');
    const unread = await unreadMembers(tx, tenantId, row.id);
    const mobiles = sms
      ? unread
          .flatMap(({ accountId, mobile }) => (mobile ? [{ accountId, mobile }] : []))
          .slice(0, NOTICE_REMIND_MAX_SMS)
      : [];
    const text = reminderText(row.title);
    const common = {
      tenantId,
      source: 'notice-remind' as const,
      content: text,
      createdBy: ctx.operator.name,
      priority: 'high' as const,
    };
    await deps.outbox.enqueue(tx, [
      ...unread.map((member) => ({
        ...common,
        accountId: member.accountId,
        channel: 'in-app' as const,
        title: '通知公告提醒',
        link: NOTICE_REMINDER_LINK,
      })),
      ...mobiles.map(({ accountId, mobile }) => ({ ...common, accountId, channel: 'sms' as const, mobile })),
    ]);
    ctx.answerExtra = { remindedCount: unread.length, smsCount: mobiles.length };
    ctx.afterCommit(async () => {
      deps.outbox.wake();
      await deps.remind({
        tenantId,
        noticeId: row.id,
        title: row.title,
        accountIds: unread.map((member) => member.accountId),
      });
    });
    return undefined;
  };
