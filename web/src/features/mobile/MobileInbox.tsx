import { BellOutlined, CheckSquareOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { badgeText, type TodoCount } from '@uniwim/contracts/client';
import type { ReactNode } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { messageApi } from '../message-centre/message-api';
import { noticeApi } from '../notices/notice-api';
import { MESSAGES_ROUTE, NOTICES_ROUTE, TODOS_ROUTE } from '../shell/header-routes';
import { mobileTexts } from './mobile-texts';

/** A built-in page shown full-screen: page.html reads the stored session, no token in the address. */
const pageHref = (route: string) => `/page.html#${route}`;

interface TileProps {
  href: string;
  icon: ReactNode;
  label: string;
  /** Null while unknown or unreadable: the tile still opens its page. */
  count: number | null;
  /** What the count means, for screen readers ("3 条未读"). */
  countText: (count: number) => string;
  alert?: boolean;
  testId: string;
}

const Tile = ({ href, icon, label, count, countText, alert, testId }: TileProps) => (
  <li>
    <a
      className="m-inbox__tile"
      href={href}
      data-testid={testId}
      aria-label={count ? `${label}，${countText(count)}` : label}
    >
      <span className="m-inbox__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="m-inbox__label">{label}</span>
      {count ? (
        <span
          className={`m-inbox__badge${alert ? ' m-inbox__badge--alert' : ''}`}
          data-testid={`${testId}-count`}
          aria-hidden="true"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </a>
  </li>
);

/**
 * Issue 25: the member's notices, to-dos and messages on the mobile page, each with its unread (or
 * open) count, the counts the shell's header shows; each opens its page full-screen. Counts are
 * asked again when the page comes back to the front (after reading on the opened page).
 */
export const MobileInbox = () => {
  const texts = useLocalizedTexts(mobileTexts).inbox;
  const notices = useQuery({
    queryKey: ['mobile', 'notices-unread'],
    queryFn: ({ signal }) => noticeApi.unread(signal),
    retry: false,
  });
  const todos = useQuery({
    queryKey: ['mobile', 'todos-count'],
    queryFn: ({ signal }) => api.get<TodoCount>('/ump/todos/count', { signal }),
    retry: false,
  });
  const messages = useQuery({
    queryKey: ['mobile', 'messages-unread'],
    queryFn: ({ signal }) => messageApi.unread(signal),
    retry: false,
  });
  return (
    <section className="m-section" aria-labelledby="m-inbox-title">
      <h2 className="m-section__title" id="m-inbox-title">
        {texts.title}
      </h2>
      <ul className="m-inbox" data-testid="mobile-inbox">
        <Tile
          href={pageHref(NOTICES_ROUTE)}
          icon={<BellOutlined />}
          label={texts.notices}
          count={notices.data?.unread ?? null}
          countText={texts.unread}
          testId="mobile-notices"
        />
        <Tile
          href={pageHref(TODOS_ROUTE)}
          icon={<CheckSquareOutlined />}
          label={texts.todos}
          count={todos.data?.open ?? null}
          countText={(open) => texts.open(open, todos.data?.overdue ?? 0)}
          alert={(todos.data?.overdue ?? 0) > 0}
          testId="mobile-todos"
        />
        <Tile
          href={pageHref(MESSAGES_ROUTE)}
          icon={<MessageOutlined />}
          label={texts.messages}
          count={messages.data?.unread ?? null}
          countText={texts.unread}
          testId="mobile-messages"
        />
      </ul>
    </section>
  );
};
