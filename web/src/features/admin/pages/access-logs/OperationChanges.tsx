import { Empty, Table, Tag, Typography } from 'antd';
import { useLocalizedTexts } from '../../../../i18n/texts';
import type { AdminRow } from '../../resource-api';
import { accessLogTexts } from './access-logs-texts';
import { changeRowsOf, type ValueText } from './change-rows';

const Value = ({ value, tone }: { value: ValueText; tone: 'before' | 'after' }) => {
  const texts = useLocalizedTexts(accessLogTexts);
  if (value.empty) return <Typography.Text type="secondary">{texts.empty}</Typography.Text>;
  return (
    <Typography.Text
      className={`access-log-change access-log-change--${tone}`}
      style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      delete={tone === 'before'}
      type={tone === 'before' ? 'danger' : 'success'}
    >
      {value.text}
    </Typography.Text>
  );
};

/** An operation's before and after, field by field (the operation log's `changes`), secrets masked. */
export const OperationChanges = ({ record }: { record: AdminRow }) => {
  const texts = useLocalizedTexts(accessLogTexts);
  const rows = changeRowsOf(record.changes);
  return (
    <section data-testid="operation-changes" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>{texts.changes}</Typography.Title>
      {rows.length === 0 ? (
        <Empty description={texts.noChanges} />
      ) : (
        <Table
          size="small"
          pagination={false}
          rowKey="field"
          dataSource={rows}
          columns={[
            {
              key: 'field',
              title: texts.field,
              width: 140,
              render: (_, row) => (
                <span>
                  {row.field}
                  {row.before.empty && !row.after.empty && <Tag color="green">{texts.added}</Tag>}
                  {!row.before.empty && row.after.empty && <Tag color="red">{texts.removed}</Tag>}
                </span>
              ),
            },
            {
              key: 'before',
              title: texts.before,
              render: (_, row) => <Value value={row.before} tone="before" />,
            },
            {
              key: 'after',
              title: texts.after,
              render: (_, row) => <Value value={row.after} tone="after" />,
            },
          ]}
        />
      )}
    </section>
  );
};
