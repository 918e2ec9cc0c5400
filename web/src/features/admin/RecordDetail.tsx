import { useQuery } from '@tanstack/react-query';
import type { ResourceDeclaration } from '@uniwim/contracts';
import { Descriptions, Drawer, Empty, Spin, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Language } from '../../lib/language';
import type { AdminTexts } from './admin-texts';
import { cellText, formatDateTime, localText } from './cells';
import { type AdminRow, type HistoryEntry, resourceApi } from './resource-api';

/** A time of the history (the operation log keeps instants) is read in the reader's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const shortValue = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string' && INSTANT.test(value)) return formatDateTime(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

export interface DetailCustomisation {
  /** Sections only this resource's detail has (a user's sessions, say), after its fields. */
  detailSections?(record: AdminRow, language: Language): ReactNode;
}

/** A record's fields as declared, and its history from the operation log (who changed what, when). */
export const RecordDetail = ({
  declaration,
  record,
  texts,
  language,
  onClose,
  detailSections,
}: {
  declaration: ResourceDeclaration;
  record: AdminRow;
  texts: AdminTexts;
  language: Language;
  onClose(): void;
} & DetailCustomisation) => {
  const history = useQuery({
    queryKey: ['admin', declaration.name, declaration.scope, record.id, 'history'],
    queryFn: () => resourceApi(declaration).history(record.id),
  });
  const titleOf = (field: string) =>
    localText(
      declaration.columns.find((c) => c.key === field)?.title ??
        declaration.fields?.[field] ?? { zh: field, en: field },
      language,
    );
  const describe = (entry: HistoryEntry) => (
    <div>
      <Typography.Text strong>{texts.historyActions[entry.action] ?? entry.action}</Typography.Text>{' '}
      <Typography.Text type="secondary">
        {entry.operatorName ?? '-'} · {formatDateTime(entry.createdAt)}
        {entry.ip ? ` · ${entry.ip}` : ''}
      </Typography.Text>
      {entry.action === 'update' && (
        <ul className="admin-history__changes">
          {Object.entries(entry.changes).map(([field, change]) => (
            <li key={field}>
              {texts.changedFrom(titleOf(field))}
              {shortValue(change.before)} → {shortValue(change.after)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Drawer
      open
      size={640}
      onClose={onClose}
      title={texts.detailTitle(localText(declaration.title, language))}
    >
      <Descriptions
        data-testid="admin-detail"
        column={1}
        bordered
        size="small"
        items={declaration.columns.map((column) => ({
          key: column.key,
          label: localText(column.title, language),
          children: cellText(column, record[column.key], language),
        }))}
      />
      {detailSections?.(record, language)}
      <Typography.Title level={5} className="admin-detail__history">
        {texts.history}
      </Typography.Title>
      {history.isPending ? (
        <Spin />
      ) : history.data && history.data.length > 0 ? (
        <Timeline items={history.data.map((entry) => ({ key: entry.id, content: describe(entry) }))} />
      ) : (
        <Empty description={texts.noHistory} />
      )}
    </Drawer>
  );
};
