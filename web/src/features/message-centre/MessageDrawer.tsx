import type { MyMessage, MyMessagesPage } from '@uniwim/contracts/client';
import { Alert, App, Button, Drawer, Empty, Segmented, Spin } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { MessageList } from './MessageList';
import { messageApi } from './message-api';
import { messageTexts } from './message-texts';

/** The drawer shows the latest messages; the full page has the rest. */
const DRAWER_SIZE = 20;

interface MessageDrawerProps {
  open: boolean;
  /** The header's live count: a change (a delivery, a read elsewhere) loads the list again. */
  unread: number;
  onUnreadChange(unread: number): void;
  onClose(): void;
  onOpenLink(link: string, title: string): void;
  onViewAll(): void;
}

/**
 * The message centre from the header: the latest messages (all or unread only), a click marks one
 * read and opens its link in the shell, "mark all read", and the way to the full page.
 */
export const MessageDrawer = (props: MessageDrawerProps) => {
  const { open, unread, onUnreadChange, onClose, onOpenLink, onViewAll } = props;
  const t = useLocalizedTexts(messageTexts);
  const { message } = App.useApp();
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [page, setPage] = useState<MyMessagesPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [marking, setMarking] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoading(true);
      setFailed(false);
      messageApi
        .mine({ page: 1, pageSize: DRAWER_SIZE, unread: onlyUnread ? true : undefined }, signal)
        .then(setPage, () => !signal?.aborted && setFailed(true))
        .finally(() => !signal?.aborted && setLoading(false));
    },
    [onlyUnread],
  );

  // Loaded when opened, and again when the filter or the live count changes while open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `unread` is the reload trigger.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [open, load, unread]);

  const openMessage = async (item: MyMessage) => {
    if (item.readAt === null) {
      try {
        const answer = await messageApi.read(item.id);
        onUnreadChange(answer.unread);
      } catch (error) {
        message.error((error as Error).message);
      }
    }
    if (item.link) onOpenLink(item.link, item.title);
    else load();
  };

  const markAll = async () => {
    setMarking(true);
    try {
      const answer = await messageApi.readAll();
      onUnreadChange(answer.unread);
      message.success(t.markedAllRead);
      load();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setMarking(false);
    }
  };

  return (
    <Drawer
      title={t.drawerTitle}
      open={open}
      onClose={onClose}
      size={420}
      data-testid="message-drawer"
      footer={
        <div className="message-drawer__footer">
          <Button type="link" data-testid="message-view-all" onClick={onViewAll}>
            {t.viewAll}
          </Button>
        </div>
      }
    >
      <div className="message-drawer__toolbar">
        <Segmented<'all' | 'unread'>
          value={onlyUnread ? 'unread' : 'all'}
          data-testid="message-filter"
          options={[
            { value: 'all', label: t.all },
            { value: 'unread', label: t.unread },
          ]}
          onChange={(value) => setOnlyUnread(value === 'unread')}
        />
        <Button data-testid="message-read-all" disabled={unread === 0} loading={marking} onClick={markAll}>
          {t.markAllRead}
        </Button>
      </div>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t.loadFailed}
          action={
            <Button size="small" onClick={() => load()}>
              {t.retry}
            </Button>
          }
        />
      ) : page === null ? (
        <Spin description={t.loading} className="message-drawer__loading" />
      ) : page.items.length === 0 ? (
        <Empty description={onlyUnread ? t.emptyUnread : t.empty} />
      ) : (
        <Spin spinning={loading}>
          <MessageList items={page.items} texts={t} excerpt={60} onOpen={(item) => void openMessage(item)} />
        </Spin>
      )}
    </Drawer>
  );
};
