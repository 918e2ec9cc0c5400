import { Alert, Descriptions, Modal, Typography } from 'antd';
import type { AdminTexts } from './admin-texts';

/** What the server shows once (an initial password, a purge report): copyable, then gone. */
export const ShownOnce = ({
  values,
  texts,
  onClose,
}: {
  values: Record<string, unknown>;
  texts: AdminTexts;
  onClose(): void;
}) => {
  const label = (key: string) =>
    key === 'initialPassword' ? texts.initialPassword : key === 'account' ? texts.account : key;
  const entries = Object.entries(values).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>).map(([inner, v]) => [inner, v] as const)
      : [[key, value] as const],
  );
  return (
    <Modal
      open
      title={texts.done}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ hidden: true }}
      data-testid="admin-shown-once"
    >
      {'initialPassword' in values && (
        <Alert type="warning" showIcon title={texts.shownOnce} style={{ marginBottom: 12 }} />
      )}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={entries.map(([key, value]) => ({
          key,
          label: label(key),
          children: (
            <Typography.Text
              copyable={key === 'initialPassword' || key === 'account'}
              data-testid={`shown-${key}`}
            >
              {String(value)}
            </Typography.Text>
          ),
        }))}
      />
    </Modal>
  );
};
