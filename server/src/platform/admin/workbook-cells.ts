import {
  type ColumnDeclaration,
  formatInZone,
  instantOfWallClock,
  type ResourceDeclaration,
  zoneLabelOf,
} from '@uniwim/contracts';
import type { CellValue } from 'exceljs';
import { MASKED } from './operation-log';

/**
 * How declared values become workbook cells and back: options as their labels, dates as date-time
 * text in the reader's time zone (named in the column's header), yes/no, lists, secrets masked.
 * Export and import read the same rules, so an exported workbook imports again.
 */

export type WorkbookLanguage = 'zh' | 'en';

/** `2026-11-23 08:30:00` as a clock in `zone` reads it. */
export const localDateTime = (iso: string | Date, zone: string): string => formatInZone(iso, zone, 'second');

/**
 * A date cell exceljs read: Excel keeps a typed date as the wall-clock reading it shows, stored as if
 * it were UTC; that reading as text, whatever the zone.
 */
export const cellDateText = (cell: Date): string => formatInZone(cell, 'UTC', 'second');

/** A date column's header names the zone its times are in: `时间 (UTC+08:00 Asia/Shanghai)`. */
export const headerOf = (column: ColumnDeclaration, lang: WorkbookLanguage, zone: string): string =>
  column.kind === 'date' ? `${column.title[lang]} (${zoneLabelOf(zone)})` : column.title[lang];

/** The zone label a header may carry after its title (what headerOf adds), taken off to match it. */
const ZONE_SUFFIX = /\s*\(UTC[+-]\d{2}:\d{2}[^)]*\)\s*$/;

const YES = { zh: '是', en: 'Yes' };
const NO = { zh: '否', en: 'No' };

/** The columns an export writes: the declared ones the row carries (import-only fields are not). */
export const exportColumnsOf = (declaration: ResourceDeclaration): ColumnDeclaration[] => {
  const rowFields = declaration.row.shape as Record<string, unknown>;
  return declaration.columns.filter((column) => Object.hasOwn(rowFields, column.key));
};

export const importColumnsOf = (declaration: ResourceDeclaration): ColumnDeclaration[] =>
  declaration.columns.filter((column) => column.importable);

export const exportCell = (
  column: ColumnDeclaration,
  value: unknown,
  lang: WorkbookLanguage,
  zone: string,
): CellValue => {
  if (value === null || value === undefined || value === '') return null;
  if (column.secret) return MASKED;
  const labelOf = (item: unknown) => {
    const option = column.options?.find((o) => o.value === String(item));
    if (option) return option.label[lang];
    // A list of records (a tenant's packages) shows their names.
    if (item && typeof item === 'object' && 'name' in item) return String((item as { name: unknown }).name);
    return String(item);
  };
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (column.options) return labelOf(value);
  switch (column.kind) {
    case 'date':
      return localDateTime(value as string, zone);
    case 'boolean':
      return (value ? YES : NO)[lang];
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
};

/** The text of any cell exceljs reads: rich text, formulas (their result), links, dates. */
export const cellText = (value: CellValue): string | number | boolean | Date | undefined => {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return cellText(value.richText.map((part) => part.text).join(''));
    if ('result' in value) return cellText(value.result as CellValue);
    if ('text' in value) return cellText(String(value.text));
    if ('error' in value) return undefined;
  }
  return String(value);
};

const two = (n: number) => String(n).padStart(2, '0');
const clockText = (c: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}) =>
  `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)} ${two(c.hour)}:${two(c.minute)}:${two(c.second)}`;

const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A cell as the create or update body wants it; a time as a reading of a clock in `zone`. What cannot
 * be read is passed on unchanged, so the declaration's schema names the problem in its own words (a
 * number field given "abc").
 */
export const importValue = (
  column: ColumnDeclaration,
  cell: ReturnType<typeof cellText>,
  zone: string,
): unknown => {
  if (cell === undefined) return undefined;
  if (column.options) {
    const text = String(cell).trim();
    const option = column.options.find(
      (o) => o.value === text || o.label.zh === text || o.label.en.toLowerCase() === text.toLowerCase(),
    );
    return option ? option.value : text;
  }
  switch (column.kind) {
    case 'number': {
      if (typeof cell === 'number') return cell;
      const text = String(cell).trim();
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
    case 'date': {
      const text = cell instanceof Date ? cellDateText(cell) : String(cell).trim();
      const match = LOCAL_DATE_TIME.exec(text);
      if (!match) return text;
      const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      const clock = { year, month, day, hour, minute, second };
      // A reading no calendar has (2026-02-30, 25:00) is passed on for the schema to refuse.
      if (cellDateText(new Date(Date.UTC(year, month - 1, day, hour, minute, second))) !== clockText(clock))
        return text;
      return instantOfWallClock(clock, zone).toISOString();
    }
    case 'boolean': {
      const text = String(cell).trim().toLowerCase();
      if (cell === true || ['是', 'yes', 'true', '1', 'y'].includes(text)) return true;
      if (cell === false || ['否', 'no', 'false', '0', 'n'].includes(text)) return false;
      return text;
    }
    case 'list':
      return String(cell)
        .split(/[,，、;；\n]/)
        .map((part) => part.trim())
        .filter(Boolean);
    default:
      return cell instanceof Date ? cellDateText(cell) : String(cell).trim();
  }
};

/** `admin.mobile` → `{ admin: { mobile } }`: columns may name nested fields of the create body. */
export const setPath = (target: Record<string, unknown>, key: string, value: unknown): void => {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
};

export const getPath = (source: Record<string, unknown>, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], source);

/** A header cell names a column by its Chinese or English title, or its key (a zone label after it aside). */
export const columnByHeader = (columns: readonly ColumnDeclaration[], header: string) => {
  const text = header
    .trim()
    .replace(/\s*\*$/, '')
    .replace(ZONE_SUFFIX, '')
    .toLowerCase();
  return columns.find(
    (c) =>
      c.title.zh.toLowerCase() === text || c.title.en.toLowerCase() === text || c.key.toLowerCase() === text,
  );
};

/** An example value for the template: the declared one, or one that fits the column's kind. */
export const exampleOf = (
  column: ColumnDeclaration & { example?: unknown },
  lang: WorkbookLanguage,
): CellValue => {
  if (column.example !== undefined) return column.example as CellValue;
  if (column.options?.[0]) return column.options[0].label[lang];
  switch (column.kind) {
    case 'date':
      // The end of next year, as a clock in the header's zone reads it.
      return `${new Date().getUTCFullYear() + 1}-12-31 23:59:59`;
    case 'number':
      return 100;
    case 'boolean':
      return YES[lang];
    default:
      return null;
  }
};
