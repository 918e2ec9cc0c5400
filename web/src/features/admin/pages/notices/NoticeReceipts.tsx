import { useQuery } from '@tanstack/react-query';
import type { AdminScope, NoticeReceipt, NoticeReceiptsAnswer } from '@uniwim/contracts';
import { Alert, Progress, Segmented, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { api } from '../../../../lib/api';
import { formatDateTime } from '../../../../lib/time-zone';
import { noticeAdminTexts } from './notices-texts';

const time = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** A notice's read receipts on its detail: the read rate, and who read (and confirmed) it or not. */
export const NoticeReceipts = ({ scope, noticeId }: { scope: AdminScope; noticeId: string }) => {
  const texts = useLocalizedTexts(noticeAdminTexts);
  const [read, setRead] = useState<'all' | 'true' | 'false'>('all');
  const [page, setPage] = useState(1);
  const receipts = useQuery({
    queryKey: ['admin', 'notices', scope, noticeId, 'receipts', read, page],
    queryFn: ({ signal }) =>
      api.get<NoticeReceiptsAnswer>(
        `/${scope}/admin/notices/${encodeURIComponent(noticeId)}/receipts?page=${page}&pageSize=20${read === 'all' ? '' : `&read=${read}`}`,
        { signal },
      ),
  });
  const data = receipts.data;
  return (
    <section data-testid="notice-receipts">
      <Typography.Title level={5}>{texts.receipts}</Typography.Title>
      {receipts.isError && (
        <Alert type="error" showIcon title={texts.loadFailed} description={receipts.error.message} />
      )}
      {data && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>{texts.readRate}</span>
            <Progress
              type="circle"
              size={56}
              percent={Math.round(data.readRate * 100)}
              data-testid="notice-read-rate"
            />
            <span data-testid="notice-read-count">{texts.readCount(data.readCount, data.audienceCount)}</span>
            <span>{texts.confirmedCount(data.confirmedCount)}</span>
          </Space>
          <Segmented
            value={read}
            onChange={(next) => {
              setRead(next as typeof read);
              setPage(1);
            }}
            options={[
              { value: 'all', label: texts.all },
              { value: 'true', label: texts.read },
              { value: 'false', label: texts.unread },
            ]}
          />
        </Space>
      )}
      <Table<NoticeReceipt>
        size="small"
        rowKey={(row) => `${row.accountId}`}
        loading={receipts.isFetching}
        dataSource={data?.items ?? []}
        locale={{ emptyText: texts.empty }}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.total ?? 0,
          onChange: setPage,
          size: 'small',
        }}
        columns={[
          { key: 'name', title: texts.name, dataIndex: 'name' },
          { key: 'username', title: texts.username, dataIndex: 'username' },
          { key: 'department', title: texts.department, dataIndex: 'departmentName' },
          { key: 'readAt', title: texts.readAt, render: (_, row) => time(row.readAt) },
          { key: 'confirmedAt', title: texts.confirmedAt, render: (_, row) => time(row.confirmedAt) },
        ]}
      />
    </section>
  );
};
