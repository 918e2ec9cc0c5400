import type { PlatformSettingsHistoryEntry } from '@uniwim/contracts';
import {
  Alert,
  App,
  Button,
  Drawer,
  Empty,
  List,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '../../lib/time-zone';
import { type HistoryPage, settingsApi } from './settings-api';

/** Where the versions come from (default: the platform settings). */
export interface HistoryApi {
  history(page: number, pageSize: number): Promise<HistoryPage>;
  rollback(toVersion: number, version: number): Promise<unknown>;
}

import { changeTitle, displayValue } from './settings-form';
import type { SettingsTexts } from './settings-texts';

const PAGE_SIZE = 10;

interface HistoryDrawerProps {
  open: boolean;
  currentVersion: number;
  language: 'zh-CN' | 'en-US';
  texts: SettingsTexts;
  onClose(): void;
  /** A rollback was saved: the page shows the new version. */
  onRolledBack(): void;
  onConflict(): void;
  /** Another settings page's versions and field titles (tenant settings). */
  api?: HistoryApi;
  titleOf?(path: string): string;
}

/** Every saved version, newest first, with its field diff and a "roll back to this version". */
export const HistoryDrawer = ({
  open,
  currentVersion,
  language,
  texts,
  onClose,
  onRolledBack,
  onConflict,
  api = settingsApi,
  titleOf,
}: HistoryDrawerProps) => {
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<HistoryPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (pageNumber: number) => {
      setLoading(true);
      setError(null);
      try {
        setData(await api.history(pageNumber, PAGE_SIZE));
      } catch (failure) {
        setError((failure as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [api],
  );

  useEffect(() => {
    if (open) void load(page);
  }, [open, page, load]);

  const rollback = async (entry: PlatformSettingsHistoryEntry) => {
    try {
      await api.rollback(entry.version, currentVersion);
      message.success(texts.rolledBack(entry.version));
      setPage(1);
      onRolledBack();
    } catch (failure) {
      if ((failure as { status?: number }).status === 409) onConflict();
      else message.error((failure as Error).message);
    }
  };

  const words = { yes: texts.yes, no: texts.no, empty: texts.empty };
  const renderEntry = (entry: PlatformSettingsHistoryEntry) => {
    const rows = Object.entries(entry.changes).map(([path, change]) => ({
      key: path,
      field: titleOf ? titleOf(path) : changeTitle(path, language),
      before: displayValue(change.before, words),
      after: displayValue(change.after, words),
    }));
    return (
      <List.Item key={entry.version} data-testid={`settings-version-${entry.version}`}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text strong>v{entry.version}</Typography.Text>
            <Tag color={entry.action === 'rollback' ? 'purple' : 'blue'}>
              {texts.historyAction[entry.action]}
            </Tag>
            {entry.restoredVersion !== null ? <Tag>{texts.restoredFrom(entry.restoredVersion)}</Tag> : null}
            <Typography.Text type="secondary">
              {entry.operatorName ?? ''} · {formatDateTime(entry.createdAt, 'second')}
            </Typography.Text>
            {entry.version === currentVersion ? (
              <Tag color="green">{texts.currentVersion}</Tag>
            ) : (
              <Popconfirm
                title={texts.rollbackConfirm(entry.version)}
                okText={texts.rollback}
                cancelText={texts.cancel}
                onConfirm={() => rollback(entry)}
              >
                <Button size="small">{texts.rollback}</Button>
              </Popconfirm>
            )}
          </Space>
          <Table
            size="small"
            pagination={false}
            dataSource={rows}
            columns={[
              { title: texts.field, dataIndex: 'field', width: '34%' },
              { title: texts.before, dataIndex: 'before', width: '33%' },
              { title: texts.after, dataIndex: 'after', width: '33%' },
            ]}
          />
        </Space>
      </List.Item>
    );
  };

  return (
    <Drawer title={texts.history} open={open} onClose={onClose} width={720} destroyOnHidden>
      {error ? (
        <Alert
          type="error"
          message={error}
          action={
            <Button size="small" onClick={() => load(page)}>
              {texts.retry}
            </Button>
          }
        />
      ) : null}
      <Spin spinning={loading}>
        {data && data.items.length === 0 ? (
          <Empty description={texts.historyEmpty} />
        ) : (
          <List dataSource={data?.items ?? []} renderItem={renderEntry} />
        )}
        {data && data.total > PAGE_SIZE ? (
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={data.total}
            onChange={setPage}
            size="small"
          />
        ) : null}
      </Spin>
    </Drawer>
  );
};
