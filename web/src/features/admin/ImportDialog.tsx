import { InboxOutlined } from '@ant-design/icons';
import type { ResourceDeclaration } from '@uniwim/contracts';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Modal,
  Radio,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import type { Language } from '../../lib/language';
import { readStoredToken } from '../../lib/storage-keys';
import { downloadWithToken } from './authorized-download';
import { localText } from './cells';
import { useImportTexts } from './import-texts';

interface PreviewRow {
  row: number;
  action: 'create' | 'update';
  values: Record<string, string | number | boolean>;
  errors: { column?: string; message: string }[];
}
interface Preview {
  total: number;
  valid: number;
  invalid: number;
  ignoredColumns: string[];
  rows: PreviewRow[];
}
/** What the import did for the records it created (issue 25: an activation SMS each, or initial passwords). */
interface Receipt {
  kind: string;
  count: number;
  downloadUrl: string | null;
  expiresAt: string | null;
}
interface CommitResult {
  total: number;
  created: number;
  updated: number;
  failed: number;
  rolledBack: boolean;
  errorWorkbookUrl: string | null;
  receipt: Receipt | null;
}

const base = (declaration: ResourceDeclaration) => `/${declaration.scope}/admin/${declaration.name}`;

/**
 * Import from the declaration's template: upload, a preview with each cell's error, then commit
 * the valid rows (or all or none), and the failed rows as a workbook with a reason column.
 */
export const ImportDialog = ({
  declaration,
  language,
  onClose,
  onImported,
}: {
  declaration: ResourceDeclaration;
  language: Language;
  onClose(): void;
  onImported(): void;
}) => {
  const t = useImportTexts();
  const { message } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [update, setUpdate] = useState(false);
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<CommitResult | { jobId: string } | null>(null);
  const choiceDeclarations = Object.entries(declaration.importChoices ?? {});
  // The resource's own choices for the whole import (how new users get a way in), preset to their defaults.
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(choiceDeclarations.map(([name, choice]) => [name, choice.default])),
  );
  const [downloaded, setDownloaded] = useState(false);
  const importable = declaration.columns.filter((column) => column.importable);
  const query = (mode: 'preview' | 'commit') => {
    const params = new URLSearchParams({
      mode,
      update: String(update),
      all: String(all),
      lang: language === 'en-US' ? 'en' : 'zh',
      ...choices,
    });
    return `${base(declaration)}/import?${params}`;
  };

  const send = async <T,>(mode: 'preview' | 'commit'): Promise<T> => {
    const form = new FormData();
    form.append('file', file!);
    const token = readStoredToken();
    const response = await fetch(query(mode), {
      method: 'POST',
      body: form,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const envelope = (await response.json()) as { Code: number; Message: string; Response: T };
    if (envelope.Code !== 0) throw new Error(envelope.Message);
    return envelope.Response;
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { key: 'row', title: t.row, dataIndex: 'row', width: 70 },
    {
      key: 'action',
      title: t.action,
      dataIndex: 'action',
      width: 90,
      render: (action: string) => <Tag>{action === 'update' ? t.update : t.create}</Tag>,
    },
    ...importable.map((column) => ({
      key: column.key,
      title: localText(column.title, language),
      render: (_: unknown, row: PreviewRow) => {
        const error = row.errors.find((e) => e.column === column.key);
        return (
          <span className={error ? 'admin-import__cell--error' : undefined} title={error?.message}>
            {String(row.values[column.key] ?? '')}
            {error && <div className="admin-import__error">{error.message}</div>}
          </span>
        );
      },
    })),
    {
      key: 'errors',
      title: t.errors,
      render: (_: unknown, row: PreviewRow) =>
        row.errors.filter((e) => !e.column).map((e) => <div key={e.message}>{e.message}</div>),
    },
  ];

  return (
    <Modal
      open
      width={960}
      title={`${t.title}${localText(declaration.title, language)}`}
      onCancel={onClose}
      footer={null}
    >
      <div data-testid="admin-import">
        {result ? (
          'jobId' in result ? (
            <Result status="info" title={t.queued} subTitle={t.queuedHint} />
          ) : (
            <Result
              status={result.failed === 0 ? 'success' : 'warning'}
              title={result.rolledBack ? t.rolledBack : t.done(result.created, result.updated, result.failed)}
              subTitle={
                result.receipt && (
                  <span data-testid="import-receipt" data-kind={result.receipt.kind}>
                    {t.receipt(result.receipt.kind, result.receipt.count)}
                  </span>
                )
              }
              extra={
                <Space wrap>
                  {result.receipt?.downloadUrl && (
                    <Button
                      type="primary"
                      disabled={downloaded}
                      onClick={() =>
                        void run(async () => {
                          await downloadWithToken(result.receipt!.downloadUrl!);
                          setDownloaded(true);
                        })
                      }
                      data-testid="import-receipt-download"
                    >
                      {downloaded ? t.receiptDownloaded : t.receiptDownload}
                    </Button>
                  )}
                  {result.errorWorkbookUrl && (
                    <Button
                      onClick={() => void downloadWithToken(result.errorWorkbookUrl!)}
                      data-testid="import-error-workbook"
                    >
                      {t.errorWorkbook}
                    </Button>
                  )}
                </Space>
              }
              data-testid="import-result"
            />
          )
        ) : (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Typography.Link
              onClick={() =>
                void downloadWithToken(
                  `${base(declaration)}/import-template?lang=${language === 'en-US' ? 'en' : 'zh'}`,
                )
              }
            >
              {t.template}
            </Typography.Link>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                setPreview(null);
                return false;
              }}
              onRemove={() => {
                setFile(null);
                setPreview(null);
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t.drop}</p>
            </Upload.Dragger>
            {choiceDeclarations.map(([name, choice]) => {
              const chosen = choice.options.find((option) => option.value === choices[name]);
              return (
                <div key={name} className="admin-import__choice" data-testid={`import-choice-${name}`}>
                  <Typography.Text strong id={`import-choice-${name}`}>
                    {localText(choice.title, language)}
                  </Typography.Text>
                  <Radio.Group
                    aria-labelledby={`import-choice-${name}`}
                    value={choices[name]}
                    onChange={(event) => {
                      setChoices((before) => ({ ...before, [name]: event.target.value as string }));
                      // The preview depends on the choice (an activation SMS needs a mobile).
                      setPreview(null);
                    }}
                    options={choice.options.map((option) => ({
                      value: option.value,
                      label: localText(option.label, language),
                    }))}
                  />
                  {chosen?.hint && (
                    <Typography.Text type="secondary" className="admin-import__hint">
                      {localText(chosen.hint, language)}
                    </Typography.Text>
                  )}
                </div>
              );
            })}
            <Space>
              <Checkbox checked={update} onChange={(e) => setUpdate(e.target.checked)}>
                {t.updateExisting}
              </Checkbox>
              <Checkbox checked={all} onChange={(e) => setAll(e.target.checked)}>
                {t.allOrNone}
              </Checkbox>
            </Space>
            {preview && (
              <>
                <Alert
                  type={preview.invalid > 0 ? 'warning' : 'success'}
                  showIcon
                  title={t.summary(preview.total, preview.valid, preview.invalid)}
                  description={
                    preview.ignoredColumns.length > 0
                      ? t.ignored(preview.ignoredColumns.join('、'))
                      : undefined
                  }
                />
                <Table<PreviewRow>
                  rowKey="row"
                  size="small"
                  columns={columns}
                  dataSource={preview.rows}
                  scroll={{ x: 'max-content', y: 320 }}
                  pagination={false}
                  rowClassName={(row) => (row.errors.length > 0 ? 'admin-import__row--error' : '')}
                  data-testid="import-preview"
                />
              </>
            )}
            <Space>
              <Button
                disabled={!file}
                loading={busy}
                onClick={() => void run(async () => setPreview(await send<Preview>('preview')))}
                data-testid="import-preview-button"
              >
                {t.preview}
              </Button>
              <Button
                type="primary"
                disabled={!preview || preview.valid === 0 || (all && preview.invalid > 0)}
                loading={busy}
                onClick={() =>
                  void run(async () => {
                    setResult(await send<CommitResult | { jobId: string }>('commit'));
                    onImported();
                  })
                }
                data-testid="import-commit"
              >
                {t.commit}
              </Button>
            </Space>
          </Space>
        )}
      </div>
    </Modal>
  );
};
