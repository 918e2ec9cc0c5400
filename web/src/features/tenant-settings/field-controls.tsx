import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Input, InputNumber, Select, Space } from 'antd';
import { useRef, useState } from 'react';
import { uploadFile } from '../files/upload-file';
import type { SettingsField } from '../platform-settings/settings-form';
import { IMAGE_FIELDS, TAG_FIELDS } from './tenant-settings-form';
import type { TenantSettingsTexts } from './tenant-settings-texts';

interface ControlProps<T> {
  /** Given by the form item, so its label names the control. */
  id?: string;
  value?: T;
  onChange?(value: T): void;
}

/** An image address with an upload beside it: the file goes into the tenant's files, its address here. */
export const ImageInput = ({
  id,
  value,
  onChange,
  texts,
  testId,
}: ControlProps<string> & { texts: TenantSettingsTexts; testId: string }) => {
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      // Through the files module, like every upload: the image's url is /ump/files/<id>.
      const stored = await uploadFile({ file, fileName: file.name, purpose: 'image', scope: 'ump' });
      onChange?.(stored.url);
      message.success(texts.uploaded);
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setUploading(false);
    }
  };
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 520 }}>
      <Input id={id} value={value} onChange={(event) => onChange?.(event.target.value)} />
      <Button icon={<UploadOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
        {uploading ? texts.uploading : texts.upload}
      </Button>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/x-icon"
        style={{ display: 'none' }}
        data-testid={`upload-${testId}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
    </Space.Compact>
  );
};

/** A list of free texts typed in one by one. */
const TagsInput = ({
  id,
  value,
  onChange,
  placeholder,
}: ControlProps<string[]> & { placeholder: string }) => (
  <Select
    id={id}
    mode="tags"
    value={value ?? []}
    onChange={(next: string[]) => onChange?.(next)}
    open={false}
    tokenSeparators={[',', ' ', '\n']}
    placeholder={placeholder}
    style={{ maxWidth: 520 }}
  />
);

/** A number that may be left empty (null: the platform's value applies). */
const OptionalNumber = ({
  id,
  value,
  onChange,
  placeholder,
}: ControlProps<number | null> & { placeholder: string }) => (
  <InputNumber
    id={id}
    value={value ?? null}
    onChange={(next) => onChange?.(typeof next === 'number' ? next : null)}
    placeholder={placeholder}
    style={{ width: 200 }}
  />
);

/** The tenant settings page's own controls; undefined keeps the shared form's standard one. */
export const tenantControl = (field: SettingsField, texts: TenantSettingsTexts) => {
  const path = `${field.group}.${field.key}`;
  if (IMAGE_FIELDS.has(path)) return <ImageInput texts={texts} testId={field.key} />;
  if (TAG_FIELDS.has(path)) return <TagsInput placeholder={texts.tagsPlaceholder} />;
  if (path === 'security.accessTokenMinutes' || path === 'security.refreshTokenHours')
    return <OptionalNumber placeholder={texts.inheritPlaceholder} />;
  return undefined;
};
