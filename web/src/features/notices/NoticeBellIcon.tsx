import { BellOutlined } from '@ant-design/icons';
import type { NoticeUnread } from '@uniwim/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { NOTICE_CHANNEL, noticeApi, noticeStreamUrl } from './notice-api';
import { noticesTexts } from './notices-texts';
import './notices.css';

/** A safety net beside the socket: scheduled notices come due and expire without an event. */
const POLL_MS = 60_000;
const RECONNECT_MS = 5_000;

/**
 * The signed-in member's unread notice count, live: the server's socket sends it at once and again
 * whenever a notice of the tenant (or the platform's) is published or revoked, on any instance; a
 * read in the notice page (another frame of this origin) asks for it again; and a slow poll covers
 * notices whose time comes. A socket that drops is opened again.
 */
export const useNoticeCount = (
  onRemind: (notice: { id: string; title: string }) => void,
): NoticeUnread | null => {
  const [count, setCount] = useState<NoticeUnread | null>(null);
  const remindRef = useRef(onRemind);
  remindRef.current = onRemind;
  useEffect(() => {
    const onRemind = (notice: { id: string; title: string }) => remindRef.current(notice);
    let stopped = false;
    let socket: WebSocket | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    const refresh = () =>
      noticeApi.unread().then(
        (answer) => !stopped && setCount(answer),
        () => undefined,
      );
    const connect = () => {
      const url = noticeStreamUrl();
      if (!url || stopped || typeof WebSocket === 'undefined') return;
      socket = new WebSocket(url);
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { type: string; data: unknown };
        if (stopped) return;
        if (message.type === 'unread') setCount(message.data as NoticeUnread);
        if (message.type === 'remind') onRemind(message.data as { id: string; title: string });
      };
      socket.onclose = () => {
        if (!stopped) reconnect = setTimeout(connect, RECONNECT_MS);
      };
    };
    void refresh();
    connect();
    const poll = setInterval(refresh, POLL_MS);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(NOTICE_CHANNEL);
    if (channel) channel.onmessage = () => void refresh();
    return () => {
      stopped = true;
      clearInterval(poll);
      clearTimeout(reconnect);
      channel?.close();
      socket?.close();
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
