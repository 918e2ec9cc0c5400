import type { ShellLiveMessage } from '@uniwim/contracts/client';
import { readStoredToken } from '../../lib/storage-keys';

type LiveType = ShellLiveMessage['type'];
type LiveData<T extends LiveType> = Extract<ShellLiveMessage, { type: T }>['data'];
type Handler = (message: ShellLiveMessage) => void;

/** A socket that drops is opened again after this long. */
const RECONNECT_MS = 5_000;

/** The socket of the header's live counts: the token in the query (browsers send no header on a WebSocket). */
export const shellStreamUrl = (): string | null => {
  const token = readStoredToken();
  if (!token) return null;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/ump/shell/stream?token=${encodeURIComponent(token)}`;
};

/** A message of the socket, or null for anything that does not look like one. */
export const parseShellLiveMessage = (raw: string): ShellLiveMessage | null => {
  try {
    const message = JSON.parse(raw) as { type?: unknown; data?: unknown };
    if (typeof message.type !== 'string' || typeof message.data !== 'object' || message.data === null) {
      return null;
    }
    return ['unread', 'remind', 'messages', 'todos'].includes(message.type)
      ? (message as ShellLiveMessage)
      : null;
  } catch {
    return null;
  }
};

const handlers = new Set<Handler>();
/** The latest count of each kind: a part of the header that mounts later shows it at once. */
const latest = new Map<LiveType, ShellLiveMessage>();
let socket: WebSocket | null = null;
let reconnect: ReturnType<typeof setTimeout> | undefined;

const connect = () => {
  const url = shellStreamUrl();
  if (!url || socket || handlers.size === 0 || typeof WebSocket === 'undefined') return;
  const opened = new WebSocket(url);
  socket = opened;
  opened.onmessage = (event) => {
    const message = parseShellLiveMessage(String(event.data));
    if (!message) return;
    if (message.type !== 'remind') latest.set(message.type, message);
    for (const handler of handlers) handler(message);
  };
  opened.onclose = () => {
    if (socket === opened) socket = null;
    if (handlers.size > 0) reconnect = setTimeout(connect, RECONNECT_MS);
  };
};

/**
 * The shell's one live socket (`/ump/shell/stream`) shared by the header's entries: notices,
 * messages and to-dos each subscribe to their kind. The socket opens with the first subscriber and
 * closes with the last; the server sends every count at once on each (re)connection.
 */
export const subscribeShellLive = <T extends LiveType>(type: T, onData: (data: LiveData<T>) => void) => {
  const handler: Handler = (message) => {
    if (message.type === type) onData(message.data as LiveData<T>);
  };
  handlers.add(handler);
  const known = latest.get(type);
  if (known) handler(known);
  connect();
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) {
      clearTimeout(reconnect);
      const open = socket;
      socket = null;
      latest.clear();
      open?.close();
    }
  };
};
