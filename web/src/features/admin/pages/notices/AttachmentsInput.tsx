import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { AdminScope, StoredFile } from '@uniwim/contracts';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { FileUpload } from '../../../files/FileUpload';
import { formatBytes } from '../../../files/file-texts';
import type { AdminRow } from '../../resource-api';
import { noticeAdminTexts } from './notices-texts';

interface ControlProps {
  value?: unknown;
  onChange?(value: unknown): void;
  id?: string;
  record?: AdminRow;
}

/** A notice's attachments: file ids of the files module, each uploaded through it, removable. */
export const attachmentsInput =
  (scope: AdminScope) =>
  ({ value, onChange, id, record }: ControlProps) => {
    const texts = useLocalizedTexts(noticeAdminTexts);
    const ids = Array.isArray(value) ? (value as string[]) : [];
    const [known, setKnown] = useState<StoredFile[]>(
      () => (record?.attachments as StoredFile[] | undefined) ?? [],
    );
    const fileOf = (fileId: string) => known.find((file) => file.id === fileId);
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        {ids.map((fileId) => (
          <Space key={fileId}>
            <PaperClipOutlined />
            <Typography.Text>{fileOf(fileId)?.name ?? fileId}</Typography.Text>
            {fileOf(fileId) && (
              <Typography.Text type="secondary">{formatBytes(fileOf(fileId)!.size)}</Typography.Text>
            )}
            <Button
              size="small"
              type="text"
              danger
              aria-label={texts.remove}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(ids.filter((other) => other !== fileId))}
            />
          </Space>
        ))}
        <FileUpload
          id={id}
          value={null}
          purpose="attachment"
          scope={scope}
          testId="notice-attachment"
          onUploaded={(file) => {
            setKnown((files) => [...files, file]);
            onChange?.([...ids, file.id]);
          }}
        />
      </Space>
    );
  };
