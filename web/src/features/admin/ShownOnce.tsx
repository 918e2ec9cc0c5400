import { Alert, Descriptions, Modal, Typography } from 'antd';
import type { AdminTexts } from './admin-texts';

/** Values a person must copy now: the server never answers them again. */
const SECRET_KEYS = new Set(['initialPassword', 'clientSecret']);

/** What the server shows once (an initial password, a new secret, a purge report): copyable, then gone. */
export const ShownOnce = ({
  values,
  texts,
  labelOf,
  onClose,
}: {
  values: Record<string, unknown>;
  texts: AdminTexts;
  labelOf(key: string): string;
  onClose(): void;
}) => {
  const entries = Object.entries(values).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value as Record<string, unknown>).map(([inner, v]) => [inner, v] as const)
      : [[key, value] as const],
  );
  const show = (value: unknown) =>
    typeof value === 'boolean'
      ? value
        ? texts.yes
        : texts.no
      : Array.isArray(value)
        ? value.join(', ')
        : String(value);
  return (
    <Modal open title={texts.done} onCancel={onClose} onOk={onClose} cancelButtonProps={{ hidden: true }}>
      <div data-testid="admin-shown-once">
        {Object.keys(values).some((key) => SECRET_KEYS.has(key)) && (
          <Alert type="warning" showIcon title={texts.shownOnce} style={{ marginBottom: 12 }} />
        )}
        <Descriptions
          column={1}
          bordered
          size="small"
          items={entries.map(([key, value]) => ({
            key,
            label: labelOf(key),
            children: (
              <Typography.Text copyable={typeof value === 'string'} data-testid={`shown-${key}`}>
                {show(value)}
              </Typography.Text>
            ),
          }))}
        />
      </div>
    </Modal>
  );
};
