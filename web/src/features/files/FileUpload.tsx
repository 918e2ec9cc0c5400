import { DeleteOutlined, DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type AdminScope,
  FILE_PURPOSE_ACCEPT,
  FILE_PURPOSE_MAX_BYTES,
  type FilePurpose,
  type StoredFile,
} from '@uniwim/contracts';
import { App, Button, Image, Progress, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocalizedTexts } from '../../i18n/texts';
import { downloadWithToken } from '../admin/authorized-download';
import { fileTexts, formatBytes } from './file-texts';
import { fileInfo, uploadFile } from './upload-file';

export interface FileUploadProps {
  /** Given by the form item, so its label names the control. */
  id?: string;
  /** The stored file's id; null or undefined when there is none. */
  value?: string | null;
  onChange?(value: string | null): void;
  /** What the file is for: decides the kinds and the size the server takes. */
  purpose: FilePurpose;
  /** The file picker's filter (a hint; the server decides from the content). */
  accept?: string;
  /** `dmp` for the platform's own files (platform pages), `ump` (default) for the active tenant's. */
  scope?: AdminScope;
  /** Told the whole stored file after an upload (its url, sha256...). */
  onUploaded?(file: StoredFile): void;
  disabled?: boolean;
  /** Names the hidden file input for tests: `upload-<testId>`. */
  testId?: string;
}

/**
 * An antd form control holding a stored file's id: uploads through the files module with progress,
 * shows the name and size (and the image itself for images), and clears.
 */
export const FileUpload = ({
  id,
  value,
  onChange,
  purpose,
  accept,
  scope = 'ump',
  onUploaded,
  disabled,
  testId = 'file',
}: FileUploadProps) => {
  const texts = useLocalizedTexts(fileTexts);
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<StoredFile | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  // A record opened with a file already chosen: read what it is (once per id).
  useEffect(() => {
    if (!value) {
      setFile(null);
      return;
    }
    if (file?.id === value) return;
    let live = true;
    setLoadFailed(false);
    fileInfo(value).then(
      (info) => live && setFile(info),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [value, file?.id]);

  const limit = FILE_PURPOSE_MAX_BYTES[purpose];
  const upload = async (chosen: File) => {
    if (chosen.size > limit) {
      message.error(texts.tooLarge(formatBytes(limit)));
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadFile({
        file: chosen,
        fileName: chosen.name,
        purpose,
        scope,
        onProgress: setProgress,
      });
      setFile(stored);
      onChange?.(stored.id);
      onUploaded?.(stored);
      message.success(texts.uploaded);
    } catch (error) {
      message.error((error as Error).message || texts.failed);
    } finally {
      setProgress(null);
    }
  };

  // Images of the image purpose are public (sign-in pages show them): shown straight from their url.
  const isImage = purpose === 'image' && (file?.contentType.startsWith('image/') ?? false);
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid={`file-upload-${testId}`}>
      {file && (
        <Space align="center" wrap>
          {isImage ? (
            <Image src={file.url} width={64} height={64} style={{ objectFit: 'contain' }} alt={file.name} />
          ) : (
            <FileOutlined style={{ fontSize: 24 }} />
          )}
          <Typography.Text data-testid={`file-name-${testId}`}>{file.name}</Typography.Text>
          <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
          {!isImage && (
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() =>
                void downloadWithToken(`${file.url}?download=1`).catch((e: Error) => message.error(e.message))
              }
            >
              {texts.download}
            </Button>
          )}
        </Space>
      )}
      {value && !file && loadFailed && <Typography.Text type="danger">{texts.loadFailed}</Typography.Text>}
      {progress !== null && (
        <Progress percent={progress} size="small" status="active" aria-label={texts.uploading(progress)} />
      )}
      <Space>
        <Button
          id={id}
          icon={<UploadOutlined />}
          loading={progress !== null}
          disabled={disabled}
          onClick={() => picker.current?.click()}
        >
          {progress !== null ? texts.uploading(progress) : value ? texts.replace : texts.choose}
        </Button>
        {value && (
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled || progress !== null}
            onClick={() => {
              setFile(null);
              onChange?.(null);
            }}
          >
            {texts.clear}
          </Button>
        )}
      </Space>
      <input
        ref={picker}
        type="file"
        accept={accept ?? FILE_PURPOSE_ACCEPT[purpose]}
        style={{ display: 'none' }}
        data-testid={`upload-${testId}`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (chosen) void upload(chosen);
        }}
      />
    </Space>
  );
};
