import { EyeOutlined, LinkOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { type AdminScope, FILE_LINK_CHOICES_SECONDS, type FileRow } from '@uniwim/contracts';
import { Alert, App, Button, Empty, Image, Modal, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { useTracedWatermark } from '../../../../lib/shell/traced-watermark';
import { formatDateTime } from '../../cells';
import type { AdminRow } from '../../resource-api';
import { resourceApi } from '../../resource-api';
import { filesApi, viewUrlOf } from './files-api';
import { filesTexts } from './files-texts';

type Opened = 'preview' | 'link' | 'references' | null;

/** A file shown in the page: the image itself, or the PDF in the browser's viewer. */
export const FilePreview = ({ file }: { file: FileRow }) => {
  // Issue 16: the preview carries the user's watermark with the file's own trace id.
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  useTracedWatermark(frame, 'load', { kind: 'file', target: file.id, targetLabel: file.name }, 'absolute');
  return (
    <div ref={setFrame} style={{ position: 'relative' }} data-testid="file-preview-frame">
      <FileContent file={file} />
    </div>
  );
};

const FileContent = ({ file }: { file: FileRow }) => {
  const texts = useLocalizedTexts(filesTexts);
  if (file.kind === 'image') {
    return (
      <Image src={viewUrlOf(file.url)} alt={file.name} style={{ maxWidth: '100%', maxHeight: '70vh' }} />
    );
  }
  if (file.kind === 'pdf') {
    return (
      <iframe
        title={file.name}
        src={viewUrlOf(file.url)}
        style={{ width: '100%', height: '70vh', border: 0 }}
      />
    );
  }
  return <Empty description={texts.noPreview} />;
};

const LinkMaker = ({ file, scope }: { file: FileRow; scope: AdminScope }) => {
  const texts = useLocalizedTexts(filesTexts);
  const { message } = App.useApp();
  const [seconds, setSeconds] = useState<number>(FILE_LINK_CHOICES_SECONDS[1]);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    try {
      const answer = await resourceApi({ scope, name: 'files' }).act(file.id, 'link', {
        expiresInSeconds: seconds,
      });
      const made = answer.link as { url: string; expiresAt: string };
      setLink({ url: `${location.origin}${made.url}`, expiresAt: made.expiresAt });
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        {texts.linkExpiry}
        <Select
          value={seconds}
          onChange={(value) => {
            setSeconds(value);
            setLink(null);
          }}
          options={FILE_LINK_CHOICES_SECONDS.map((value) => ({ value, label: texts.expiries[value] }))}
          style={{ width: 120 }}
          data-testid="file-link-expiry"
        />
        <Button type="primary" loading={busy} onClick={() => void make()} data-testid="file-link-make">
          {texts.makeLink}
        </Button>
      </Space>
      {link && (
        <>
          <Typography.Paragraph
            copyable={{ text: link.url, onCopy: () => message.success(texts.copied) }}
            code
            style={{ wordBreak: 'break-all' }}
            data-testid="file-link-url"
          >
            {link.url}
          </Typography.Paragraph>
          <Alert type="info" showIcon title={texts.linkReady(formatDateTime(link.expiresAt))} />
        </>
      )}
    </Space>
  );
};

const References = ({ file, scope }: { file: FileRow; scope: AdminScope }) => {
  const texts = useLocalizedTexts(filesTexts);
  const references = useQuery({
    queryKey: ['admin', 'files', 'references', scope, file.id],
    queryFn: () => filesApi(scope).references(file.id),
  });
  if (references.isError) return <Alert type="error" showIcon title={(references.error as Error).message} />;
  return (
    <Table
      rowKey={(row) => `${row.resource}/${row.recordId}/${row.field}`}
      size="small"
      loading={references.isPending}
      dataSource={references.data ?? []}
      pagination={false}
      locale={{ emptyText: texts.noReferences }}
      columns={[
        { key: 'resource', dataIndex: 'resource', title: texts.resource },
        { key: 'recordId', dataIndex: 'recordId', title: texts.record },
        { key: 'field', dataIndex: 'field', title: texts.field },
        {
          key: 'createdAt',
          dataIndex: 'createdAt',
          title: texts.since,
          render: (at: string) => formatDateTime(at),
        },
      ]}
      data-testid="file-references"
    />
  );
};

/** A file's row: preview (images and PDF), an expiring link to copy, and the records that use it. */
export const fileRowExtras =
  (scope: AdminScope) =>
  ({ record }: { record: AdminRow }) => {
    const texts = useLocalizedTexts(filesTexts);
    const file = record as unknown as FileRow;
    const [opened, setOpened] = useState<Opened>(null);
    const title =
      opened === 'preview'
        ? texts.previewTitle(file.name)
        : opened === 'link'
          ? texts.linkTitle(file.name)
          : texts.referencesTitle(file.name);
    return (
      <>
        {file.previewable && (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            onClick={() => setOpened('preview')}
            data-testid="file-preview"
          >
            {texts.preview}
          </Button>
        )}
        <Button
          size="small"
          type="link"
          href={viewUrlOf(file.url, { download: true })}
          target="_blank"
          rel="noreferrer"
        >
          {texts.download}
        </Button>
        <Button
          size="small"
          type="link"
          icon={<LinkOutlined />}
          onClick={() => setOpened('link')}
          data-testid="file-copy-link"
        >
          {texts.copyLink}
        </Button>
        <Button
          size="small"
          type="link"
          icon={<NodeIndexOutlined />}
          onClick={() => setOpened('references')}
          data-testid="file-references-button"
        >
          {texts.references} ({file.referenceCount})
        </Button>
        <Modal
          open={opened !== null}
          title={title}
          onCancel={() => setOpened(null)}
          footer={null}
          width={opened === 'preview' ? 900 : 640}
          destroyOnHidden
        >
          {opened === 'preview' && <FilePreview file={file} />}
          {opened === 'link' && <LinkMaker file={file} scope={scope} />}
          {opened === 'references' && <References file={file} scope={scope} />}
        </Modal>
      </>
    );
  };
