import { rename, stat, unlink } from 'node:fs/promises';
import type { Tx } from '../db/database';
import { type ListQuery, NOT_COUNTED } from './list-sql';
import { loadExcelJS } from './load-exceljs';
import type { AdminContext, ResourceDefinition } from './resource-routes';
import { exportCell, exportColumnsOf, type WorkbookLanguage } from './workbook-cells';

/** Rows read per transaction: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 1_000;

export interface ExportRequest {
  definition: ResourceDefinition;
  /** The list's filters and sort; page and pageSize are the export's own. */
  query: Omit<ListQuery, 'page' | 'pageSize'>;
  lang: WorkbookLanguage;
  ctx: AdminContext;
  /** A read transaction in the operator's scope (the platform's, or the tenant's). */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  signal?: AbortSignal;
  /** The rows to expect, when already counted (a job is queued with it): no count is made then. */
  total?: number;
  onProgress?(done: number, total: number): void;
}

/** `租户-20261123-083000.xlsx`: what the browser saves the file as. */
export const exportFileName = (definition: ResourceDefinition, lang: WorkbookLanguage, now = new Date()) => {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${definition.declaration.title[lang]}-${stamp}.xlsx`;
};

/** How many rows the export would write (the store's own count, with the same filters). */
export const exportTotal = async (request: Omit<ExportRequest, 'lang'>): Promise<number> => {
  const page = await request.read((tx) =>
    request.definition.store.list(tx, { ...request.query, page: 1, pageSize: 1 }, request.ctx),
  );
  return page.total;
};

/**
 * Writes the export to `file` with exceljs's streaming writer: each page of rows is read in its own
 * transaction (other requests are not held up), turned into cells and flushed, so memory stays flat
 * however many rows there are. The file appears under its name only when complete.
 */
export const writeExportWorkbook = async (request: ExportRequest, file: string) => {
  const { definition, lang, ctx } = request;
  const columns = exportColumnsOf(definition.declaration);
  const partial = `${file}.part`;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useStyles: true,
    useSharedStrings: false,
  });
  try {
    const sheet = workbook.addWorksheet(definition.declaration.title[lang], {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      header: column.title[lang],
      key: column.key,
      width: column.kind === 'date' ? 20 : Math.max(12, column.title[lang].length * 2 + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    // Keyset pages when the store offers them (each page starts after the last row read, so the
    // hundredth costs what the first did, and none is counted); offset pages otherwise.
    let written = 0;
    let total = request.total ?? Number.POSITIVE_INFINITY;
    let after: unknown[] | undefined = [];
    for (let page = 1; ; page++) {
      if (request.signal?.aborted) throw request.signal.reason;
      const query: ListQuery = {
        ...request.query,
        page,
        pageSize: EXPORT_PAGE_SIZE,
        ...(after ? { after } : {}),
      };
      const result = await request.read((tx) => definition.store.list(tx, query, ctx));
      if (page === 1) {
        if (result.nextAfter === undefined) after = undefined;
        if (result.total !== NOT_COUNTED && request.total === undefined) total = result.total;
      }
      for (const item of result.items) {
        sheet.addRow(columns.map((column) => exportCell(column, item[column.key], lang))).commit();
      }
      written += result.items.length;
      request.onProgress?.(written, Number.isFinite(total) ? total : written);
      if (result.items.length < EXPORT_PAGE_SIZE) break;
      if (after) {
        if (result.nextAfter === undefined) break;
        after = result.nextAfter;
      } else if (written >= total) break;
    }
    sheet.commit();
    await workbook.commit();
    await rename(partial, file);
    return { rows: written, size: (await stat(file)).size };
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
};

/** The declared export language: Chinese headers unless `lang=en`. */
export const languageOf = (lang: string | undefined): WorkbookLanguage => (lang === 'en' ? 'en' : 'zh');
