import { PaperClipOutlined, PushpinOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyNotice, MyNoticeDetail } from '@uniwim/contracts';
import { Alert, App, Button, Empty, Pagination, Space, Spin, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLocalizedTexts } from '../../i18n/texts';
// Issue 16: the notice's watermark carries its own trace id
import { useTracedWatermark } from '../../lib/shell/traced-watermark';
import { formatDateTime } from '../../lib/time-zone';
import { downloadWithToken } from '../admin/authorized-download';
import { formatBytes } from '../files/file-texts';
import { announceNoticeRead, noticeApi } from './notice-api';
import { noticesTexts } from './notices-texts';
import './notices.css';

const PAGE_SIZE = 20;
const LEVEL_COLOURS = { normal: 'default', important: 'orange', urgent: 'red' } as const;
const time = (iso: string | null) => (iso ? formatDateTime(iso) : '');

const NoticeArticle = ({ id }: { id: string }) => {
  const texts = useLocalizedTexts(noticesTexts);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [article, setArticle] = useState<HTMLElement | null>(null);
  // The user's watermark over the notice, with the notice's own trace id (issue 16).
  useTracedWatermark(article, 'load', { kind: 'notice', target: id });
  const detail = useQuery({
    queryKey: ['notices', 'detail', id],
    queryFn: async ({ signal }) => {
      const answer = await noticeApi.open(id, signal);
      // The read is recorded: the list and the header's count change.
      announceNoticeRead();
      void client.invalidateQueries({ queryKey: ['notices', 'mine'] });
      return answer;
    },
  });
  const confirm = useMutation({
    mutationFn: () => noticeApi.confirm(id),
    onSuccess: (answer) => {
      client.setQueryData<MyNoticeDetail>(['notices', 'detail', id], answer);
      announceNoticeRead();
      void client.invalidateQueries({ queryKey: ['notices', 'mine'] });
    },
    onError: (error: Error) => message.error(error.message || texts.confirmFailed),
  });

  if (detail.isPending) return <Spin description={texts.loading} />;
  if (detail.isError) {
    return (
      <Alert
        type="error"
        title={detail.error.message || texts.loadFailed}
        action={<Button onClick={() => void detail.refetch()}>{texts.retry}</Button>}
      />
    );
  }
  const notice = detail.data;
  return (
    <article
      ref={setArticle}
      className="notice-article"
      data-testid="notice-detail"
      style={{ position: 'relative' }}
    >
      <Typography.Title level={3}>{notice.title}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag>{texts.types[notice.type]}</Tag>
        <Tag color={LEVEL_COLOURS[notice.level]}>{texts.levels[notice.level]}</Tag>
        {notice.mustRead && <Tag color="red">{texts.mustRead}</Tag>}
        <Typography.Text type="secondary">
          {texts.publisher}: {notice.scope === 'platform' ? texts.platform : (notice.publisherName ?? '')}
        </Typography.Text>
        <Typography.Text type="secondary">
          {texts.publishedAt}: {time(notice.publishAt)}
        </Typography.Text>
        {notice.expiresAt && (
          <Typography.Text type="secondary">
            {texts.expiresAt}: {time(notice.expiresAt)}
          </Typography.Text>
        )}
      </Space>
      {/* The server's sanitised HTML only (modules/notices/sanitize-html.ts): nothing else is rendered as HTML. */}
      <div
        className="notice-body"
        data-testid="notice-body"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the body was sanitised by the server's allow-list
        dangerouslySetInnerHTML={{ __html: notice.body }}
      />
      {notice.attachments.length > 0 && (
        <section style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{texts.attachments}</Typography.Title>
          {notice.attachments.map((file) => (
            <div key={file.id}>
              <Button
                type="link"
                icon={<PaperClipOutlined />}
                onClick={() =>
                  void downloadWithToken(`${file.url}?download=1`).catch((e: Error) =>
                    message.error(e.message),
                  )
                }
              >
                {file.name}
              </Button>
              <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
            </div>
          ))}
        </section>
      )}
      {notice.mustRead && (
        <div style={{ marginTop: 24 }}>
          {notice.confirmedAt ? (
            <Tag color="green" data-testid="notice-confirmed">
              {texts.confirmedAt(time(notice.confirmedAt))}
            </Tag>
          ) : (
            <Button
              type="primary"
              loading={confirm.isPending}
              onClick={() => confirm.mutate()}
              data-testid="notice-confirm"
            >
              {texts.confirm}
            </Button>
          )}
        </div>
      )}
    </article>
  );
};

const NoticeItem = ({ notice, active, onOpen }: { notice: MyNotice; active: boolean; onOpen(): void }) => {
  const texts = useLocalizedTexts(noticesTexts);
  const classes = ['notice-page__item'];
  if (active) classes.push('notice-page__item--active');
  if (!notice.readAt) classes.push('notice-page__item--unread');
  return (
    <button
      type="button"
      className={classes.join(' ')}
      onClick={onOpen}
      data-testid="notice-item"
      style={{ display: 'block', width: '100%', border: 0, textAlign: 'left', background: undefined }}
    >
      <div className="notice-page__item-title">
        {notice.pinned && <PushpinOutlined style={{ marginRight: 4 }} />}
        {notice.title}
      </div>
      <Space size={4} wrap>
        {!notice.readAt && <Tag color="blue">{texts.unread}</Tag>}
        {notice.mustRead && !notice.confirmedAt && <Tag color="red">{texts.mustRead}</Tag>}
        <Typography.Text type="secondary">{time(notice.publishAt)}</Typography.Text>
      </Space>
    </button>
  );
};

/**
 * /umpNoticeDetail (the header's 通知公告): the member's notices, pinned first, and the one chosen
 * (`?id=`) with its sanitised body, its attachments and the watermark; opening it records the read,
 * and a must-read one asks for a confirmation.
 */
const NoticeDetailView = () => {
  const texts = useLocalizedTexts(noticesTexts);
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const chosen = params.get('id');
  const list = useQuery({
    queryKey: ['notices', 'mine', page, unreadOnly],
    queryFn: ({ signal }) => noticeApi.mine({ page, pageSize: PAGE_SIZE, unread: unreadOnly }, signal),
  });
  const listRef = useRef<HTMLDivElement>(null);
  const open = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('id', id);
    setParams(next);
  };
  return (
    <div className="notice-page" data-testid="notice-page">
      <div className="notice-page__list" ref={listRef}>
        {/* The label names the switch (and a click on its text toggles it). */}
        <label className="switch-label" style={{ marginBottom: 8 }}>
          <Switch
            size="small"
            checked={unreadOnly}
            onChange={(value) => {
              setUnreadOnly(value);
              setPage(1);
            }}
          />
          <span>{texts.onlyUnread}</span>
        </label>
        {list.isPending && <Spin description={texts.loading} />}
        {list.isError && (
          <Alert
            type="error"
            title={texts.loadFailed}
            action={<Button onClick={() => void list.refetch()}>{texts.retry}</Button>}
          />
        )}
        {list.data && list.data.items.length === 0 && <Empty description={texts.empty} />}
        {list.data?.items.map((notice) => (
          <NoticeItem
            key={notice.id}
            notice={notice}
            active={notice.id === chosen}
            onOpen={() => open(notice.id)}
          />
        ))}
        {list.data && list.data.total > PAGE_SIZE && (
          <Pagination
            size="small"
            current={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onChange={setPage}
          />
        )}
      </div>
      <div className="notice-page__detail">
        {chosen ? <NoticeArticle key={chosen} id={chosen} /> : <Empty description={texts.choose} />}
      </div>
    </div>
  );
};

export default NoticeDetailView;
