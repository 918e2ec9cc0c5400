import type { ColumnDeclaration, LocalText } from '@uniwim/contracts';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import type { Language } from '../../lib/language';
import { formatDateTime } from '../../lib/time-zone';

/** Times are shown in the reader's zone (issue 25): one formatter for every page, in lib/time-zone. */
export { formatDateTime };

export const localText = (text: LocalText, language: Language) => (language === 'en-US' ? text.en : text.zh);

/** A list of records (a tenant's packages) shows their names. */
const itemText = (item: unknown): string =>
  item && typeof item === 'object' && 'name' in item
    ? String((item as { name: unknown }).name)
    : String(item);

/** A cell as its column declares it: labels for options, local dates, lists, yes/no. */
export const renderCell = (
  column: ColumnDeclaration,
  value: unknown,
  language: Language,
  yesNo: { yes: string; no: string },
): ReactNode => {
  if (value === null || value === undefined || value === '')
    return <span className="admin-cell--empty">-</span>;
  if (column.secret) return '******';
  if (column.options && Array.isArray(value)) {
    return value.map((item) => {
      const option = column.options?.find((o) => o.value === String(item));
      return (
        <Tag key={String(item)} color={option?.color}>
          {option ? localText(option.label, language) : String(item)}
        </Tag>
      );
    });
  }
  if (column.options) {
    const option = column.options.find((o) => o.value === String(value));
    return option ? <Tag color={option.color}>{localText(option.label, language)}</Tag> : String(value);
  }
  switch (column.kind) {
    case 'date':
      return formatDateTime(value);
    case 'boolean':
      return value ? yesNo.yes : yesNo.no;
    case 'list':
      return Array.isArray(value) ? value.map(itemText).join(', ') : String(value);
    case 'image':
      return <img className="admin-cell__image" src={String(value)} alt="" loading="lazy" />;
    case 'link':
      // Only addresses a browser opens as a page: an http(s) URL or a same-origin path.
      if (!/^(https?:\/\/|\/[^/])/i.test(String(value))) return String(value);
      return (
        <a href={String(value)} target="_blank" rel="noopener noreferrer">
          {String(value).split('/').at(-1) || String(value)}
        </a>
      );
    default:
      return String(value);
  }
};

const YES: LocalText = { zh: '是', en: 'Yes' };
const NO: LocalText = { zh: '否', en: 'No' };

/** The same, as plain text (detail view, confirmations). */
export const cellText = (column: ColumnDeclaration, value: unknown, language: Language): string => {
  if (value === null || value === undefined || value === '') return '-';
  if (column.options && Array.isArray(value)) {
    return value
      .map((item) => column.options?.find((o) => o.value === String(item)))
      .map((option, index) => (option ? localText(option.label, language) : String(value[index])))
      .join(', ');
  }
  if (column.options) {
    const option = column.options.find((o) => o.value === String(value));
    return option ? localText(option.label, language) : String(value);
  }
  if (column.kind === 'date') return formatDateTime(value);
  if (column.kind === 'boolean') return localText(value ? YES : NO, language);
  if (Array.isArray(value)) return value.map(itemText).join(', ');
  return String(value);
};
