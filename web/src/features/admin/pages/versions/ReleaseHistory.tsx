import { useQuery } from '@tanstack/react-query';
import type { AppVersionReleasesAnswer } from '@uniwim/contracts';
import { Alert, Empty, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { api } from '../../../../lib/api';
import { formatDateTime } from '../../cells';
import type { AdminRow } from '../../resource-api';
import { versionsTexts } from './versions-texts';

/**
 * A version's release entries, newest first (a rollback says so), and the tenants running it now:
 * what a grey release and a rollback did, in the version's detail.
 */
export const ReleaseHistory = ({ record }: { record: AdminRow }) => {
  const t = useLocalizedTexts(versionsTexts);
  const answer = useQuery({
    queryKey: ['admin', 'versions', record.id, 'releases'],
    queryFn: () =>
      api.get<AppVersionReleasesAnswer>(`/dmp/admin/versions/${encodeURIComponent(record.id)}/releases`),
  });
  if (answer.isPending) return <Spin />;
  if (answer.isError)
    return <Alert type="error" showIcon title={t.loadFailed} description={answer.error.message} />;
  const { releases, liveTenants } = answer.data;
  return (
    <div className="version-releases" data-testid="version-releases">
      <Typography.Title level={5}>{t.releases}</Typography.Title>
      {releases.length === 0 ? (
        <Empty description={t.noReleases} />
      ) : (
        <Timeline
          items={releases.map((release) => ({
            key: release.id,
            color: release.kind === 'rollback' ? 'orange' : 'green',
            content: (
              <div data-testid="version-release">
                <Space size={4} wrap>
                  <Tag color={release.kind === 'rollback' ? 'orange' : 'green'}>
                    {release.kind === 'rollback' ? t.rollback : t.publish}
                  </Tag>
                  <Typography.Text>
                    {release.scope === 'all'
                      ? t.toAll
                      : t.toTenants(release.tenants.map((tenant) => tenant.name).join('、'))}
                  </Typography.Text>
                </Space>
                <div>
                  <Typography.Text type="secondary">
                    {release.publishedBy ?? '-'} · {formatDateTime(release.publishedAt)}
                  </Typography.Text>
                </div>
                {release.remark && <div>{release.remark}</div>}
              </div>
            ),
          }))}
        />
      )}
      <Typography.Title level={5}>{t.liveTenants(liveTenants.total)}</Typography.Title>
      {liveTenants.total === 0 ? (
        <Typography.Text type="secondary">{t.noLiveTenants}</Typography.Text>
      ) : (
        <Space size={[4, 4]} wrap data-testid="version-live-tenants">
          {liveTenants.items.map((tenant) => (
            <Tag key={tenant.id}>{tenant.name}</Tag>
          ))}
          {liveTenants.total > liveTenants.items.length && (
            <Typography.Text type="secondary">{t.more(liveTenants.total)}</Typography.Text>
          )}
        </Space>
      )}
    </div>
  );
};
