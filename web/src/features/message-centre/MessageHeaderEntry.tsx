import { MessageOutlined } from '@ant-design/icons';
import type { LocalText } from '@uniwim/contracts';
import { badgeText, isSafeTodoLink, type MessageUnread } from '@uniwim/contracts/client';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithAntd } from '../../app/lazy-antd';
import { localTextOf, useLocalizedTexts } from '../../i18n/texts';
import { HeaderEntry } from '../shell/HeaderEntry';
import { subscribeShellLive } from '../shell/shell-live';
import { messageApi } from './message-api';
import { messageTexts } from './message-texts';
import './message-centre.css';

// The drawer (and antd) loads when first opened: the shell's first paint does not wait for it.
const MessageDrawer = lazyWithAntd(() => import('./MessageDrawer').then((module) => module.MessageDrawer));

/**
 * The member's unread message count, live: the shell's socket sends it at once and again whenever
 * a message is delivered to them or they read one (any instance, any of their shells).
 */
export const useMessageCount = (): [MessageUnread | null, (count: MessageUnread) => void] => {
  const [count, setCount] = useState<MessageUnread | null>(null);
  useEffect(() => {
    let stopped = false;
    const refresh = () =>
      messageApi.unread().then(
        (answer) => !stopped && setCount(answer),
        () => undefined,
      );
    void refresh();
    const stopLive = subscribeShellLive('messages', (unread) => !stopped && setCount(unread));
    window.addEventListener('focus', refresh);
    return () => {
      stopped = true;
      stopLive();
      window.removeEventListener('focus', refresh);
    };
  }, []);
  return [count, setCount];
};

interface MessageHeaderEntryProps {
  /** Opens a message's link in a tab of the shell. */
  onOpenLink(link: string, title: string): void;
  /** Opens the full page of the message centre (`names`: its title in each language). */
  onOpenCentre(label: string, names: LocalText): void;
  /** Told when the entry is clicked (the phone's menu of header entries closes behind the drawer). */
  onOpenEntry?: () => void;
}

/** The header's 消息: the unread count as a badge, opening the message centre's drawer. */
export const MessageHeaderEntry = ({ onOpenLink, onOpenCentre, onOpenEntry }: MessageHeaderEntryProps) => {
  const t = useLocalizedTexts(messageTexts);
  const [count, setCount] = useMessageCount();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const unread = count?.unread ?? 0;
  return (
    <span className="message-entry">
      <HeaderEntry
        icon={<MessageOutlined />}
        label={t.headerEntry}
        title={t.headerCount(unread)}
        data-testid="shell-messages"
        onClick={() => {
          onOpenEntry?.();
          setOpened(true);
          setOpen(true);
        }}
      />
      {unread > 0 && (
        <span className="message-entry__badge" data-testid="shell-messages-count" aria-hidden="true">
          {badgeText(unread)}
        </span>
      )}
      {opened && (
        <Suspense fallback={null}>
          <MessageDrawer
            open={open}
            unread={unread}
            onUnreadChange={(next) => setCount({ unread: next })}
            onClose={() => setOpen(false)}
            onOpenLink={(link, title) => {
              setOpen(false);
              // Only a path of the product or an http(s) address: never javascript: or data:.
              if (isSafeTodoLink(link)) onOpenLink(link, title);
            }}
            onViewAll={() => {
              setOpen(false);
              onOpenCentre(
                t.pageTitle,
                localTextOf(messageTexts, (all) => all.pageTitle),
              );
            }}
          />
        </Suspense>
      )}
    </span>
  );
};
