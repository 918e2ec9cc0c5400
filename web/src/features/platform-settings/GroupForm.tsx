import type { PlatformSettingsAnswer, PlatformSettingsGroup } from '@uniwim/contracts';
import { App, Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../lib/api';
import { fieldErrorsOf } from '../admin/schema-form';
import { settingsApi } from './settings-api';
import './platform-settings.css';
import { changedKeys, fieldProblem, fieldsOf, groupBody, type SettingsField } from './settings-form';
import type { SettingsTexts } from './settings-texts';

interface GroupFormProps {
  group: PlatformSettingsGroup;
  values: Record<string, unknown>;
  version: number;
  language: 'zh-CN' | 'en-US';
  texts: SettingsTexts;
  onSaved(answer: PlatformSettingsAnswer): void;
  /** A 409: someone saved a newer version meanwhile. */
  onConflict(): void;
}

const label = (field: SettingsField, language: GroupFormProps['language']) =>
  language === 'en-US' ? field.title.en : field.title.zh;

/** The control of one field, with the conversions between the stored value and the control's. */
const itemPropsOf = (field: SettingsField) => {
  switch (field.control) {
    case 'flag':
      return {
        valuePropName: 'checked',
        getValueProps: (value: unknown) => ({ checked: value === '1' }),
        normalize: (checked: boolean) => (checked ? '1' : '0'),
      };
    case 'bit':
      return {
        valuePropName: 'checked',
        getValueProps: (value: unknown) => ({ checked: value === 1 }),
        normalize: (checked: boolean) => (checked ? 1 : 0),
      };
    case 'boolean':
      return { valuePropName: 'checked' };
    case 'orderedList':
      return {
        getValueProps: (value: unknown) => ({
          value: typeof value === 'string' && value !== '' ? value.split(',') : [],
        }),
        normalize: (list: string[]) => list.join(','),
      };
    default:
      return {};
  }
};

const controlOf = (field: SettingsField, language: GroupFormProps['language']) => {
  const options = field.options?.map((option) => ({
    value: option.value,
    label: language === 'en-US' ? option.label.en : option.label.zh,
  }));
  switch (field.control) {
    case 'flag':
    case 'bit':
    case 'boolean':
      return <Switch />;
    case 'number':
      return <InputNumber style={{ width: 200 }} />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />;
    case 'select':
      return <Select options={options} style={{ maxWidth: 420 }} />;
    case 'multiSelect':
    case 'orderedList':
      return <Select mode="multiple" options={options} style={{ maxWidth: 420 }} />;
    default:
      return <Input />;
  }
};

/** One group of the settings as a form: Save only when something changed, Revert drops the edits. */
export const GroupForm = ({
  group,
  values,
  version,
  language,
  texts,
  onSaved,
  onConflict,
}: GroupFormProps) => {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const fields = useMemo(() => fieldsOf(group), [group]);
  const [changed, setChanged] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // What the server holds is the form's starting point, again after every save or reload.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
    setChanged([]);
  }, [form, values]);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      message.error(texts.fixErrors);
      return;
    }
    setSaving(true);
    try {
      const answer = await settingsApi.save(
        version,
        group,
        groupBody(group, { ...values, ...form.getFieldsValue() }),
      );
      message.success(texts.saved);
      onSaved(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onConflict();
      else if (error instanceof ApiError && (error.status === 422 || error.status === 400)) {
        const errors = fieldErrorsOf(error.details);
        form.setFields(
          Object.entries(errors)
            .filter(([path]) => path.startsWith(`${group}.`))
            .map(([path, problem]) => ({ name: path.slice(group.length + 1), errors: [problem] })),
        );
        message.error(error.message);
      } else message.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ flex: '220px' }}
      labelWrap
      onValuesChange={(_, all) => setChanged(changedKeys(values, all))}
      data-testid={`settings-form-${group}`}
    >
      {fields.map((field) => (
        <Form.Item
          key={field.key}
          name={field.key}
          label={label(field, language)}
          {...itemPropsOf(field)}
          rules={[
            {
              validator: async (_, value) => {
                const problem = fieldProblem(group, field.key, value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {controlOf(field, language)}
        </Form.Item>
      ))}
      {/* Kept in sight at the foot of a long form. */}
      <Form.Item label=" " colon={false} className="platform-settings-actions">
        <Space>
          <Button type="primary" onClick={save} loading={saving} disabled={changed.length === 0}>
            {texts.save}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(values);
              setChanged([]);
            }}
            disabled={changed.length === 0 || saving}
          >
            {texts.revert}
          </Button>
          {changed.length > 0 ? <Tag color="orange">{texts.changedCount(changed.length)}</Tag> : null}
        </Space>
      </Form.Item>
    </Form>
  );
};
