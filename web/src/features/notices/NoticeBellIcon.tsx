import { BellOutlined } from '@ant-design/icons';
import type { NoticeUnread } from '@uniwim/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { subscribeShellLive } from '../shell/shell-live';
import { NOTICE_CHANNEL, noticeApi } from './notice-api';
import { noticesTexts } from './notices-texts';
import './notices.css';

/** A safety net beside the socket: scheduled notices come due and expire without an event. */
const POLL_MS = 60_000;

/**
 * The signed-in member's unread notice count, live: the shell's socket sends it at once and again
 * whenever a notice of the tenant (or the platform's) is published or revoked, on any instance; a
 * read in the notice page (another frame of this origin) asks for it again; and a slow poll covers
 * notices whose time comes. A socket that drops is opened again (shell-live.ts).
 */
export const useNoticeCount = (
  onRemind: (notice: { id: string; title: string }) => void,
): NoticeUnread | null => {
  const [count, setCount] = useState<NoticeUnread | null>(null);
  const remindRef = useRef(onRemind);
  remindRef.current = onRemind;
  useEffect(() => {
    let stopped = false;
    const refresh = () =>
      noticeApi.unread().then(
        (answer) => !stopped && setCount(answer),
        () => undefined,
      );
    void refresh();
    // Issue 15: the shell's one live socket carries the notices' count beside messages and to-dos.
    const stopCount = subscribeShellLive('unread', (unread) => !stopped && setCount(unread));
    const stopRemind = subscribeShellLive('remind', (notice) => !stopped && remindRef.current(notice));
    const poll = setInterval(refresh, POLL_MS);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(NOTICE_CHANNEL);
    if (channel) channel.onmessage = () => void refresh();
    return () => {
      stopped = true;
      clearInterval(poll);
      stopCount();
      stopRemind();
      channel?.close();
    };
  }, []);
  return count;
};

/** The header's 通知公告 icon with the unread count as a badge (none at zero). */
export const NoticeBellIcon = () => {
  const texts = useLocalizedTexts(noticesTexts);
  // A reminder from an administrator: a notification (antd's, loaded only when one comes).
  const count = useNoticeCount((notice) => {
    void import('antd').then(({ notification }) =>
      notification.info({ title: texts.reminded, description: texts.remindedOf(notice.title), duration: 8 }),
    );
  });
  const unread = count?.unread ?? 0;
  return (
    <span className="notice-bell">
      <BellOutlined />
      {unread > 0 && (
        <span className="notice-bell__badge" data-testid="notice-unread-count" title={texts.badge(unread)}>
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </span>
  );
};
