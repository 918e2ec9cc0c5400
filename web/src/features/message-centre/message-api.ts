import type {
  MessagePreference,
  MessagePreferences,
  MessageReadAnswer,
  MessageUnread,
  MyMessagesPage,
} from '@uniwim/contracts/client';
import { api } from '../../lib/api';

export interface MessageQuery {
  page: number;
  pageSize: number;
  /** true: unread only; false: read only; undefined: all. */
  unread?: boolean;
  classId?: string | null;
}

/** The member's message centre (server: modules/message-centre/routes.ts). */
export const messageApi = {
  mine: (query: MessageQuery, signal?: AbortSignal) =>
    api.get<MyMessagesPage>('/ump/messages', {
      query: {
        page: query.page,
        pageSize: query.pageSize,
        unread: query.unread === undefined ? undefined : String(query.unread),
        classId: query.classId ?? undefined,
      },
      signal,
    }),
  unread: (signal?: AbortSignal) => api.get<MessageUnread>('/ump/messages/unread', { signal }),
  read: (id: string) => api.post<MessageReadAnswer>(`/ump/messages/${encodeURIComponent(id)}/read`, {}),
  readSeveral: (ids: string[]) => api.post<MessageReadAnswer>('/ump/messages/read', { ids }),
  readAll: () => api.post<MessageReadAnswer>('/ump/messages/read-all', {}),
  preferences: (signal?: AbortSignal) => api.get<MessagePreferences>('/ump/messages/preferences', { signal }),
  setPreference: (classId: string, enabled: boolean) =>
    api.request<MessagePreference>(`/ump/messages/preferences/${encodeURIComponent(classId)}`, {
      method: 'PUT',
      body: { enabled },
    }),
};

/** A short plain excerpt of a message's content for lists (whitespace folded). */
export const excerptOf = (content: string, max = 80): string => {
  const plain = content.replace(/\s+/g, ' ').trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
};
