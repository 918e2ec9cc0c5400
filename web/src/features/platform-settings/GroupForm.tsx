import type { PlatformSettingsAnswer, PlatformSettingsGroup } from '@uniwim/contracts';
import { App, Button, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { timeZoneOptions } from '../../lib/time-zone';
import { fieldErrorsOf } from '../admin/schema-form';
import { settingsApi } from './settings-api';
import './platform-settings.css';
import { changedKeys, fieldProblem, fieldsOf, groupBody, type SettingsField } from './settings-form';
import type { SettingsTexts } from './settings-texts';

/** What the form needs of the page's texts (the tenant settings page brings its own). */
type FormTexts = Pick<SettingsTexts, 'fixErrors' | 'saved' | 'save' | 'revert' | 'changedCount'>;

interface GroupFormProps<Answer = PlatformSettingsAnswer> {
  group: string;
  values: Record<string, unknown>;
  version: number;
  language: 'zh-CN' | 'en-US';
  texts: FormTexts;
  onSaved(answer: Answer): void;
  /** A 409: someone saved a newer version meanwhile. */
  onConflict(): void;
  /** Another settings page's fields (default: the platform settings group's). */
  fields?: SettingsField[];
  /** The schema's message about one value (default: the platform settings group's). */
  problemOf?(key: string, value: unknown): string | null;
  /** Stores the group (default: the platform settings API). */
  submit?(version: number, values: Record<string, unknown>): Promise<Answer>;
  /** A control of the page's own for a field (an image upload); undefined keeps the standard one. */
  renderControl?(field: SettingsField): ReactNode | undefined;
  /** Every edit, for a live preview of the unsaved values. */
  onDraftChange?(values: Record<string, unknown>): void;
  /** Beside Save and Revert (a checkbox the save takes into account). */
  extraActions?: ReactNode;
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
    case 'timeZone':
      return (
        <Select showSearch optionFilterProp="label" options={timeZoneOptions()} style={{ maxWidth: 420 }} />
      );
    case 'multiSelect':
    case 'orderedList':
      return <Select mode="multiple" options={options} style={{ maxWidth: 420 }} />;
    default:
      return <Input />;
  }
};

/** One group of the settings as a form: Save only when something changed, Revert drops the edits. */
export const GroupForm = <Answer = PlatformSettingsAnswer>({
  group,
  values,
  version,
  language,
  texts,
  onSaved,
  onConflict,
  fields: ownFields,
  problemOf,
  submit,
  renderControl,
  onDraftChange,
  extraActions,
}: GroupFormProps<Answer>) => {
  const [form] = Form.useForm();
  const { message } = App.useApp();
  const fields = useMemo(() => ownFields ?? fieldsOf(group as PlatformSettingsGroup), [group, ownFields]);
  const draftListener = useRef(onDraftChange);
  draftListener.current = onDraftChange;
  const [changed, setChanged] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  // What the server holds is the form's starting point, again after every save or reload.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
    setChanged([]);
    draftListener.current?.(values);
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
      const all = { ...values, ...form.getFieldsValue() };
      const answer = submit
        ? await submit(version, all)
        : ((await settingsApi.save(
            version,
            group as PlatformSettingsGroup,
            groupBody(group as PlatformSettingsGroup, all),
          )) as Answer);
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
      onValuesChange={(_, all) => {
        setChanged(changedKeys(values, all));
        onDraftChange?.({ ...values, ...all });
      }}
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
                const problem = problemOf
                  ? problemOf(field.key, value)
                  : fieldProblem(group as PlatformSettingsGroup, field.key, value);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          {renderControl?.(field) ?? controlOf(field, language)}
        </Form.Item>
      ))}
      {/* Kept in sight at the foot of a long form. */}
      <Form.Item label=" " colon={false} className="platform-settings-actions">
        <Space>
          {/* A test id: the loading icon may outlive the save in the button's accessible name. */}
          <Button
            type="primary"
            onClick={save}
            loading={saving}
            disabled={changed.length === 0}
            data-testid="settings-save"
          >
            {texts.save}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              form.setFieldsValue(values);
              setChanged([]);
              onDraftChange?.(values);
            }}
            disabled={changed.length === 0 || saving}
          >
            {texts.revert}
          </Button>
          {changed.length > 0 ? <Tag color="orange">{texts.changedCount(changed.length)}</Tag> : null}
          {extraActions}
        </Space>
      </Form.Item>
    </Form>
  );
};
