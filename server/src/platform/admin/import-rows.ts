import type { ColumnDeclaration, ResourceDeclaration } from '@uniwim/contracts';
import type { CellValue } from 'exceljs';
import type { z } from 'zod';
import type { Tx } from '../db/database';
import { AppError } from '../errors';
import { firstWorksheetRows } from './first-worksheet-rows';
import type { AdminContext, ResourceDefinition } from './resource-routes';
import {
  cellDateText,
  cellText,
  columnByHeader,
  getPath,
  importColumnsOf,
  importValue,
  setPath,
} from './workbook-cells';

/** Rows one upload may hold; above IMPORT_SYNC_LIMIT a commit runs as a job. */
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_SYNC_LIMIT = 1_000;

type AnyRow = { id: string; version?: number } & Record<string, unknown>;

/**
 * What a store may add for imports. `findByImportKeys` finds existing records by the declared
 * import key in one query (otherwise the list is filtered key by key); `importBody` reshapes the
 * cells when the create body is not simply the columns.
 */
export interface ImportHooks<Row extends AnyRow = AnyRow> {
  findByImportKeys?(tx: Tx, keys: string[], ctx: AdminContext): Promise<Row[]>;
  /**
   * Creates many records at once (an import's bulk path) with the guards of `create`, each input's
   * outcome in order: the record, or the typed error that refused it. Rows it refuses leave nothing
   * behind; an error it throws rolls the whole batch back and the rows go through `create` one by
   * one. Answering undefined sends the batch that way too (inputs it does not handle in bulk).
   */
  createMany?(tx: Tx, inputs: never[], ctx: AdminContext): Promise<BulkOutcome<Row>[] | undefined>;
  importBody?(cells: Record<string, unknown>, action: 'create' | 'update'): Record<string, unknown>;
  /**
   * The keys a record (or a row's cells) answers to, when more than the import key (a member by
   * account or by mobile): a row is matched by its first key, a record under every one of its keys.
   */
  importKeysOf?(record: Record<string, unknown>): string[];
  /**
   * After an import committed: what it did for the records it created beyond writing them (messages
   * sent, credentials made), told to the importer. Given the records the commit kept, never those a
   * savepoint rolled back, and never called for a preview or an import rolled back whole.
   */
  importReceipt?(created: Row[], ctx: AdminContext): ImportReceipt | undefined;
}

/** What a store tells the importer about the records an import created (see ImportHooks.importReceipt). */
export interface ImportReceipt {
  /** Named by the page in its language: 'activation-sms', 'initial-passwords'. */
  kind: string;
  count: number;
  /** The end of the answer's message (the page words it itself by `kind`). */
  message: string;
  /** A workbook for the importer alone, downloaded once: it never enters a job's result or a log. */
  sheet?: {
    name: { zh: string; en: string };
    columns: { key: string; title: { zh: string; en: string } }[];
    rows: Record<string, string>[];
  };
}

export type BulkOutcome<Row> = { row: Row } | { error: unknown };

/** Set on the context of each row an import writes: a store may skip what makes no sense in bulk. */
export const BULK_IMPORT = Symbol('bulk import');
export const isBulkImport = (ctx: AdminContext): boolean =>
  (ctx as AdminContext & { [BULK_IMPORT]?: boolean })[BULK_IMPORT] === true;

/**
 * Set on the context of each row an import preview writes (the commit, rolled back afterwards): a
 * store may skip work whose result only matters when kept (hashing an initial password), never a check.
 */
export const IMPORT_PREVIEW = Symbol('import preview');
export const isImportPreview = (ctx: AdminContext): boolean =>
  (ctx as AdminContext & { [IMPORT_PREVIEW]?: boolean })[IMPORT_PREVIEW] === true;

/** Set on the context of each row an import writes: the importer's choices (ResourceDeclaration.importChoices). */
export const IMPORT_CHOICES = Symbol('import choices');
/** The importer's choice `name` for this import; undefined outside an import. */
export const importChoiceOf = (ctx: AdminContext, name: string): string | undefined =>
  (ctx as AdminContext & { [IMPORT_CHOICES]?: Readonly<Record<string, string>> })[IMPORT_CHOICES]?.[name];

export interface CellError {
  /** The column's key; absent for a problem of the whole row. */
  column?: string;
  message: string;
}

export interface ImportRow {
  /** The row's number in the workbook (the header is row 1). */
  row: number;
  action: 'create' | 'update';
  /** The cells as read, for the preview grid and the error workbook. */
  values: Record<string, string | number | boolean>;
  errors: CellError[];
  /** The validated body the store receives. */
  body?: Record<string, unknown>;
  existingId?: string;
}

export interface ParsedWorkbook {
  columns: ColumnDeclaration[];
  ignoredHeaders: string[];
  rows: { row: number; cells: Record<string, ReturnType<typeof cellText>> }[];
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The first worksheet of an .xlsx, its header row matched to the declared importable columns. */
export const parseImportWorkbook = async (
  declaration: ResourceDeclaration,
  file: Buffer,
): Promise<ParsedWorkbook> => {
  // The content decides, not the file's name or the type the browser claimed.
  if (file.length < 4 || !file.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', '请上传 Excel 文件（.xlsx）');
  }
  const importable = importColumnsOf(declaration);
  const parsed: ParsedWorkbook = { columns: [], ignoredHeaders: [], rows: [] };
  const byIndex = new Map<number, ColumnDeclaration>();
  try {
    for await (const row of firstWorksheetRows(file)) {
      const values = row.values as CellValue[];
      if (row.number === 1) {
        values.forEach((value, index) => {
          const header = cellText(value);
          if (header === undefined) return;
          const column = columnByHeader(importable, String(header));
          if (column && !parsed.columns.includes(column)) {
            byIndex.set(index, column);
            parsed.columns.push(column);
          } else parsed.ignoredHeaders.push(String(header));
        });
        continue;
      }
      const cells: ParsedWorkbook['rows'][number]['cells'] = {};
      let empty = true;
      for (const [index, column] of byIndex) {
        const value = cellText(values[index] ?? null);
        if (value !== undefined) empty = false;
        cells[column.key] = value;
      }
      if (empty) continue;
      if (parsed.rows.length >= IMPORT_MAX_ROWS) {
        throw new AppError('BAD_REQUEST', `一次最多导入${IMPORT_MAX_ROWS}行，请拆分文件`);
      }
      parsed.rows.push({ row: row.number, cells });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', '无法读取该 Excel 文件，请使用导入模板');
  }
  if (parsed.columns.length === 0) {
    throw new AppError('BAD_REQUEST', '未找到可导入的列，请使用导入模板（首行为列标题）');
  }
  return parsed;
};

const columnOfPath = (columns: readonly ColumnDeclaration[], path: PropertyKey[]): string | undefined => {
  const text = path.filter((part) => typeof part === 'string').join('.');
  return [...columns]
    .sort((a, b) => b.key.length - a.key.length)
    .find((c) => text === c.key || text.startsWith(`${c.key}.`))?.key;
};

const issuesOf = (error: z.ZodError, columns: readonly ColumnDeclaration[]): CellError[] =>
  error.issues.map((issue) => {
    const column = columnOfPath(columns, issue.path);
    const title = columns.find((c) => c.key === column)?.title.zh;
    const message =
      issue.code === 'invalid_type' && issue.input === undefined
        ? `${title ?? issue.path.join('.')}不能为空`
        : issue.message;
    return column ? { column, message } : { message: `${issue.path.join('.') || '数据'}：${message}` };
  });

/** Existing records by import key: the store's own lookup, or the list filtered key by key. */
const existingByKey = async (
  definition: ResourceDefinition,
  tx: Tx,
  keys: string[],
  ctx: AdminContext,
): Promise<Map<string, AnyRow>> => {
  const { declaration } = definition;
  const store = definition.store as ResourceDefinition['store'] & ImportHooks;
  const keyField = declaration.importKey!;
  const found = new Map<string, AnyRow>();
  if (store.findByImportKeys) {
    for (let start = 0; start < keys.length; start += 1_000) {
      for (const row of await store.findByImportKeys(tx, keys.slice(start, start + 1_000), ctx)) {
        for (const key of store.importKeysOf?.(row) ?? [String(row[keyField])]) found.set(key, row);
      }
    }
    return found;
  }
  if (!declaration.filters[keyField])
    throw new Error(`${declaration.name}: importKey ${keyField} is not a filter`);
  for (const key of keys) {
    const page = await definition.store.list(tx, { page: 1, pageSize: 200, [keyField]: key }, ctx);
    const match = page.items.find((item) => String(item[keyField]) === key);
    if (match) found.set(key, match);
  }
  return found;
};

/**
 * Each row checked as the API would check it: new records against the declaration's create
 * schema, existing ones (found by the import key, with update=true) against its update schema.
 * A key repeated within the file, or an existing key without update=true, is an error of its cell.
 */
export const validateImportRows = async (
  definition: ResourceDefinition,
  parsed: ParsedWorkbook,
  /** timeZone: the zone the file's times are clock readings of (the importer's: issue 25). */
  options: { update: boolean; timeZone: string },
  tx: Tx,
  ctx: AdminContext,
): Promise<ImportRow[]> => {
  const { declaration } = definition;
  const store = definition.store as ResourceDefinition['store'] & ImportHooks;
  const keyField = declaration.importKey;
  const keyColumn = declaration.columns.find((c) => c.key === keyField);
  const keyOf = (cells: Record<string, unknown>) => {
    if (store.importKeysOf) return store.importKeysOf(cells)[0];
    const value = keyField ? getPath(cells, keyField) : undefined;
    return value === undefined || value === null ? undefined : String(value);
  };

  const bodies = parsed.rows.map(({ cells }) => {
    const body: Record<string, unknown> = {};
    for (const column of parsed.columns) {
      const value = importValue(column, cells[column.key], options.timeZone);
      if (value !== undefined) setPath(body, column.key, value);
    }
    return body;
  });
  const keys = [...new Set(bodies.map(keyOf).filter((key): key is string => key !== undefined))];
  const existing = keyField && keys.length > 0 ? await existingByKey(definition, tx, keys, ctx) : new Map();
  const firstRowOfKey = new Map<string, number>();

  return parsed.rows.map(({ row, cells }, index) => {
    const values: ImportRow['values'] = {};
    for (const [key, value] of Object.entries(cells)) {
      if (value !== undefined) values[key] = value instanceof Date ? cellDateText(value) : value;
    }
    const cellsBody = bodies[index]!;
    const key = keyOf(cellsBody);
    const found = key === undefined ? undefined : existing.get(key);
    const result: ImportRow = { row, action: found ? 'update' : 'create', values, errors: [] };
    if (key !== undefined && keyField) {
      const first = firstRowOfKey.get(key);
      if (first !== undefined) {
        result.errors.push({ column: keyField, message: `与第${first}行重复：${key}` });
        return result;
      }
      firstRowOfKey.set(key, row);
    }
    if (found && !options.update) {
      result.errors.push({
        column: keyField,
        message: `${keyColumn?.title.zh ?? keyField}已存在：${key}（勾选“更新已有数据”可更新）`,
      });
      return result;
    }
    const schema = found ? declaration.update : declaration.create;
    if (!schema) {
      result.errors.push({ message: found ? '该数据不支持修改' : '该数据不支持新增' });
      return result;
    }
    let body = store.importBody ? store.importBody(cellsBody, result.action) : cellsBody;
    if (found) {
      // An update takes only the fields its schema knows; the key and create-only cells stay as they are.
      const updatable = schema.shape as Record<string, unknown>;
      body = Object.fromEntries(Object.entries(body).filter(([field]) => Object.hasOwn(updatable, field)));
      result.existingId = found.id;
    }
    const checked = schema.safeParse(body);
    if (checked.success) result.body = checked.data as Record<string, unknown>;
    else result.errors.push(...issuesOf(checked.error, parsed.columns));
    return result;
  });
};
