import {
  type ColumnDeclaration,
  filterParameterNames,
  formatInZone,
  type ResourceDeclaration,
  splitList,
  zoneLabelOf,
} from '@uniwim/contracts';
import type { ListQuery } from './list-sql';
import type { WorkbookLanguage } from './workbook-cells';

/**
 * What an export's information sheet tells its reader, in their words (issue 25): the filters with
 * the list's own labels and values (options by their names, times in the reader's zone), not the
 * query's field names and ISO text.
 */

const TEXTS = {
  zh: {
    from: '从',
    to: '至',
    contains: '包含',
    search: '关键字',
    sort: '排序',
    ascending: '升序',
    descending: '降序',
    yes: '是',
    no: '否',
    none: '无（全部数据）',
    separator: '：',
    listSeparator: '、',
  },
  en: {
    from: 'from',
    to: 'to',
    contains: 'contains',
    search: 'Search',
    sort: 'Sort',
    ascending: 'ascending',
    descending: 'descending',
    yes: 'Yes',
    no: 'No',
    none: 'None (all rows)',
    separator: ': ',
    listSeparator: ', ',
  },
} as const;

type Query = Omit<ListQuery, 'page' | 'pageSize'>;

const titleOf = (declaration: ResourceDeclaration, field: string, lang: WorkbookLanguage): string =>
  declaration.columns.find((column) => column.key === field)?.title[lang] ??
  declaration.fields?.[field]?.[lang] ??
  field;

const optionValueOf = (
  column: ColumnDeclaration | undefined,
  value: string,
  lang: WorkbookLanguage,
): string => column?.options?.find((option) => option.value === value)?.label[lang] ?? value;

/** A time bound as the reader reads it: a day stays a day, an instant is shown in the zone. */
const timeOf = (value: string, zone: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatInZone(value, zone, 'minute');

/** Each filter of the export as one line: `结果：失败`, `时间：从 2026-11-28 03:17 至 2026-11-29 03:17`. */
export const describeFilters = (
  declaration: ResourceDeclaration,
  query: Query,
  lang: WorkbookLanguage,
  zone: string,
): string[] => {
  const t = TEXTS[lang];
  const lines: string[] = [];
  const given = (name: string) => {
    const value = query[name];
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  if (given('q')) lines.push(`${t.search}${t.separator}${given('q')}`);
  for (const [field, kind] of Object.entries(declaration.filters)) {
    const [name, toName] = filterParameterNames(field, kind) as [string, string?];
    const title = titleOf(declaration, field, lang);
    const column = declaration.columns.find((c) => c.key === field);
    if (kind === 'dateRange') {
      const from = given(name);
      const to = toName ? given(toName) : undefined;
      if (!from && !to) continue;
      const bounds = [from ? `${t.from} ${timeOf(from, zone)}` : '', to ? `${t.to} ${timeOf(to, zone)}` : '']
        .filter(Boolean)
        .join(' ');
      lines.push(`${title}${t.separator}${bounds}`);
      continue;
    }
    const value = given(name);
    if (value === undefined) continue;
    if (kind === 'boolean') lines.push(`${title}${t.separator}${value === 'true' ? t.yes : t.no}`);
    else if (kind === 'contains') lines.push(`${title} ${t.contains}${t.separator}${value}`);
    else if (kind === 'in')
      lines.push(
        `${title}${t.separator}${splitList(value)
          .map((item) => optionValueOf(column, item, lang))
          .join(t.listSeparator)}`,
      );
    else lines.push(`${title}${t.separator}${optionValueOf(column, value, lang)}`);
  }
  const sort = given('sort');
  if (sort)
    lines.push(
      `${t.sort}${t.separator}${sort
        .split(',')
        .map((part) => {
          const descending = part.startsWith('-');
          return `${titleOf(declaration, descending ? part.slice(1) : part, lang)} ${descending ? t.descending : t.ascending}`;
        })
        .join(t.listSeparator)}`,
    );
  return lines;
};

/** The filters as one line, for the watermark log's label of the export. */
export const filtersLine = (lines: string[], lang: WorkbookLanguage): string =>
  lines.join(lang === 'zh' ? '；' : '; ').slice(0, 150);

const SHEET_TEXTS = {
  zh: {
    sheet: '导出信息',
    traceId: '追踪码',
    by: '导出人',
    at: '导出时间',
    zone: '时区',
    zoneNote: '本文件中的时间均为该时区的时间',
    data: '数据',
    rows: '行数',
    filters: '筛选条件',
  },
  en: {
    sheet: 'Export',
    traceId: 'Trace id',
    by: 'Exported by',
    at: 'Exported at',
    zone: 'Time zone',
    zoneNote: 'Every time in this file is in this zone',
    data: 'Data',
    rows: 'Rows',
    filters: 'Filters',
  },
} as const;

export const traceIdLabel = (lang: WorkbookLanguage) => SHEET_TEXTS[lang].traceId;

/** The information sheet's rows: label and value, one filter a row. */
export const infoSheetRows = (info: {
  traceId: string;
  lang: WorkbookLanguage;
  zone: string;
  by: string;
  title: string;
  filters: string[];
  rows: number;
  at?: Date;
}): [string, string | number][] => {
  const t = SHEET_TEXTS[info.lang];
  const at = info.at ?? new Date();
  const zone = zoneLabelOf(info.zone, at);
  const filters = info.filters.length > 0 ? info.filters : [TEXTS[info.lang].none];
  return [
    [t.traceId, info.traceId],
    [t.by, info.by],
    [t.at, `${formatInZone(at, info.zone, 'second')} (${zone})`],
    [t.zone, `${zone} · ${t.zoneNote}`],
    [t.data, info.title],
    [t.rows, info.rows],
    ...filters.map((line, index): [string, string] => [index === 0 ? t.filters : '', line]),
  ];
};

export const infoSheetName = (lang: WorkbookLanguage) => SHEET_TEXTS[lang].sheet;
