import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AppPackageListItem } from '@uniwim/contracts/client';
import { isBlockedLink } from '@uniwim/contracts/client';
import { Alert, Button, message, Result, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../i18n/texts';
import { api } from '../../../lib/api';
import { withAccessToken } from '../../../lib/shell/frame-url';
import { saveUsageLog, usageSource } from '../../../lib/shell/usage-log';
import { browserVisitorIdSource, getVisitorId } from '../../../lib/shell/visitor-id';
import { readStoredToken } from '../../../lib/storage-keys';
import { MyJobs } from '../../admin/MyJobs';
import { downloadLogEntry, fetchPackageList, lookUpPackage, safeDownloadHref } from '../download-page';
import { pageTexts } from '../page-texts';

/** Lets the browser download a file from a link on this server without leaving the page. */
const startDownload = (href: string, fileName: string) => {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
};

/** /downloadPage: the user's applications with their packages (issue 6); a download logs usage type 2. */
const DownloadPage = () => {
  const texts = useLocalizedTexts(pageTexts).download;
  const [messages, messageHolder] = message.useMessage();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const token = readStoredToken();
  const list = useQuery({
    queryKey: ['app-packages'],
    queryFn: () => fetchPackageList(api),
    enabled: token !== null,
  });

  if (!token) {
    return (
      <Result
        data-testid="download-sign-in"
        status="info"
        title={texts.signInFirst}
        extra={
          <Button type="primary" href="login.html" target="_top">
            {texts.signInFirst}
          </Button>
        }
      />
    );
  }

  const download = async (item: AppPackageListItem) => {
    setBusyKey(item.appKey);
    try {
      const found = await lookUpPackage(api, item.appKey);
      if (found.kind === 'none') {
        messages.warning(found.message);
        return;
      }
      const href = safeDownloadHref(found.zip, location.origin);
      if (!href) {
        messages.warning(texts.noPackage);
        return;
      }
      void saveUsageLog(
        {
          post: (path, body) => api.post(path, body),
          token,
          source: usageSource(null),
          visitorId: () => getVisitorId(browserVisitorIdSource((path, query) => api.get(path, { query }))),
        },
        downloadLogEntry(item),
      );
      startDownload(href, found.fileName);
    } catch (error) {
      messages.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyKey(null);
    }
  };

  return (
    <div className="download-page" data-testid="download-page">
      {messageHolder}
      <p className="download-page__intro">{texts.intro}</p>
      {list.isError && (
        <Alert type="error" showIcon title={texts.loadFailed} description={list.error.message} />
      )}
      <Table<AppPackageListItem>
        rowKey="applicationId"
        loading={list.isPending}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: texts.empty }}
        columns={[
          { title: texts.application, dataIndex: 'name', key: 'name' },
          {
            title: texts.version,
            key: 'version',
            width: 160,
            // The version released to the user's tenant (/umpVersioning) and what it asks of clients.
            render: (_, item) => (
              <Space orientation="vertical" size={2}>
                <Space size={4}>
                  <span>{item.version}</span>
                  {item.forceUpdate && <Tag color="red">{texts.forceUpdate}</Tag>}
                </Space>
                {item.minSupportedVersion && (
                  <Typography.Text type="secondary">
                    {texts.minSupported(item.minSupportedVersion)}
                  </Typography.Text>
                )}
                {item.sha256 && (
                  <Typography.Text type="secondary" copyable={{ text: item.sha256 }}>
                    {`SHA-256 ${item.sha256.slice(0, 12)}…`}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            title: texts.manual,
            key: 'manual',
            render: (_, item) =>
              item.operatingManual && !isBlockedLink(item.operatingManual) ? (
                <a
                  href={withAccessToken(item.operatingManual, token)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {texts.manual}
                </a>
              ) : null,
          },
          {
            title: texts.package,
            key: 'package',
            width: 160,
            render: (_, item) => (
              <>
                <Button
                  type="link"
                  icon={<DownloadOutlined />}
                  loading={busyKey === item.appKey}
                  data-testid={`download-${item.appKey}`}
                  onClick={() => void download(item)}
                >
                  {texts.download}
                </Button>
                {!item.hasPackage && <Tag>{texts.noPackage}</Tag>}
              </>
            ),
          },
        ]}
      />
      <MyJobs />
    </div>
  );
};

export default DownloadPage;
