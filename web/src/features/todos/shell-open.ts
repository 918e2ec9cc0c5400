import { isSafeTodoLink } from '@uniwim/contracts/client';
import { useEffect, useRef } from 'react';

/**
 * Pages inside the shell's frames (page.html: /todoList, later the message centre) ask the shell
 * to open a link in one of its tabs, and tell it when the header's counts changed. Messages go to
 * the parent window of the same origin only, and the shell takes them from there only.
 */
export const OPEN_LINK_MESSAGE = 'uniwim:open-link';
export const TODOS_CHANGED_MESSAGE = 'uniwim:todos-changed';

export interface OpenLinkRequest {
  type: typeof OPEN_LINK_MESSAGE;
  link: string;
  title: string;
}

const parentWindow = (): Window | null => (window.parent !== window ? window.parent : null);

/** Opens a to-do's (or message's) link: in a tab of the shell when framed, else in this window. */
export const requestShellOpen = (link: string, title: string): void => {
  if (!isSafeTodoLink(link)) return;
  const parent = parentWindow();
  if (parent) {
    const request: OpenLinkRequest = { type: OPEN_LINK_MESSAGE, link, title };
    parent.postMessage(request, location.origin);
  } else if (link.startsWith('/')) {
    location.assign(`/page.html#${link}`);
  } else {
    window.open(link, '_blank', 'noopener,noreferrer');
  }
};

/** Tells the shell that the header's to-do count is stale (after done, undo, bulk done). */
export const announceTodosChanged = (): void => {
  parentWindow()?.postMessage({ type: TODOS_CHANGED_MESSAGE }, location.origin);
};

/** A message from a frame of this origin, of one of the types above; null for anything else. */
export const shellMessageOf = (
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): OpenLinkRequest | { type: typeof TODOS_CHANGED_MESSAGE } | null => {
  if (event.origin !== origin) return null;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object') return null;
  if (data.type === TODOS_CHANGED_MESSAGE) return { type: TODOS_CHANGED_MESSAGE };
  if (
    data.type === OPEN_LINK_MESSAGE &&
    typeof data.link === 'string' &&
    typeof data.title === 'string' &&
    isSafeTodoLink(data.link)
  ) {
    return { type: OPEN_LINK_MESSAGE, link: data.link, title: data.title.slice(0, 100) };
  }
  return null;
};

/** In the shell: calls `onOpen` for each open-link request of a frame, `onTodosChanged` for the other. */
export const useShellMessages = (handlers: {
  onOpen(link: string, title: string): void;
  onTodosChanged?(): void;
}): void => {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const message = shellMessageOf(event, location.origin);
      if (message?.type === OPEN_LINK_MESSAGE) latest.current.onOpen(message.link, message.title);
      else if (message?.type === TODOS_CHANGED_MESSAGE) latest.current.onTodosChanged?.();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);
};
