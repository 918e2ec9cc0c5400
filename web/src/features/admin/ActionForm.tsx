import type { ResourceDeclaration } from '@uniwim/contracts';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import type { Language } from '../../lib/language';
import type { AdminTexts } from './admin-texts';
import { localText } from './cells';
import type { FieldControl } from './RecordForm';
import type { AdminRow } from './resource-api';
import { bodyOf, type FormField, formFieldsOf, validateWith, valuesOf } from './schema-form';

/**
 * The form of an action that takes a body (set a tenant's packages, rotate a secret with an
 * overlap): fields from the action's schema, filled from the record where names match.
 */
export const ActionForm = ({
  declaration,
  record,
  title,
  schema,
  texts,
  language,
  fieldControls,
  onCancel,
  submit,
}: {
  declaration: ResourceDeclaration;
  record: AdminRow;
  title: string;
  schema: z.ZodType;
  texts: AdminTexts;
  language: Language;
  fieldControls?: Readonly<Record<string, FieldControl>>;
  onCancel(): void;
  submit(body: Record<string, unknown>): Promise<void>;
}) => {
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const fields = useMemo(
    () => formFieldsOf(declaration, schema).filter((field) => field.key !== 'version'),
    [declaration, schema],
  );
  const initialValues = useMemo(() => valuesOf(fields, record), [fields, record]);

  const ok = async () => {
    const body = bodyOf(fields, form.getFieldsValue(true));
    const errors = validateWith(schema, body);
    if (Object.keys(errors).length > 0) {
      form.setFields(Object.entries(errors).map(([name, error]) => ({ name, errors: [error] })));
      return;
    }
    setBusy(true);
    try {
      await submit({ ...body, version: record.version });
    } finally {
      setBusy(false);
    }
  };

  const control = (field: FormField) => {
    const Custom = fieldControls?.[field.key];
    if (Custom) return <Custom record={record} />;
    if (field.kind === 'number') return <InputNumber style={{ width: '100%' }} />;
    if (field.kind === 'boolean') return <Switch />;
    if (field.kind === 'select' || field.kind === 'multiselect') {
      return (
        <Select
          mode={field.kind === 'multiselect' ? 'multiple' : undefined}
          allowClear
          options={field.options?.map((o) => ({ value: o.value, label: localText(o.label, language) }))}
        />
      );
    }
    return <Input />;
  };

  return (
    <Modal
      open
      title={title}
      okText={texts.confirm}
      cancelText={texts.cancel}
      confirmLoading={busy}
      onOk={() => void ok()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        name={`action-${declaration.name}`}
        layout="vertical"
        initialValues={initialValues}
        data-testid="admin-action-form"
      >
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={field.key}
            label={localText(field.title, language)}
            required={field.required}
            valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
          >
            {control(field)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
