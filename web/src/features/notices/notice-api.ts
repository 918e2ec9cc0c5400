import type { MyNoticeDetail, MyNoticesAnswer, NoticeUnread } from '@uniwim/contracts';
import { api } from '../../lib/api';

/** The member's side of notices (server: modules/notices/routes.ts). */
export const noticeApi = {
  mine: (query: { page: number; pageSize: number; unread?: boolean }, signal?: AbortSignal) =>
    api.get<MyNoticesAnswer>(
      `/ump/notices?page=${query.page}&pageSize=${query.pageSize}${query.unread ? '&unread=true' : ''}`,
      { signal },
    ),
  /** Opens the notice: the server records the read. */
  open: (id: string, signal?: AbortSignal) =>
    api.get<MyNoticeDetail>(`/ump/notices/${encodeURIComponent(id)}`, { signal }),
  confirm: (id: string) => api.post<MyNoticeDetail>(`/ump/notices/${encodeURIComponent(id)}/confirm`, {}),
  unread: (signal?: AbortSignal) => api.get<NoticeUnread>('/ump/notices/unread-count', { signal }),
};

/** Pages of this origin tell each other (the shell's bell, the detail in its frame) that a read changed. */
export const NOTICE_CHANNEL = 'uniwim-notices';

export const announceNoticeRead = () => {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(NOTICE_CHANNEL);
  channel.postMessage('read');
  channel.close();
};
