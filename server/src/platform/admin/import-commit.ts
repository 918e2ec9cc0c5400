import { rename, stat } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { AppError } from '../errors';
import {
  BULK_IMPORT,
  type BulkOutcome,
  IMPORT_CHOICES,
  IMPORT_PREVIEW,
  type ImportHooks,
  type ImportReceipt,
  type ImportRow,
} from './import-rows';
import { loadExcelJS } from './load-exceljs';
import { diffChanges, type OperationEntry, recordOperations } from './operation-log';
import type { AdminContext, ResourceDefinition } from './resource-routes';
import { uniqueViolationError } from './unique-violation';
import type { WorkbookLanguage } from './workbook-cells';

export interface ImportOutcome {
  total: number;
  created: number;
  updated: number;
  failed: number;
  /** all=true and some row failed: nothing was written. */
  rolledBack: boolean;
}

/** A commit's counts, and what the store did for the records it created (kept apart: it may hold secrets). */
export interface ImportCommit {
  outcome: ImportOutcome;
  receipt?: ImportReceipt;
}

class RollBackAll extends Error {}
/** Ends a preview's transaction: everything it wrote is rolled back. */
class PreviewDone extends Error {}

const AFTER_COMMIT_CONCURRENCY = 20;

const reasonOf = (error: unknown, definition: ResourceDefinition): ImportRow['errors'][number] => {
  const known = uniqueViolationError(error, definition.declaration) ?? error;
  if (!(known instanceof AppError)) throw error;
  const detail = (known.details as { path?: string; message?: string }[] | undefined)?.[0];
  const column = detail?.path?.replace(/^body\./, '').replace(/\.\d+$/, '');
  const declared = definition.declaration.columns.some((c) => c.key === column);
  return declared ? { column, message: detail?.message ?? known.message } : { message: known.message };
};

/** Rows handed to a store's bulk create at once, each batch behind its own savepoint. */
const BULK_BATCH = 1_000;

/**
 * Writes the valid rows, each with its operation-log row, all in one transaction: updates through
 * the store's own update, creates through its bulk create when it has one (in batches, the log rows
 * inserted together), else through its create. A row the store refuses (a guard, a taken domain)
 * is rolled back to its savepoint and reported; with `all`, any failed row rolls back the whole
 * import. With `preview`, every row is written the same way and the transaction is then rolled
 * back: the rows carry every error the commit would report (a name that resolves to nothing, a
 * seat limit), the counts say what it would do, and nothing is kept or announced. `choices` are the
 * importer's (ResourceDeclaration.importChoices), read by the store; after a commit that kept
 * records, the store's receipt says what it did for them.
 */
export const commitImportRows = async (
  definition: ResourceDefinition,
  rows: ImportRow[],
  options: { all: boolean; preview?: boolean; choices?: Readonly<Record<string, string>> },
  inScope: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  ctx: AdminContext,
  onProgress?: (done: number) => void,
  signal?: AbortSignal,
): Promise<ImportCommit> => {
  const { declaration } = definition;
  const store = definition.store as ResourceDefinition['store'] & ImportHooks;
  const secretFields = new Set(declaration.columns.filter((c) => c.secret).map((c) => c.key));
  const pending: (() => Promise<unknown>)[] = [];
  const preview = options.preview === true;
  const rowCtx: AdminContext & {
    [BULK_IMPORT]: boolean;
    [IMPORT_PREVIEW]: boolean;
    [IMPORT_CHOICES]: Readonly<Record<string, string>>;
  } = {
    ...ctx,
    [BULK_IMPORT]: true,
    [IMPORT_PREVIEW]: preview,
    [IMPORT_CHOICES]: options.choices ?? {},
    answerExtra: {},
    afterCommit: (work) => pending.push(work),
  };
  const outcome: ImportOutcome = { total: rows.length, created: 0, updated: 0, failed: 0, rolledBack: false };
  // A preview tries every row, so that each shows its own errors.
  const all = options.all && !preview;
  if (all && rows.some((row) => row.errors.length > 0)) {
    const failed = rows.filter((row) => row.errors.length > 0).length;
    return { outcome: { ...outcome, failed, rolledBack: true } };
  }
  /** The records the commit keeps: those whose savepoint was released. */
  const created: (Record<string, unknown> & { id: string })[] = [];
  const logEntry = (
    row: ImportRow,
    after: Record<string, unknown> & { id: string },
    before?: Record<string, unknown>,
  ): OperationEntry => ({
    tenantId: ctx.operator.tenantId,
    operatorId: ctx.operator.accountId,
    operatorName: ctx.operator.name,
    resource: declaration.name,
    recordId: after.id,
    recordLabel: store.label(after as never),
    action: row.action,
    changes: diffChanges(before, after, secretFields),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  });
  const refused = (row: ImportRow, error: unknown) => {
    row.errors.push(reasonOf(error, definition));
    if (all) throw new RollBackAll();
  };

  /** One row through the store's own create or update, behind a savepoint. */
  const writeOne = async (tx: Tx, row: ImportRow) => {
    await tx.execute(sql`SAVEPOINT import_row`);
    try {
      let before: Record<string, unknown> | undefined;
      let after: Record<string, unknown> & { id: string };
      if (row.action === 'update') {
        const current = await store.get(tx, row.existingId!, rowCtx);
        if (!current || !store.update) throw new AppError('NOT_FOUND', '数据已不存在');
        before = current;
        after = await store.update(tx, current, row.body, Number(current.version ?? 0), rowCtx);
      } else {
        if (!store.create) throw new AppError('BAD_REQUEST', '该数据不支持新增');
        after = await store.create(tx, row.body, rowCtx);
      }
      await recordOperations(tx, [logEntry(row, after, before)]);
      await tx.execute(sql`RELEASE SAVEPOINT import_row`);
      if (row.action === 'update') outcome.updated++;
      else {
        outcome.created++;
        created.push(after);
      }
    } catch (error) {
      await tx.execute(sql`ROLLBACK TO SAVEPOINT import_row`);
      refused(row, error);
    }
  };

  /** Creates through the store's bulk create, behind one savepoint; row by row if it cannot. */
  const createBatch = async (tx: Tx, batch: ImportRow[]) => {
    await tx.execute(sql`SAVEPOINT import_batch`);
    let outcomes: BulkOutcome<Record<string, unknown> & { id: string }>[] | undefined;
    try {
      outcomes = await store.createMany!(tx, batch.map((row) => row.body) as never[], rowCtx);
      if (outcomes) {
        const written = batch.flatMap((row, i) => {
          const result = outcomes![i]!;
          return 'row' in result ? [logEntry(row, result.row)] : [];
        });
        await recordOperations(tx, written);
      }
      await tx.execute(sql`RELEASE SAVEPOINT import_batch`);
    } catch (error) {
      if (error instanceof RollBackAll) throw error;
      // A refusal the bulk guards did not foresee (a row written meanwhile): each row on its own.
      await tx.execute(sql`ROLLBACK TO SAVEPOINT import_batch`);
      outcomes = undefined;
    }
    if (!outcomes) {
      for (const row of batch) await writeOne(tx, row);
      return;
    }
    batch.forEach((row, i) => {
      const result = outcomes![i]!;
      if ('row' in result) {
        outcome.created++;
        created.push(result.row);
      } else refused(row, result.error);
    });
  };

  try {
    await inScope(async (tx) => {
      let done = 0;
      let creates: ImportRow[] = [];
      const flushCreates = async () => {
        if (creates.length > 0) await createBatch(tx, creates);
        onProgress?.(done);
        creates = [];
      };
      for (const row of rows) {
        if (signal?.aborted) throw signal.reason;
        done++;
        if (row.errors.length > 0 || !row.body) continue;
        if (row.action === 'create' && store.createMany) {
          creates.push(row);
          if (creates.length === BULK_BATCH) await flushCreates();
          continue;
        }
        onProgress?.(done);
        await writeOne(tx, row);
      }
      await flushCreates();
      if (preview) throw new PreviewDone();
    });
  } catch (error) {
    if (error instanceof PreviewDone) pending.length = 0;
    else {
      if (!(error instanceof RollBackAll)) throw error;
      outcome.created = 0;
      outcome.updated = 0;
      outcome.rolledBack = true;
      pending.length = 0;
      created.length = 0;
    }
  }
  outcome.failed = rows.filter((row) => row.errors.length > 0).length;
  // Announcements to other instances, after the commit; at most a few at a time.
  for (let start = 0; start < pending.length; start += AFTER_COMMIT_CONCURRENCY) {
    await Promise.all(pending.slice(start, start + AFTER_COMMIT_CONCURRENCY).map((work) => work()));
  }
  const receipt = preview || created.length === 0 ? undefined : store.importReceipt?.(created, rowCtx);
  return { outcome, receipt };
};

/** The failed rows as they were read, with their row number and the reasons, to fix and upload again. */
export const writeErrorWorkbook = async (
  definition: ResourceDefinition,
  rows: ImportRow[],
  lang: WorkbookLanguage,
  file: string,
) => {
  const columns = definition.declaration.columns.filter((c) => c.importable);
  const partial = `${file}.part`;
  const ExcelJS = await loadExcelJS();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: partial, useStyles: true });
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Failed rows' : '导入失败的行');
  sheet.columns = [
    ...columns.map((c) => ({ header: c.title[lang], key: c.key, width: 18 })),
    { header: lang === 'en' ? 'Row' : '原行号', key: '__row', width: 8 },
    { header: lang === 'en' ? 'Reason' : '错误原因', key: '__reason', width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  let count = 0;
  for (const row of rows) {
    if (row.errors.length === 0) continue;
    const reason = row.errors
      .map((e) => {
        const title = columns.find((c) => c.key === e.column)?.title[lang];
        return title ? `${title}：${e.message}` : e.message;
      })
      .join('；');
    sheet.addRow([...columns.map((c) => row.values[c.key] ?? null), row.row, reason]).commit();
    count++;
  }
  sheet.commit();
  await workbook.commit();
  await rename(partial, file);
  return { rows: count, size: (await stat(file)).size };
};
