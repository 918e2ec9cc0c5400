import { Input, Space, Typography } from 'antd';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { AdminRow } from '../../resource-api';
import { messageTemplateTexts } from './message-templates-texts';

/**
 * "Send a test": one input for each `{param}` the template's content names (the row's `params`),
 * its value an object by parameter name. The server names any left empty.
 */
export const ParamValuesInput = ({
  value,
  onChange,
  record,
  id,
}: {
  value?: unknown;
  onChange?(value: unknown): void;
  record?: AdminRow;
  id?: string;
}) => {
  const texts = useLocalizedTexts(messageTemplateTexts);
  const params = Array.isArray(record?.params) ? (record.params as string[]) : [];
  const values = (value && typeof value === 'object' ? value : {}) as Record<string, string>;
  if (params.length === 0) return <Typography.Text type="secondary">{texts.noParams}</Typography.Text>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} id={id}>
      {params.map((name) => (
        <Input
          key={name}
          addonBefore={name}
          placeholder={texts.valueOf(name)}
          aria-label={name}
          value={values[name] ?? ''}
          onChange={(event) => onChange?.({ ...values, [name]: event.target.value })}
          data-testid={`template-param-${name}`}
        />
      ))}
    </Space>
  );
};
