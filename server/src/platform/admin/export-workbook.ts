import { rename, stat, unlink } from 'node:fs/promises';
import { formatInZone } from '@uniwim/contracts';
import type { Tx } from '../db/database';
import { describeFilters, filtersLine, infoSheetName, infoSheetRows, traceIdLabel } from './export-info';
import { type ListQuery, NOT_COUNTED } from './list-sql';
import { loadExcelJS } from './load-exceljs';
import type { AdminContext, ResourceDefinition } from './resource-routes';
import { exportCell, exportColumnsOf, headerOf, type WorkbookLanguage } from './workbook-cells';

/** Rows read per transaction: large enough to be quick, small enough to keep memory flat. */
export const EXPORT_PAGE_SIZE = 1_000;

/** What the watermark log keeps of an export (issue 16): who exported what, from where. */
export interface ExportTraceRequest {
  tenantId: string | null;
  accountId: string;
  userName: string;
  /** The resource, e.g. `ump/admin/login-logs`. */
  target: string;
  /** Its title and the filters applied. */
  targetLabel: string;
  ip: string | null;
  userAgent: string | null;
}

/** Issues an export's trace id (the access-logs module's watermark traces). */
export type TraceExport = (request: ExportTraceRequest) => Promise<string>;

export interface ExportRequest {
  definition: ResourceDefinition;
  /** The list's filters and sort; page and pageSize are the export's own. */
  query: Omit<ListQuery, 'page' | 'pageSize'>;
  lang: WorkbookLanguage;
  /** The reader's zone (issue 25): every time of the file is in it, and the file says so. */
  timeZone: string;
  ctx: AdminContext;
  /** A read transaction in the operator's scope (the platform's, or the tenant's). */
  read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  signal?: AbortSignal;
  /** The rows to expect, when already counted (a job is queued with it): no count is made then. */
  total?: number;
  onProgress?(done: number, total: number): void;
  /** When set, the file carries a trace id (footer and an 导出信息 sheet) that the watermark log maps back. */
  traceExport?: TraceExport;
}

/** `租户-20261123-083000.xlsx` (the time in the reader's zone): what the browser saves the file as. */
export const exportFileName = (
  definition: ResourceDefinition,
  lang: WorkbookLanguage,
  zone: string,
  now = new Date(),
) => {
  const stamp = formatInZone(now, zone, 'second').replace(/[-:]/g, '').replace(' ', '-');
  return `${definition.declaration.title[lang]}-${stamp}.xlsx`;
};

/** How many rows the export would write (the store's own count, with the same filters). */
export const exportTotal = async (request: Omit<ExportRequest, 'lang' | 'timeZone'>): Promise<number> => {
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
  const { definition, lang, ctx, timeZone } = request;
  const columns = exportColumnsOf(definition.declaration);
  const title = definition.declaration.title[lang];
  const filters = describeFilters(definition.declaration, request.query, lang, timeZone);
  const traceId = await request.traceExport?.({
    tenantId: ctx.operator.tenantId,
    accountId: ctx.operator.accountId,
    userName: ctx.operator.name,
    target: `${definition.declaration.scope}/admin/${definition.declaration.name}`,
    targetLabel: `${title}${filters.length > 0 ? ` ${filtersLine(filters, lang)}` : ''}`,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  const partial = `${file}.part`;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: partial,
    useStyles: true,
    useSharedStrings: false,
  });
  try {
    const sheet = workbook.addWorksheet(title, {
      views: [{ state: 'frozen', ySplit: 1 }],
      // Printed or shown in page layout on every page: who may have leaked a printout.
      ...(traceId ? { headerFooter: traceFooter(traceId, lang) } : {}),
    });
    sheet.columns = columns.map((column) => ({
      header: headerOf(column, lang, timeZone),
      key: column.key,
      width: column.kind === 'date' ? 34 : Math.max(12, column.title[lang].length * 2 + 4),
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
        sheet.addRow(columns.map((column) => exportCell(column, item[column.key], lang, timeZone))).commit();
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
    if (traceId)
      addTraceSheet(workbook, {
        traceId,
        lang,
        zone: timeZone,
        by: ctx.operator.name,
        title,
        filters,
        rows: written,
      });
    await workbook.commit();
    await rename(partial, file);
    return { rows: written, size: (await stat(file)).size };
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
};

const traceFooter = (traceId: string, lang: WorkbookLanguage) => {
  const footer = `&L${traceIdLabel(lang)} ${traceId}&R&P / &N`;
  return { oddFooter: footer, evenFooter: footer, oddHeader: `&R${traceIdLabel(lang)} ${traceId}` };
};

/** A second sheet (the import reads the first only): the trace id and what it stands for, for people. */
const addTraceSheet = (
  workbook: {
    addWorksheet(
      name: string,
      options?: object,
    ): {
      columns: { width?: number }[];
      addRow(values: unknown[]): { commit(): void };
      commit(): void;
    };
  },
  info: Parameters<typeof infoSheetRows>[0],
) => {
  const sheet = workbook.addWorksheet(infoSheetName(info.lang));
  sheet.columns = [{ width: 14 }, { width: 80 }];
  for (const row of infoSheetRows(info)) sheet.addRow(row).commit();
  sheet.commit();
};

/** The declared export language: Chinese headers unless `lang=en`. */
export const languageOf = (lang: string | undefined): WorkbookLanguage => (lang === 'en' ? 'en' : 'zh');
