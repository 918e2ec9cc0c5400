import { readFile, unlink } from 'node:fs/promises';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import type { JobsRepo } from '../jobs/repo';
import type { JobHandler } from '../jobs/runner';
import type { JobRecord } from '../jobs/schema';
import { scopeOf } from './admin-guard';
import { exportFileName, type TraceExport, writeExportWorkbook } from './export-workbook';
import { commitImportRows, writeErrorWorkbook } from './import-commit';
import { storeImportReceipt } from './import-receipt';
import { parseImportWorkbook, validateImportRows } from './import-rows';
import type { ListQuery } from './list-sql';
import type { AdminContext, ResourceDefinition } from './resource-routes';
import type { WorkbookLanguage } from './workbook-cells';

/** Who asked for a job and from where: the job acts as them, in their scope, when it runs. */
export interface JobRequester {
  /** platformAdmin: absent in jobs queued before data scopes (migration 0016). */
  operator: { accountId: string; name: string; tenantId: string | null; platformAdmin?: boolean };
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** The asker's zone when asked (issue 25); absent in jobs queued before, read again then. */
  timeZone?: string;
}

export interface ExportJobParams extends JobRequester {
  query: Omit<ListQuery, 'page' | 'pageSize'>;
  lang: WorkbookLanguage;
}

export interface ImportJobParams extends JobRequester {
  /** The uploaded workbook, relative to DATA_DIR; removed once the job has read it. */
  upload: string;
  update: boolean;
  all: boolean;
  lang: WorkbookLanguage;
  /** The importer's choices (ResourceDeclaration.importChoices); absent in jobs queued before issue 25. */
  choices?: Readonly<Record<string, string>>;
}

export const requesterOf = (ctx: AdminContext): JobRequester => ({
  operator: {
    accountId: ctx.operator.accountId,
    name: ctx.operator.name,
    tenantId: ctx.operator.tenantId,
    // An export applies the asker's data scope (none for the platform's super administrator).
    platformAdmin: ctx.operator.platformAdmin,
  },
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  requestId: ctx.requestId,
});

const contextOf = (requester: JobRequester): AdminContext => ({
  // The codes were checked when the job was asked for; the stores do not read them.
  operator: {
    ...requester.operator,
    platformAdmin: requester.operator.platformAdmin === true,
    codes: new Set(),
  },
  ip: requester.ip,
  userAgent: requester.userAgent,
  requestId: requester.requestId,
  answerExtra: {},
  afterCommit: () => {
    throw new Error('no commit in an export');
  },
});

/** The handlers of export and import jobs, for every declared resource. */
export const transferJobHandlers = (deps: {
  db: Database;
  dataDir: string;
  definitions: readonly ResourceDefinition[];
  resolveFile(relative: string): string;
  /** Issue 25: an import's receipt file (initial passwords) is a finished job of its own. */
  jobs: Pick<JobsRepo, 'insert'>;
  traceExport?: TraceExport;
  zoneOf(tenantId: string | null): Promise<string>;
}): Map<string, JobHandler> => {
  const zoneOfJob = async (params: JobRequester) => params.timeZone ?? deps.zoneOf(params.operator.tenantId);
  const definitionOf = (job: JobRecord) => {
    const definition = deps.definitions.find(
      (d) => d.declaration.scope === job.scope && d.declaration.name === job.resource,
    );
    if (!definition) throw new AppError('NOT_FOUND', `资源不存在：${job.resource}`);
    return definition;
  };

  const exportJob: JobHandler = async (job, ctx) => {
    const params = job.params as ExportJobParams;
    const definition = definitionOf(job);
    const file = await ctx.fileFor('.xlsx');
    const timeZone = await zoneOfJob(params);
    const written = await writeExportWorkbook(
      {
        definition,
        query: params.query,
        lang: params.lang,
        timeZone,
        ctx: contextOf(params),
        read: scopeOf(deps.db, params.operator),
        signal: ctx.signal,
        // Counted when the job was asked for; the export itself counts nothing.
        total: job.total ?? undefined,
        onProgress: (done, total) => ctx.progress(done, total),
        traceExport: deps.traceExport,
      },
      file.absolute,
    );
    return {
      result: { rows: written.rows },
      progress: written.rows,
      file: {
        path: file.relative,
        name: exportFileName(definition, params.lang, timeZone),
        size: written.size,
      },
    };
  };

  const importJob: JobHandler = async (job, ctx) => {
    const params = job.params as ImportJobParams;
    const definition = definitionOf(job);
    const upload = deps.resolveFile(params.upload);
    const parsed = await parseImportWorkbook(definition.declaration, await readFile(upload));
    ctx.progress(0, parsed.rows.length);
    const adminCtx = contextOf(params);
    const inScope = scopeOf(deps.db, params.operator);
    const timeZone = await zoneOfJob(params);
    const rows = await inScope((tx) =>
      validateImportRows(definition, parsed, { ...params, timeZone }, tx, adminCtx),
    );
    const { outcome, receipt } = await commitImportRows(
      definition,
      rows,
      params,
      inScope,
      adminCtx,
      (done) => ctx.progress(done),
      ctx.signal,
    );
    await unlink(upload).catch(() => undefined);
    // The job's own file is its error workbook: a receipt's file is a job of its own, served once.
    const receiptAnswer = receipt
      ? await storeImportReceipt(
          { dataDir: deps.dataDir, jobs: deps.jobs },
          {
            receipt,
            scope: definition.declaration.scope,
            resource: definition.declaration.name,
            title: definition.declaration.title,
            lang: params.lang,
            importer: params.operator,
            inScope,
          },
        )
      : null;
    const result = { ...outcome, ignoredColumns: parsed.ignoredHeaders, receipt: receiptAnswer };
    if (outcome.failed === 0) return { result, progress: rows.length };
    const file = await ctx.fileFor('-errors.xlsx');
    const written = await writeErrorWorkbook(definition, rows, params.lang, file.absolute);
    const name = `${definition.declaration.title[params.lang]}-${params.lang === 'en' ? 'import-errors' : '导入失败'}.xlsx`;
    return { result, progress: rows.length, file: { path: file.relative, name, size: written.size } };
  };

  return new Map([
    ['export', exportJob],
    ['import', importJob],
  ]);
};
