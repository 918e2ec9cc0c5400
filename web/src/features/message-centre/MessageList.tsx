import { LinkOutlined } from '@ant-design/icons';
import type { MyMessage } from '@uniwim/contracts/client';
import { Checkbox, Tag } from 'antd';
import { formatDateTime } from '../../lib/time-zone';
import { excerptOf } from './message-api';
import type { MessageTexts } from './message-texts';

const PRIORITY_COLORS = { low: 'default', normal: 'blue', high: 'orange', urgent: 'red' } as const;

interface MessageListProps {
  items: MyMessage[];
  texts: MessageTexts;
  /** A click on a message: it is marked read and its link (if any) opens. */
  onOpen(message: MyMessage): void;
  /** With a selection: the page's checkboxes for marking several read. */
  selection?: { selected: string[]; onChange(ids: string[]): void };
  /** Content excerpt length (the drawer is narrow). */
  excerpt?: number;
}

/**
 * Messages newest first: unread ones bold with a dot; priority above normal and the class tagged;
 * a message with a link says so. Shared by the header's drawer and the full page.
 */
export const MessageList = ({ items, texts, onOpen, selection, excerpt = 120 }: MessageListProps) => (
  <ul className="message-list" data-testid="message-list">
    {items.map((message) => {
      const unread = message.readAt === null;
      return (
        <li
          key={message.id}
          className={`message-list__item${unread ? ' message-list__item--unread' : ''}`}
          data-testid="message-item"
          data-unread={unread ? 'true' : 'false'}
        >
          {selection && (
            <Checkbox
              className="message-list__check"
              aria-label={message.title}
              disabled={!unread}
              checked={selection.selected.includes(message.id)}
              onChange={(event) =>
                selection.onChange(
                  event.target.checked
                    ? [...selection.selected, message.id]
                    : selection.selected.filter((id) => id !== message.id),
                )
              }
            />
          )}
          <button type="button" className="message-list__body" onClick={() => onOpen(message)}>
            <span className="message-list__head">
              {unread && <span className="message-list__dot" aria-hidden="true" />}
              <span className="message-list__title">{message.title}</span>
              {message.link && <LinkOutlined className="message-list__link" aria-label={texts.open} />}
            </span>
            <span className="message-list__content">{excerptOf(message.content, excerpt)}</span>
            <span className="message-list__meta">
              {(message.priority === 'high' || message.priority === 'urgent') && (
                <Tag color={PRIORITY_COLORS[message.priority]}>{texts.priority[message.priority]}</Tag>
              )}
              <Tag>{message.className ?? texts.noClass}</Tag>
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </span>
          </button>
        </li>
      );
    })}
  </ul>
);
