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
import type { SmsProvider } from '../../platform/sms/provider';
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
  sms: Pick<SmsProvider, 'send'>;
  remind(reminder: NoticeReminder): Promise<void>;
  /** A text message that could not be sent (the others still go). */
  onSmsError?(error: unknown): void;
}

export const reminderText = (title: string) => `【通知公告】您有一条通知“${title}”尚未阅读，请登录平台查看。`;

/**
 * POST …/notices/<id>/remind: those of the audience who have not opened a live notice are told in
 * their open shells, and with `sms` by text message (those with a mobile number, at most
 * NOTICE_REMIND_MAX_SMS); at most once in NOTICE_REMIND_INTERVAL_MINUTES. The answer counts both.
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
      ? unread.flatMap((member) => (member.mobile ? [member.mobile] : [])).slice(0, NOTICE_REMIND_MAX_SMS)
      : [];
    ctx.answerExtra = { remindedCount: unread.length, smsCount: mobiles.length };
    ctx.afterCommit(async () => {
      await deps.remind({
        tenantId,
        noticeId: row.id,
        title: row.title,
        accountIds: unread.map((member) => member.accountId),
      });
      const text = reminderText(row.title);
      for (const mobile of mobiles) {
        await deps.sms
          .send({ mobile, template: 'message', params: { content: text }, text })
          .catch((error: unknown) => deps.onSmsError?.(error));
      }
    });
    return undefined;
  };
