import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { AdminScope, ImportReceiptAnswer } from '@uniwim/contracts';
import { newId } from '../crypto/tokens';
import type { Tx } from '../db/database';
import type { JobsRepo } from '../jobs/repo';
import { JOB_FILES_DIR, jobFilePath } from '../jobs/runner';
import type { ImportReceipt } from './import-rows';
import { loadExcelJS } from './load-exceljs';
import type { WorkbookLanguage } from './workbook-cells';

/** A receipt's file (initial passwords) is served once, and not after this long (issue 25). */
export const IMPORT_RECEIPT_LIFETIME_MS = 3_600_000;

/** Marks a job whose file the download route serves once, then deletes (params.oneTimeDownload). */
export const ONE_TIME_DOWNLOAD = 'oneTimeDownload';

export interface ImportReceiptDeps {
  dataDir: string;
  jobs: Pick<JobsRepo, 'insert'>;
}

export interface ImportReceiptRequest {
  receipt: ImportReceipt;
  scope: AdminScope;
  resource: string;
  /** The resource's title, which the file's name starts with. */
  title: { zh: string; en: string };
  lang: WorkbookLanguage;
  importer: { tenantId: string | null; accountId: string; name: string };
  /** A transaction in the importer's scope (the job row is the tenant's, under row-level security). */
  inScope: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
}

/** The sheet as an .xlsx, written under a partial name and renamed: no half-written file is served. */
const writeSheet = async (
  sheet: NonNullable<ImportReceipt['sheet']>,
  lang: WorkbookLanguage,
  file: string,
) => {
  const partial = `${file}.part`;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true });
  const worksheet = workbook.addWorksheet(sheet.name[lang]);
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.title[lang],
    key: column.key,
    width: 20,
  }));
  worksheet.getRow(1).font = { bold: true };
  for (const row of sheet.rows)
    worksheet.addRow(sheet.columns.map((column) => row[column.key] ?? '')).commit();
  worksheet.commit();
  await workbook.commit();
  await rename(partial, file);
  return (await stat(file)).size;
};

/**
 * What the importer is told of a receipt. Its sheet becomes a file of the download centre that only
 * the importer may download, once, within the hour (a finished job marked for one download): the
 * rows never enter a job's result, a log or the answer.
 */
export const storeImportReceipt = async (
  deps: ImportReceiptDeps,
  request: ImportReceiptRequest,
): Promise<ImportReceiptAnswer> => {
  const { receipt, lang } = request;
  if (!receipt.sheet) return { kind: receipt.kind, count: receipt.count, downloadUrl: null, expiresAt: null };
  const id = newId('job-');
  const relative = path.join(JOB_FILES_DIR, `${id}-receipt.xlsx`);
  const absolute = jobFilePath(deps.dataDir, relative);
  await mkdir(path.dirname(absolute), { recursive: true });
  const size = await writeSheet(receipt.sheet, lang, absolute);
  const expiresAt = new Date(Date.now() + IMPORT_RECEIPT_LIFETIME_MS);
  try {
    await request.inScope((tx) =>
      deps.jobs.insert(
        tx,
        {
          kind: 'import',
          scope: request.scope,
          resource: request.resource,
          tenantId: request.importer.tenantId,
          params: { [ONE_TIME_DOWNLOAD]: true, receipt: receipt.kind },
          requestedBy: request.importer.accountId,
          requestedByName: request.importer.name,
          total: receipt.count,
        },
        {
          id,
          status: 'done',
          progress: receipt.count,
          result: { receipt: receipt.kind, count: receipt.count },
          filePath: relative,
          fileName: `${request.title[lang]}-${receipt.sheet!.name[lang]}.xlsx`,
          fileSize: size,
          fileExpiresAt: expiresAt,
          startedAt: new Date(),
          finishedAt: new Date(),
        },
      ),
    );
  } catch (error) {
    await unlink(absolute).catch(() => undefined);
    throw error;
  }
  return {
    kind: receipt.kind,
    count: receipt.count,
    downloadUrl: `/${request.scope}/admin/jobs/${id}/download`,
    expiresAt: expiresAt.toISOString(),
  };
};
