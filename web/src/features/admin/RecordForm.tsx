import type { ResourceDeclaration } from '@uniwim/contracts';
import { App, Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ComponentType, useMemo, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api';
import type { Language } from '../../lib/language';
import { instantOfPicked, pickerValueOf } from '../../lib/time-zone';
import type { AdminTexts } from './admin-texts';
import { localText } from './cells';
import type { AdminRow } from './resource-api';
import { bodyOf, type FormField, fieldErrorsOf, formFieldsOf, validateWith, valuesOf } from './schema-form';

/** A page's own input for one field (a tree of menus, a picker of roles): antd passes value and onChange. */
export type FieldControl = ComponentType<{
  value?: unknown;
  onChange?(value: unknown): void;
  record?: AdminRow;
  /** Given by the form item: the input that carries it is the one its label names. */
  id?: string;
}>;

export interface FormCustomisation {
  /** Inputs by dotted field key, instead of the one derived from the schema. */
  fieldControls?: Readonly<Record<string, FieldControl>>;
  /** Fields the form leaves out (ones only an import workbook fills, say). */
  hiddenFields?: readonly string[];
  /**
   * Runs after the schema's checks and before the save: shows what the save would change (an
   * impact preview) and answers false when the user cancels.
   */
  beforeSave?(
    body: Record<string, unknown>,
    record: AdminRow | undefined,
    context: { language: Language; modal: ModalApi },
  ): Promise<boolean>;
}

/** antd's dialogs bound to the page's theme, locale and motion settings (App.useApp), not the static ones. */
export type ModalApi = ReturnType<typeof App.useApp>['modal'];

interface RecordFormProps extends FormCustomisation {
  declaration: ResourceDeclaration;
  /** The record being edited; absent when creating. */
  record?: AdminRow;
  texts: AdminTexts;
  language: Language;
  onClose(): void;
  save(body: Record<string, unknown>): Promise<unknown>;
  onSaved(answer: unknown): void;
  /** The record as it is now on the server (after a conflict). */
  reload(): Promise<AdminRow>;
  /** Values the page decides, sent with the form's (a new tree item's application and parent). */
  fixedValues?: Record<string, unknown>;
}

const isDayjs = (value: unknown): value is Dayjs => dayjs.isDayjs(value);

/**
 * Dates travel as ISO text with the offset; the picker works on dayjs values of the browser's clock,
 * showing and taking readings of the reader's zone (issue 25).
 */
const toFormValues = (fields: FormField[], values: Record<string, unknown>) => {
  const all = fields.flatMap((f) => (f.kind === 'group' ? (f.children ?? []) : [f]));
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      all.find((f) => f.key === key)?.kind === 'datetime' && typeof value === 'string'
        ? pickerValueOf(value)
        : value,
    ]),
  );
};
const fromFormValues = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, isDayjs(value) ? instantOfPicked(value) : value]),
  );

/**
 * The create or edit drawer of a resource: fields and their checks come from the declaration's
 * schema, the server's answers land on their fields, and a stale version offers a reload.
 */
export const RecordForm = ({
  declaration,
  record,
  texts,
  language,
  onClose,
  save,
  onSaved,
  reload,
  fieldControls,
  beforeSave,
  hiddenFields,
  fixedValues,
}: RecordFormProps) => {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(record?.version);
  const schema = (record ? declaration.update : declaration.create) as z.ZodObject;
  const fields = useMemo(
    () => formFieldsOf(declaration, schema).filter((field) => !hiddenFields?.includes(field.key)),
    [declaration, schema, hiddenFields],
  );
  const initialValues = useMemo(
    () => (record ? toFormValues(fields, valuesOf(fields, record)) : {}),
    [fields, record],
  );
  const what = localText(declaration.title, language);

  const showErrors = (errors: Record<string, string>) =>
    form.setFields(Object.entries(errors).map(([name, error]) => ({ name, errors: [error] })));

  const submit = async () => {
    const body = { ...fixedValues, ...bodyOf(fields, fromFormValues(form.getFieldsValue(true))) };
    const errors = validateWith(schema, body);
    if (Object.keys(errors).length > 0) return showErrors(errors);
    if (beforeSave && !(await beforeSave(body, record, { language, modal }))) return;
    setSaving(true);
    try {
      const answer = await save(record ? { ...body, version } : body);
      message.success(record ? texts.saved : texts.created);
      onSaved(answer);
    } catch (error) {
      if (error instanceof ApiError && error.errorName === 'VERSION_CONFLICT') {
        modal.confirm({
          title: texts.conflictTitle,
          content: texts.conflictHint,
          okText: texts.reload,
          cancelText: texts.cancel,
          onOk: async () => {
            const latest = await reload();
            setVersion(latest.version);
            form.resetFields();
            form.setFieldsValue(toFormValues(fields, valuesOf(fields, latest)));
          },
        });
      } else if (error instanceof ApiError && Object.keys(fieldErrorsOf(error.details)).length > 0) {
        showErrors(fieldErrorsOf(error.details));
        message.error(error.message);
      } else {
        message.error(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSaving(false);
    }
  };

  const control = (field: FormField) => {
    const Custom = fieldControls?.[field.key];
    if (Custom) return <Custom record={record} />;
    switch (field.kind) {
      case 'number':
        return <InputNumber style={{ width: '100%' }} />;
      case 'boolean':
        return <Switch />;
      case 'datetime':
        return <DatePicker showTime style={{ width: '100%' }} />;
      case 'tags':
        return <Select mode="tags" tokenSeparators={[',', ' ', '，']} open={false} suffixIcon={null} />;
      case 'multiselect':
        return (
          <Select
            mode="multiple"
            allowClear
            options={field.options?.map((o) => ({ value: o.value, label: localText(o.label, language) }))}
          />
        );
      case 'select':
        return (
          <Select
            allowClear={!field.required}
            options={field.options?.map((o) => ({ value: o.value, label: localText(o.label, language) }))}
          />
        );
      default:
        return <Input maxLength={field.maxLength} allowClear={!field.required} />;
    }
  };

  const item = (field: FormField) =>
    field.kind === 'group' ? (
      <fieldset key={field.key} className="admin-form__group">
        <legend>{localText(field.title, language)}</legend>
        {field.children?.map(item)}
      </fieldset>
    ) : (
      <Form.Item
        key={field.key}
        name={field.key}
        label={localText(field.title, language)}
        required={field.required}
        valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
      >
        {control(field)}
      </Form.Item>
    );

  return (
    <Drawer
      open
      size={560}
      title={record ? texts.editTitle(what) : texts.createTitle(what)}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{texts.cancel}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="admin-form-save">
            {texts.save}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name={`record-${declaration.name}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void submit()}
        data-testid="admin-form"
      >
        {fields.map(item)}
      </Form>
    </Drawer>
  );
};
