import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { type FilterKind, filterParameterNames, type ResourceDeclaration } from '@uniwim/contracts';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import type { Language } from '../../lib/language';
import { instantOfPicked, pickerNow } from '../../lib/time-zone';
import type { AdminTexts } from './admin-texts';
import { localText } from './cells';

export type FilterValues = Record<string, string | undefined>;

/** How many filters show before "More". */
const COLLAPSED_COUNT = 3;

/** The recycle bin is a view of its own (a toolbar switch), not a search field. */
export const searchFiltersOf = (declaration: Pick<ResourceDeclaration, 'filters' | 'recycleBin'>) =>
  Object.entries(declaration.filters).filter(
    ([field]) => !(declaration.recycleBin && field === 'deleted'),
  ) as [string, FilterKind][];

/** Issue 16: the time range presets of every range filter (the last hour, day, week, month). */
const rangePresets = (texts: AdminTexts) =>
  (
    [
      [texts.lastHour, 1, 'hour'],
      [texts.last24Hours, 24, 'hour'],
      [texts.last7Days, 7, 'day'],
      [texts.last30Days, 30, 'day'],
    ] as const
  ).map(([label, amount, unit]) => ({
    label,
    value: () => [pickerNow().subtract(amount, unit), pickerNow()] as [Dayjs, Dayjs],
  }));

/** Form values into the list's query parameters (a range becomes `<field>From` and `<field>To`). */
export const filterQueryOf = (
  filters: readonly [string, FilterKind][],
  values: Record<string, unknown>,
): FilterValues => {
  const query: FilterValues = {};
  for (const [field, kind] of filters) {
    const value = values[field];
    if (kind === 'dateRange') {
      const [from, to] = (value as [Dayjs | null, Dayjs | null] | undefined) ?? [];
      const [fromName, toName] = filterParameterNames(field, kind);
      // Issue 16: ranges carry their times (presets such as the last hour); the end minute is included.
      // The picker shows the reader's zone's clock (issue 25): its readings are times of that zone.
      if (from) query[fromName!] = instantOfPicked(from.startOf('minute'));
      if (to) query[toName!] = instantOfPicked(to.startOf('minute').add(1, 'minute'));
    } else if (Array.isArray(value)) {
      if (value.length > 0) query[field] = value.join(',');
    } else if (typeof value === 'string' && value.trim() !== '') {
      query[field] = value.trim();
    }
  }
  return query;
};

interface SearchFormProps {
  declaration: ResourceDeclaration;
  texts: AdminTexts;
  language: Language;
  onSearch(query: FilterValues): void;
  /** Filters the page sets in its own way (the department tree), left out of the panel. */
  hiddenFilters?: readonly string[];
}

/** The collapsible search panel: Enter or 查询 searches, 重置 clears every field. */
export const SearchForm = ({ declaration, texts, language, onSearch, hiddenFilters }: SearchFormProps) => {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const filters = searchFiltersOf(declaration).filter(([field]) => !hiddenFilters?.includes(field));
  const shown = expanded ? filters : filters.slice(0, COLLAPSED_COUNT);
  const titleOf = (field: string) =>
    localText(
      declaration.fields?.[field] ??
        declaration.columns.find((c) => c.key === field)?.title ?? { zh: field, en: field },
      language,
    );

  const control = (field: string, kind: FilterKind) => {
    const options = declaration.columns.find((c) => c.key === field)?.options;
    if (kind === 'dateRange') {
      return (
        <DatePicker.RangePicker
          placeholder={[texts.from, texts.to]}
          showTime={{ format: 'HH:mm', defaultValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
          format="YYYY-MM-DD HH:mm"
          presets={rangePresets(texts)}
        />
      );
    }
    if (kind === 'boolean') {
      return (
        <Select
          allowClear
          placeholder={texts.all}
          options={[
            { value: 'true', label: texts.yes },
            { value: 'false', label: texts.no },
          ]}
        />
      );
    }
    if (options) {
      return (
        <Select
          allowClear
          mode={kind === 'in' ? 'multiple' : undefined}
          placeholder={texts.all}
          options={options.map((o) => ({ value: o.value, label: localText(o.label, language) }))}
        />
      );
    }
    return <Input allowClear placeholder={titleOf(field)} />;
  };

  return (
    <Form
      form={form}
      name={`search-${declaration.name}`}
      className="admin-search"
      data-testid="admin-search"
      layout="horizontal"
      onFinish={(values) => onSearch(filterQueryOf(filters, values))}
    >
      <Row gutter={16}>
        {shown.map(([field, kind]) => (
          <Col key={field} xs={24} sm={12} lg={8}>
            <Form.Item name={field} label={titleOf(field)}>
              {control(field, kind)}
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} sm={12} lg={8} className="admin-search__buttons">
          <Space>
            <Button type="primary" htmlType="submit" data-testid="admin-search-submit">
              {texts.search}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                onSearch({});
              }}
            >
              {texts.reset}
            </Button>
            {filters.length > COLLAPSED_COUNT && (
              <Button type="link" onClick={() => setExpanded(!expanded)}>
                {expanded ? texts.collapse : texts.expand} {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
};
