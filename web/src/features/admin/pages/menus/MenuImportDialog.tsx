import { UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import type { MenuImportResult } from '@uniwim/contracts';
import { Alert, App, Button, type ButtonProps, Modal, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { MenuApi } from './menu-api';
import { menuTexts } from './menu-texts';

const ACTION_COLORS: Record<string, string> = { create: 'green', update: 'blue', unchanged: 'default' };

/**
 * Imports a tree exported by another installation: the file is read in the browser, previewed by
 * the server (what is created, changed, kept; errors and notes), and committed all or nothing.
 */
export const MenuImportDialog = ({
  calls,
  onClose,
  onImported,
}: {
  calls: MenuApi;
  onClose(): void;
  onImported(applicationId: string): void;
}) => {
  const t = useLocalizedTexts(menuTexts);
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<unknown>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: (content: unknown) => calls.importTree(content, 'preview') });
  const commit = useMutation({
    mutationFn: () => calls.importTree(file, 'commit'),
    onSuccess: (result: MenuImportResult) => {
      message.success(t.imported);
      onImported(result.application.id);
    },
  });

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setReadError(null);
    try {
      const content = JSON.parse(await chosen.text()) as unknown;
      setFile(content);
      preview.mutate(content);
    } catch {
      setFile(null);
      setReadError(t.notJson);
    }
  };

  const result = preview.data;
  const error =
    readError ?? (preview.error as Error | null)?.message ?? (commit.error as Error | null)?.message;
  return (
    <Modal
      open
      width={820}
      title={t.importTitle}
      onCancel={onClose}
      okText={t.commit}
      okButtonProps={
        {
          disabled: !result || result.errors.length > 0,
          loading: commit.isPending,
          'data-testid': 'menu-import-commit',
        } as ButtonProps
      }
      onOk={() => commit.mutate()}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="menu-import">
        <Typography.Paragraph type="secondary">{t.importHint}</Typography.Paragraph>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          hidden
          data-testid="menu-import-file"
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        <Button icon={<UploadOutlined />} onClick={() => picker.current?.click()} loading={preview.isPending}>
          {t.chooseFile}
        </Button>
        {error && <Alert type="error" showIcon message={error} />}
        {result && (
          <>
            <Alert
              type={result.errors.length > 0 ? 'error' : 'info'}
              showIcon
              message={t.previewApplication(result.application.name, result.application.action === 'create')}
              description={
                <>
                  <div data-testid="menu-import-counts">{t.counts(result.counts)}</div>
                  {result.keptOnlyHere.length > 0 && <div>{t.keptOnlyHere(result.keptOnlyHere.length)}</div>}
                </>
              }
            />
            {result.errors.length > 0 && (
              <Alert
                type="error"
                message={t.errors}
                description={
                  <ul>
                    {result.errors.slice(0, 20).map((e) => (
                      <li key={`${e.sourceId}-${e.message}`}>{`${e.path}：${e.message}`}</li>
                    ))}
                  </ul>
                }
              />
            )}
            {result.warnings.length > 0 && (
              <Alert
                type="warning"
                message={t.warnings}
                description={
                  <ul>
                    {result.warnings.slice(0, 20).map((w) => (
                      <li key={`${w.sourceId}-${w.message}`}>{`${w.path}：${w.message}`}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Table
              size="small"
              rowKey="sourceId"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.changes}
              columns={[
                { title: t.path, dataIndex: 'path' },
                {
                  title: t.action,
                  dataIndex: 'action',
                  width: 90,
                  render: (action: string) => (
                    <Tag color={ACTION_COLORS[action]}>{t.actions[action] ?? action}</Tag>
                  ),
                },
                { title: t.fields, dataIndex: 'fields', render: (fields: string[]) => fields.join(', ') },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
};
