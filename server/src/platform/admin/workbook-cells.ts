import type { ColumnDeclaration, ResourceDeclaration } from '@uniwim/contracts';
import type { CellValue } from 'exceljs';
import { MASKED } from './operation-log';

/**
 * How declared values become workbook cells and back: options as their labels, dates as local
 * date-time text, yes/no, lists, secrets masked. Export and import read the same rules, so an
 * exported workbook imports again.
 */

export type WorkbookLanguage = 'zh' | 'en';

/** Workbooks show China Standard Time (no daylight saving): what the platform's users read. */
const TIME_ZONE_OFFSET = '+08:00';
const OFFSET_MS = 8 * 3_600_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23 08:30:00` in China Standard Time. */
export const localDateTime = (iso: string | Date): string => {
  const shifted = new Date(new Date(iso).getTime() + OFFSET_MS);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`;
};

const YES = { zh: '是', en: 'Yes' };
const NO = { zh: '否', en: 'No' };

/** The columns an export writes: the declared ones the row carries (import-only fields are not). */
export const exportColumnsOf = (declaration: ResourceDeclaration): ColumnDeclaration[] => {
  const rowFields = declaration.row.shape as Record<string, unknown>;
  return declaration.columns.filter((column) => Object.hasOwn(rowFields, column.key));
};

export const importColumnsOf = (declaration: ResourceDeclaration): ColumnDeclaration[] =>
  declaration.columns.filter((column) => column.importable);

export const exportCell = (column: ColumnDeclaration, value: unknown, lang: WorkbookLanguage): CellValue => {
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
      return localDateTime(value as string);
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

const LOCAL_DATE_TIME = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A cell as the create or update body wants it. What cannot be read is passed on unchanged, so the
 * declaration's schema names the problem in its own words (a number field given "abc").
 */
export const importValue = (column: ColumnDeclaration, cell: ReturnType<typeof cellText>): unknown => {
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
      // Excel keeps a typed date as a moment that meant local wall-clock time, read back as UTC.
      if (cell instanceof Date) return new Date(cell.getTime() - OFFSET_MS).toISOString();
      const text = String(cell).trim();
      const match = LOCAL_DATE_TIME.exec(text);
      if (!match) return text;
      const [, y, m, d, h = '0', min = '0', s = '0'] = match;
      const iso = `${y}-${pad(Number(m))}-${pad(Number(d))}T${pad(Number(h))}:${min}:${pad(Number(s))}${TIME_ZONE_OFFSET}`;
      return Number.isNaN(Date.parse(iso)) ? text : new Date(iso).toISOString();
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
      return cell instanceof Date ? localDateTime(cell) : String(cell).trim();
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

/** A header cell names a column by its Chinese or English title, or its key. */
export const columnByHeader = (columns: readonly ColumnDeclaration[], header: string) => {
  const text = header
    .trim()
    .replace(/\s*\*$/, '')
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
      return localDateTime(new Date(Date.UTC(new Date().getUTCFullYear() + 1, 11, 31, 16)));
    case 'number':
      return 100;
    case 'boolean':
      return YES[lang];
    default:
      return null;
  }
};
