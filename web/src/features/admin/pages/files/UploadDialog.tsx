import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { type AdminScope, FILE_PURPOSE_TITLES, FILE_PURPOSES, type FilePurpose } from '@uniwim/contracts';
import { Button, Modal, Select, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useLanguage } from '../../../../i18n';
import { useLocalizedTexts } from '../../../../i18n/texts';
import { formatBytes } from '../../../files/file-texts';
import { uploadFile } from '../../../files/upload-file';
import { filesTexts } from './files-texts';

/**
 * Uploads to the file library (kept: never cleaned up as unused), several files at once, each with
 * its progress and the server's answer (a refused type or size is shown on the file).
 */
export const UploadButton = ({
  scope,
  maxBytes,
  onUploaded,
}: {
  scope: AdminScope;
  maxBytes: Record<FilePurpose, number> | undefined;
  onUploaded(): void;
}) => {
  const texts = useLocalizedTexts(filesTexts);
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const [purpose, setPurpose] = useState<FilePurpose>('attachment');
  const limit = maxBytes?.[purpose];
  return (
    <>
      <Button
        type="primary"
        icon={<UploadOutlined />}
        onClick={() => setOpen(true)}
        data-testid="files-upload"
      >
        {texts.upload}
      </Button>
      <Modal
        open={open}
        title={texts.uploadTitle}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{texts.close}</Button>}
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space>
            {texts.purpose}
            <Select
              value={purpose}
              onChange={setPurpose}
              style={{ width: 160 }}
              options={FILE_PURPOSES.map((value) => ({
                value,
                label: language === 'en-US' ? FILE_PURPOSE_TITLES[value].en : FILE_PURPOSE_TITLES[value].zh,
              }))}
              data-testid="files-upload-purpose"
            />
          </Space>
          <Upload.Dragger
            multiple
            data-testid="files-upload-dragger"
            customRequest={({ file, onProgress, onSuccess, onError }) => {
              const chosen = file as File;
              uploadFile({
                file: chosen,
                fileName: chosen.name,
                purpose,
                scope,
                keep: true,
                onProgress: (percent) => onProgress?.({ percent }),
              }).then(
                (stored) => {
                  onSuccess?.(stored);
                  onUploaded();
                },
                (error: Error) => onError?.(error),
              );
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{texts.dragHint}</p>
            {limit !== undefined && (
              <Typography.Text type="secondary">{texts.limitHint(formatBytes(limit))}</Typography.Text>
            )}
          </Upload.Dragger>
        </Space>
      </Modal>
    </>
  );
};
