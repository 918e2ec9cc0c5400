import { useQuery } from '@tanstack/react-query';
import { Button, Progress, Table, Tag, Typography } from 'antd';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { LocalStorageKeys } from '../../lib/storage-keys';
import { downloadWithToken } from './authorized-download';
import { formatDateTime } from './cells';
import { usePermissions } from './use-permissions';

interface JobRow {
  id: string;
  kind: string;
  resource: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  total: number | null;
  error: string | null;
  fileName: string | null;
  fileExpiresAt: string | null;
  downloadUrl: string | null;
  createdAt: string;
}

const texts = {
  'zh-CN': {
    title: '我的导出与导入',
    file: '文件',
    kind: '类型',
    status: '状态',
    created: '创建时间',
    expires: '有效期至',
    download: '下载',
    statuses: { queued: '排队中', running: '进行中', done: '已完成', failed: '失败' },
  },
  'en-US': {
    title: 'My exports and imports',
    file: 'File',
    kind: 'Kind',
    status: 'Status',
    created: 'Created',
    expires: 'Available until',
    download: 'Download',
    statuses: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' },
  },
};
/** The code that lists one's own jobs, in each scope. */
const JOB_LIST_CODES = { dmp: 'job:list', ump: 'tenant-job:list' } as const;

const COLORS = { queued: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

/**
 * The download centre's "my exports": the jobs of the signed-in user in the scope they are in
 * (platform or tenant), refreshed while any is still running. Hidden for users who may not export.
 */
export const MyJobs = () => {
  const t = useLocalizedTexts(texts);
  const scope = localStorage.getItem(LocalStorageKeys.tenantId) ? 'ump' : 'dmp';
  // Issue 25: asked only of those who may list their jobs (a member without the code is not refused).
  const permissions = usePermissions(scope);
  const mayList = permissions.data?.has(JOB_LIST_CODES[scope]) === true;
  const jobs = useQuery({
    queryKey: ['admin', 'jobs', scope],
    queryFn: () => api.get<{ items: JobRow[] }>(`/${scope}/admin/jobs`, { query: { pageSize: 50 } }),
    enabled: mayList,
    retry: false,
    // The list is optional on the download centre: a failure hides it rather than the page.
    throwOnError: false,
    refetchInterval: (query) =>
      query.state.data?.items.some((job) => job.status === 'queued' || job.status === 'running')
        ? 2_000
        : false,
  });
  if (!mayList || jobs.isError || (jobs.isSuccess && jobs.data.items.length === 0)) return null;
  return (
    <section className="download-page__jobs" data-testid="my-jobs">
      <Typography.Title level={5}>{t.title}</Typography.Title>
      <Table<JobRow>
        rowKey="id"
        size="small"
        loading={jobs.isPending}
        dataSource={jobs.data?.items ?? []}
        pagination={false}
        columns={[
          { key: 'file', title: t.file, render: (_, job) => job.fileName ?? `${job.resource} · ${job.kind}` },
          {
            key: 'status',
            title: t.status,
            render: (_, job) =>
              job.status === 'running' && job.total ? (
                <Progress size="small" percent={Math.floor((job.progress / job.total) * 100)} />
              ) : (
                <Tag color={COLORS[job.status]} title={job.error ?? undefined}>
                  {t.statuses[job.status]}
                </Tag>
              ),
          },
          { key: 'created', title: t.created, render: (_, job) => formatDateTime(job.createdAt) },
          { key: 'expires', title: t.expires, render: (_, job) => formatDateTime(job.fileExpiresAt) },
          {
            key: 'download',
            render: (_, job) =>
              job.downloadUrl && (
                <Button size="small" type="link" onClick={() => void downloadWithToken(job.downloadUrl!)}>
                  {t.download}
                </Button>
              ),
          },
        ]}
      />
    </section>
  );
};
