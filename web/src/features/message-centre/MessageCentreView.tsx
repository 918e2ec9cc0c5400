import type { MessagePreference, MyMessage, MyMessagesPage } from '@uniwim/contracts/client';
import { Alert, App, Button, Empty, Pagination, Segmented, Select, Space, Spin, Tabs } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { requestShellOpen } from '../todos/shell-open';
import { MessageList } from './MessageList';
import { MessagePreferencesPanel } from './MessagePreferencesPanel';
import { messageApi } from './message-api';
import { type MessageTexts, messageTexts } from './message-texts';
import './message-centre.css';

type ReadFilter = 'all' | 'unread' | 'read';
const PAGE_SIZE = 20;

/** The member's messages: filters (read state, class), paging, mark selected or all read, open. */
const MyMessages = ({ t }: { t: MessageTexts }) => {
  const { message } = App.useApp();
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [classId, setClassId] = useState<string | null>(null);
  const [classes, setClasses] = useState<MessagePreference[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<MyMessagesPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const load = useCallback(
    (signal?: AbortSignal) => {
      setLoading(true);
      setFailed(false);
      messageApi
        .mine(
          {
            page: pageNo,
            pageSize: PAGE_SIZE,
            unread: filter === 'all' ? undefined : filter === 'unread',
            classId,
          },
          signal,
        )
        .then(setPage, () => !signal?.aborted && setFailed(true))
        .finally(() => !signal?.aborted && setLoading(false));
    },
    [pageNo, filter, classId],
  );

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useEffect(() => {
    messageApi.preferences().then(
      (answer) => setClasses(answer.items),
      () => undefined,
    );
  }, []);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setSelected([]);
      message.success(done);
      load();
    } catch (error) {
      message.error((error as Error).message);
    }
  };

  const openMessage = async (item: MyMessage) => {
    if (item.readAt === null) {
      try {
        await messageApi.read(item.id);
      } catch (error) {
        message.error((error as Error).message);
      }
    }
    if (item.link) requestShellOpen(item.link, item.title);
    load();
  };

  return (
    <div data-testid="my-messages">
      <div className="message-centre__toolbar">
        <Space wrap>
          <Segmented<ReadFilter>
            value={filter}
            options={[
              { value: 'all', label: t.all },
              { value: 'unread', label: t.unread },
              { value: 'read', label: t.read },
            ]}
            onChange={(value) => {
              setFilter(value);
              setPageNo(1);
              setSelected([]);
            }}
          />
          <Select
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t.allClasses}
            value={classId ?? undefined}
            options={classes.map((item) => ({ value: item.classId, label: item.name }))}
            onChange={(value: string | undefined) => {
              setClassId(value ?? null);
              setPageNo(1);
            }}
          />
        </Space>
        <Space>
          <Button
            disabled={selected.length === 0}
            onClick={() => void act(() => messageApi.readSeveral(selected), t.markedRead)}
          >
            {t.markSelectedRead(selected.length)}
          </Button>
          <Button
            type="primary"
            data-testid="message-page-read-all"
            onClick={() => void act(() => messageApi.readAll(), t.markedAllRead)}
          >
            {t.markAllRead}
          </Button>
        </Space>
      </div>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={t.loadFailed}
          action={<Button onClick={() => load()}>{t.retry}</Button>}
        />
      ) : page === null ? (
        <Spin description={t.loading} />
      ) : page.items.length === 0 ? (
        <Empty description={filter === 'unread' ? t.emptyUnread : t.empty} />
      ) : (
        <Spin spinning={loading}>
          <MessageList
            items={page.items}
            texts={t}
            selection={{ selected, onChange: setSelected }}
            onOpen={(item) => void openMessage(item)}
          />
          <div className="message-centre__pager">
            <Pagination
              current={pageNo}
              pageSize={PAGE_SIZE}
              total={page.total}
              showTotal={t.total}
              showSizeChanger={false}
              onChange={setPageNo}
            />
          </div>
        </Spin>
      )}
    </div>
  );
};

/** page.html#/messageCenter: the full message centre, with the member's receiving preferences. */
const MessageCentreView = () => {
  const t = useLocalizedTexts(messageTexts);
  return (
    <App component={false}>
      <div className="message-centre" data-testid="message-centre">
        <Tabs
          items={[
            { key: 'messages', label: t.messagesTab, children: <MyMessages t={t} /> },
            {
              key: 'preferences',
              label: t.preferencesTab,
              children: <MessagePreferencesPanel />,
            },
          ]}
        />
      </div>
    </App>
  );
};

export default MessageCentreView;
