import { CheckSquareOutlined } from '@ant-design/icons';
import type { LocalText } from '@uniwim/contracts';
import { badgeText, type TodoCount } from '@uniwim/contracts/client';
import { useCallback, useEffect, useState } from 'react';
import { localTextOf, useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { HeaderEntry } from '../shell/HeaderEntry';
import { subscribeShellLive } from '../shell/shell-live';
import { shellMessageOf, TODOS_CHANGED_MESSAGE } from './shell-open';
import { todoTexts } from './todo-texts';
import './todos.css';

/**
 * A safety net beside the live socket (overdue ones turn overdue with no event): how often the header
 * asks again while the shell stays open (also on focus and after a change).
 */
export const TODO_COUNT_REFRESH_MS = 60_000;

/**
 * The header's 待办 entry: the member's open to-dos as a badge (red when some are overdue), opening
 * /todoList. A count that cannot be read shows no badge: the entry still opens the list.
 */
export const TodoHeaderEntry = ({ onOpen }: { onOpen: (label: string, names: LocalText) => void }) => {
  const t = useLocalizedTexts(todoTexts);
  const [count, setCount] = useState<TodoCount | null>(null);

  const refresh = useCallback(() => {
    api
      .get<TodoCount>('/ump/todos/count')
      .then(setCount)
      .catch(() => setCount(null));
  }, []);

  useEffect(() => {
    refresh();
    // Issue 15: live through the shell's socket (a to-do posted, done or undone on any instance).
    const stopLive = subscribeShellLive('todos', setCount);
    const timer = setInterval(refresh, TODO_COUNT_REFRESH_MS);
    const onFocus = () => refresh();
    const onMessage = (event: MessageEvent) => {
      if (shellMessageOf(event, location.origin)?.type === TODOS_CHANGED_MESSAGE) refresh();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('message', onMessage);
    return () => {
      stopLive();
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('message', onMessage);
    };
  }, [refresh]);

  const open = count?.open ?? 0;
  return (
    <span className="todo-entry">
      <HeaderEntry
        icon={<CheckSquareOutlined />}
        label={t.headerEntry}
        title={count ? t.headerCount(count.open, count.overdue) : t.headerEntry}
        data-testid="shell-todos"
        onClick={() =>
          onOpen(
            t.headerEntry,
            localTextOf(todoTexts, (all) => all.headerEntry),
          )
        }
      />
      {open > 0 && (
        <span
          className={`todo-entry__badge${count && count.overdue > 0 ? ' todo-entry__badge--overdue' : ''}`}
          data-testid="shell-todos-count"
          aria-hidden="true"
        >
          {badgeText(open)}
        </span>
      )}
    </span>
  );
};
