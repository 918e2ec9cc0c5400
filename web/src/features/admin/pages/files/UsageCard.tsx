import { useQuery } from '@tanstack/react-query';
import type { AdminScope } from '@uniwim/contracts';
import { Alert, Button, Card, Progress, Skeleton, Space, Typography } from 'antd';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { formatBytes } from '../../../files/file-texts';
import { useAdminTexts } from '../../use-admin-texts';
import { filesApi } from './files-api';
import { filesTexts } from './files-texts';

export const usageQueryKey = (scope: AdminScope) => ['admin', 'files', 'usage', scope];

/** The storage the files take, against the tenant's quota (the platform's own files have none). */
export const UsageCard = ({ scope }: { scope: AdminScope }) => {
  const texts = useLocalizedTexts(filesTexts);
  const { texts: adminTexts } = useAdminTexts();
  const usage = useQuery({ queryKey: usageQueryKey(scope), queryFn: () => filesApi(scope).usage() });
  if (usage.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={(usage.error as Error).message}
        action={<Button onClick={() => void usage.refetch()}>{adminTexts.retry}</Button>}
      />
    );
  if (!usage.data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const { usedBytes, fileCount, quotaBytes, orphanGraceHours } = usage.data;
  const percent = quotaBytes ? Math.min(100, Math.round((usedBytes / quotaBytes) * 1000) / 10) : 0;
  return (
    <Card size="small" className="files-usage" data-testid="files-usage">
      <Space orientation="vertical" style={{ width: '100%' }} size={4}>
        <Typography.Text strong>{texts.usage}</Typography.Text>
        {quotaBytes !== null ? (
          <>
            <Progress percent={percent} status={percent >= 90 ? 'exception' : 'normal'} />
            <Typography.Text data-testid="files-usage-line">
              {texts.usageLine(formatBytes(usedBytes), formatBytes(quotaBytes), fileCount)}
            </Typography.Text>
          </>
        ) : (
          <Typography.Text data-testid="files-usage-line">
            {texts.platformUsageLine(formatBytes(usedBytes), fileCount)}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">{texts.cleanupNote(orphanGraceHours)}</Typography.Text>
      </Space>
    </Card>
  );
};
