import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ParameterChoice, type ParameterType, SECRET_MASK } from '@uniwim/contracts';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { FieldControl } from '../../RecordForm';
import type { AdminRow } from '../../resource-api';
import { type ParametersTexts, parametersTexts } from './parameters-texts';

/**
 * The type a value is typed by: the form's own (the platform's form, where the type is chosen) or
 * the record's (a tenant's form, which changes the value only).
 */
const useTypeOf = (record: AdminRow | undefined) => {
  const form = Form.useFormInstance();
  const formType = Form.useWatch('type', form) as ParameterType | undefined;
  const formChoices = Form.useWatch('choices', form) as ParameterChoice[] | undefined;
  return {
    type: formType ?? (record?.type as ParameterType | undefined) ?? 'text',
    choices: formChoices ?? (record?.choices as ParameterChoice[] | undefined) ?? [],
  };
};

/** A value's input by its type: a secret is typed in blind, and never shown back. */
export const ParameterValueInput: FieldControl = ({ value, onChange, record, id }) => {
  const t = useLocalizedTexts(parametersTexts);
  const { type, choices } = useTypeOf(record);
  const text = typeof value === 'string' ? value : undefined;
  const set = (next: string | undefined) => onChange?.(next);
  switch (type) {
    case 'boolean':
      return (
        <Select
          id={id}
          value={text}
          onChange={set}
          placeholder={t.pickValue}
          options={[
            { value: 'true', label: t.yes },
            { value: 'false', label: t.no },
          ]}
        />
      );
    case 'choice':
      return (
        <Select
          id={id}
          value={text}
          onChange={set}
          placeholder={t.pickValue}
          options={choices.filter(Boolean).map((choice) => ({ value: choice.value, label: choice.label }))}
        />
      );
    case 'json':
      return (
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => set(event.target.value)}
          autoSize={{ minRows: 3, maxRows: 12 }}
          className="parameter-json"
        />
      );
    case 'secret':
      // The platform's form may leave it empty (kept); a tenant's value is always typed anew.
      return (
        <Input.Password
          id={id}
          value={text}
          onChange={(event) => set(event.target.value)}
          autoComplete="new-password"
          visibilityToggle={false}
          placeholder={record?.secretSet === true && !('source' in record) ? t.keepSecret : t.newSecret}
        />
      );
    case 'number':
      return <Input id={id} value={text} onChange={(event) => set(event.target.value)} inputMode="decimal" />;
    default:
      return (
        <Input.TextArea
          id={id}
          value={text}
          onChange={(event) => set(event.target.value)}
          autoSize={{ maxRows: 6 }}
        />
      );
  }
};

/** The choices of a "choice" parameter: value and label pairs. */
export const ParameterChoicesInput: FieldControl = ({ value, onChange, record, id }) => {
  const t = useLocalizedTexts(parametersTexts);
  const { type } = useTypeOf(record);
  const choices = Array.isArray(value) ? (value as ParameterChoice[]) : [];
  const change = (next: ParameterChoice[]) => onChange?.(next);
  if (type !== 'choice' && choices.length === 0) {
    return <Typography.Text type="secondary">{t.choicesOnlyForChoice}</Typography.Text>;
  }
  return (
    <Space id={id} orientation="vertical" style={{ width: '100%' }} data-testid="parameter-choices">
      {choices.map((choice, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place, their value may be empty
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            placeholder={t.choiceValue}
            value={choice.value}
            onChange={(event) =>
              change(choices.map((c, i) => (i === index ? { ...c, value: event.target.value } : c)))
            }
          />
          <Input
            placeholder={t.choiceLabel}
            value={choice.label}
            onChange={(event) =>
              change(choices.map((c, i) => (i === index ? { ...c, label: event.target.value } : c)))
            }
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t.remove}
            onClick={() => change(choices.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => change([...choices, { value: '', label: '' }])}>
        {t.addChoice}
      </Button>
    </Space>
  );
};

/** A value as the list shows it: a secret masked, a yes/no in words, a choice by its label. */
export const parameterValueText = (record: AdminRow, value: unknown, t: ParametersTexts): ReactNode => {
  if (record.type === 'secret') {
    return record.secretSet === true ? <Tag>{SECRET_MASK}</Tag> : <Tag>{t.secretUnset}</Tag>;
  }
  if (value === null || value === undefined || value === '')
    return <span className="admin-cell--empty">-</span>;
  if (record.type === 'boolean') return value === 'true' ? t.yes : t.no;
  if (record.type === 'choice') {
    const choice = (record.choices as ParameterChoice[]).find((c) => c.value === value);
    return choice ? `${choice.label}（${String(value)}）` : String(value);
  }
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};
