import { createReadStream } from 'node:fs';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  envelopeSchema,
  importPreviewSchema,
  type importQuerySchema,
  importQuerySchemaOf,
  importResultSchema,
  jobQueuedSchema,
  listQuerySchemaOf,
  SYNC_EXPORT_LIMIT,
} from '@uniwim/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newId } from '../crypto/tokens';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import type { JobsRepo } from '../jobs/repo';
import { JOB_FILE_LIFETIME_MS, JOB_FILES_DIR, type JobRunner, jobFilePath } from '../jobs/runner';
import { adminGuard, scopeOf } from './admin-guard';
import {
  exportFileName,
  exportTotal,
  languageOf,
  type TraceExport,
  writeExportWorkbook,
} from './export-workbook';
import { commitImportRows, writeErrorWorkbook } from './import-commit';
import { storeImportReceipt } from './import-receipt';
import { IMPORT_SYNC_LIMIT, parseImportWorkbook, validateImportRows } from './import-rows';
import type { ListQuery } from './list-sql';
import { loadExcelJS } from './load-exceljs';
import { recordOperation } from './operation-log';
import type { AdminContext, AdminFrameworkDeps, ResourceDefinition } from './resource-routes';
import { type ExportJobParams, type ImportJobParams, requesterOf } from './transfer-jobs';
import { exampleOf, headerOf, importColumnsOf } from './workbook-cells';

/** An upload larger than this is refused (10,000 rows of a wide sheet are about 2 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Jobs one person may have waiting or running at once. */
export const MAX_PENDING_JOBS_PER_USER = 5;

export interface TransferDeps extends Pick<AdminFrameworkDeps, 'db' | 'permissions' | 'auth'> {
  dataDir: string;
  jobs: JobsRepo;
  runner: Pick<JobRunner, 'announce'>;
  traceExport?: TraceExport;
  /** The zone an operator reads times in: exports write it, imports read their times in it. */
  zoneOf(tenantId: string | null): Promise<string>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx answer as OpenAPI describes a file: its bytes, of the workbook's media type. */
export const xlsxAnswer = (description: string) => ({
  description,
  content: {
    [XLSX_TYPE]: {
      schema: z.custom<Buffer>().meta({ type: 'string', format: 'binary', contentMediaType: XLSX_TYPE }),
    },
  },
});

/** `attachment` with the UTF-8 name (RFC 6266) and an ASCII fallback for old clients. */
export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export const sendFile = (
  reply: FastifyReply,
  file: string,
  name: string,
  size: number,
  onDone?: () => void,
) => {
  const stream = createReadStream(file);
  if (onDone) stream.on('close', onDone);
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', attachment(name))
    .header('content-length', size)
    .header('cache-control', 'no-store')
    .send(stream);
};

const noteOf = (
  ctx: AdminContext,
  resource: string,
  action: string,
  recordId: string | null,
  label: string,
) => ({
  tenantId: ctx.operator.tenantId,
  operatorId: ctx.operator.accountId,
  operatorName: ctx.operator.name,
  resource,
  recordId,
  recordLabel: label,
  action,
  ip: ctx.ip,
  userAgent: ctx.userAgent,
  requestId: ctx.requestId,
});

/**
 * Export, import template and import of one declared resource (shared/design/administration.md):
 * the list's filters and sort give the export, above SYNC_EXPORT_LIMIT rows as a job of the
 * download centre; an import is previewed with per-cell errors, then committed, above
 * IMPORT_SYNC_LIMIT rows as a job. Every export is written to the operation log.
 */
export const transferRoutes =
  (deps: TransferDeps, definition: ResourceDefinition): FastifyPluginAsyncZod =>
  async (app) => {
    const { declaration } = definition;
    const { scope, name, permissions } = declaration;
    const base = `/${scope}/admin/${name}`;
    const tags = [`admin: ${name}`];
    const security = [{ bearer: [] }];
    const { guard, operatorOf, contextOf } = adminGuard(deps, scope);
    const inScope = (ctx: AdminContext) => scopeOf(deps.db, ctx.operator);

    /** A job for this person, unless they already have too many waiting. */
    const queueJob = async (
      ctx: AdminContext,
      kind: string,
      params: object,
      total: number | null,
      id?: string,
    ) => {
      const job = await inScope(ctx)(async (tx) => {
        if ((await deps.jobs.pendingOf(tx, ctx.operator.accountId)) >= MAX_PENDING_JOBS_PER_USER) {
          throw new AppError(
            'RATE_LIMITED',
            `您已有${MAX_PENDING_JOBS_PER_USER}个任务在排队或运行，请稍后再试`,
          );
        }
        const row = await deps.jobs.insert(
          tx,
          {
            kind,
            scope,
            resource: name,
            tenantId: ctx.operator.tenantId,
            params: params as Record<string, unknown>,
            requestedBy: ctx.operator.accountId,
            requestedByName: ctx.operator.name,
            total,
          },
          id ? { id } : {},
        );
        if (kind === 'export') {
          await recordOperation(tx, {
            ...noteOf(ctx, name, 'export', row.id, `导出${total ?? ''}行（任务）`),
            changes: { query: { before: null, after: params && (params as ExportJobParams).query } },
          });
        }
        return row;
      });
      await deps.runner.announce();
      return job;
    };

    if (permissions.export) {
      app.get(
        `${base}/export`,
        {
          ...guard(permissions.export),
          schema: {
            tags,
            summary: `Export ${name} to .xlsx with the list's filters and sort; above ${SYNC_EXPORT_LIMIT} rows a job (202)`,
            security,
            querystring: listQuerySchemaOf(declaration).extend({ lang: z.enum(['zh', 'en']).optional() }),
            response: {
              200: xlsxAnswer(`The workbook, up to ${SYNC_EXPORT_LIMIT} rows`),
              202: {
                description: `Above ${SYNC_EXPORT_LIMIT} rows: queued as a job of the download centre`,
                content: { 'application/json': { schema: envelopeSchema(jobQueuedSchema) } },
              },
            },
          },
        },
        async (request, reply) => {
          const ctx = contextOf(request);
          const {
            page: _page,
            pageSize: _pageSize,
            lang,
            ...query
          } = request.query as ListQuery & { lang?: string };
          const exportRequest = {
            definition,
            query,
            lang: languageOf(lang),
            timeZone: await deps.zoneOf(ctx.operator.tenantId),
            ctx,
            read: inScope(ctx),
          };
          const total = await exportTotal(exportRequest);
          if (total > SYNC_EXPORT_LIMIT) {
            const params: ExportJobParams = {
              ...requesterOf(ctx),
              timeZone: exportRequest.timeZone,
              query,
              lang: exportRequest.lang,
            };
            const job = await queueJob(ctx, 'export', params, total);
            return reply
              .code(202)
              .send(ok({ jobId: job.id, total }, '数据较多，已转为后台导出任务，请到下载中心下载'));
          }
          const dir = path.resolve(deps.dataDir, JOB_FILES_DIR);
          await mkdir(dir, { recursive: true });
          const file = path.join(dir, `${newId('export-')}.xlsx`);
          const written = await writeExportWorkbook(
            { ...exportRequest, total, traceExport: deps.traceExport },
            file,
          );
          await inScope(ctx)((tx) =>
            recordOperation(tx, {
              ...noteOf(ctx, name, 'export', null, `导出${written.rows}行`),
              changes: { query: { before: null, after: query } },
            }),
          );
          const fileName = exportFileName(definition, exportRequest.lang, exportRequest.timeZone);
          return sendFile(reply, file, fileName, written.size, () => {
            void unlink(file).catch(() => undefined);
          });
        },
      );
    }

    if (!permissions.import || !declaration.create) return;

    app.get(
      `${base}/import-template`,
      {
        ...guard(permissions.import),
        schema: {
          tags,
          summary: `The .xlsx template for importing ${name}: the importable columns and an example row`,
          security,
          querystring: z.strictObject({ lang: z.enum(['zh', 'en']).optional() }),
          response: { 200: xlsxAnswer('The import template') },
        },
      },
      async (request, reply) => {
        const lang = languageOf(request.query.lang);
        const columns = importColumnsOf(declaration);
        // Times are typed as the importer's clock reads them: the header names that zone.
        const zone = await deps.zoneOf(contextOf(request).operator.tenantId);
        const ExcelJS = await loadExcelJS();
        const workbook = new ExcelJS.Workbook();
        const sheet = workbook.addWorksheet(declaration.title[lang]);
        sheet.columns = columns.map((c) => ({
          header: headerOf(c, lang, zone),
          key: c.key,
          width: c.kind === 'date' ? 34 : 20,
        }));
        sheet.getRow(1).font = { bold: true };
        sheet.addRow(columns.map((c) => exampleOf(c, lang)));
        columns.forEach((column, index) => {
          if (!column.options) return;
          const list = column.options.map((o) => o.label[lang]).join(',');
          for (let row = 2; row <= 1_000; row++) {
            sheet.getRow(row).getCell(index + 1).dataValidation = {
              type: 'list',
              allowBlank: true,
              formulae: [`"${list}"`],
            };
          }
        });
        const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
        const fileName = `${declaration.title[lang]}-${lang === 'en' ? 'import-template' : '导入模板'}.xlsx`;
        return reply.type(XLSX_TYPE).header('content-disposition', attachment(fileName)).send(buffer);
      },
    );

    /** The uploaded workbook: multipart only, one file, its content checked (not its name). */
    const uploadOf = async (request: FastifyRequest) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传 Excel 文件');
      }
      try {
        const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5 } });
        if (!part) throw new AppError('BAD_REQUEST', '请选择要导入的文件');
        return await part.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('BODY_TOO_LARGE', `文件不能超过${IMPORT_MAX_BYTES / 1024 / 1024}MB`);
        }
        throw new AppError('BAD_REQUEST', '上传的文件无法读取');
      }
    };

    app.post(
      `${base}/import`,
      {
        ...guard(permissions.import),
        schema: {
          tags,
          summary: `Import ${name} from a multipart .xlsx: preview with per-cell errors, or commit (above ${IMPORT_SYNC_LIMIT} rows a job, 202)`,
          security,
          querystring: importQuerySchemaOf(declaration),
          consumes: ['multipart/form-data'],
          response: {
            200: envelopeSchema(z.union([importPreviewSchema, importResultSchema])),
            202: envelopeSchema(jobQueuedSchema),
          },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { codes } = operatorOf(request);
        const query = request.query as z.infer<typeof importQuerySchema> & Record<string, string>;
        // The resource's own choices for the whole import (how new users get a way in, say).
        const choices = Object.fromEntries(
          Object.keys(declaration.importChoices ?? {}).map((choice) => [choice, query[choice]!]),
        );
        const options = {
          update: query.update === 'true',
          all: query.all === 'true',
          choices,
          timeZone: await deps.zoneOf(ctx.operator.tenantId),
        };
        for (const code of [permissions.create, options.update ? permissions.update : undefined]) {
          if (code && !codes.has(code)) {
            throw new AppError('FORBIDDEN', `没有访问权限：缺少权限 ${code}`, { missingPermission: code });
          }
        }
        const lang = languageOf(query.lang);
        const file = await uploadOf(request);
        const parsed = await parseImportWorkbook(declaration, file);
        const ignoredColumns = parsed.ignoredHeaders;

        if (query.mode === 'commit' && parsed.rows.length > IMPORT_SYNC_LIMIT) {
          const id = newId('job-');
          const upload = path.join(JOB_FILES_DIR, `${id}.upload.xlsx`);
          await mkdir(path.resolve(deps.dataDir, JOB_FILES_DIR), { recursive: true });
          await writeFile(jobFilePath(deps.dataDir, upload), file);
          const params: ImportJobParams = { ...requesterOf(ctx), upload, ...options, lang };
          const job = await queueJob(ctx, 'import', params, parsed.rows.length, id).catch(async (error) => {
            await unlink(jobFilePath(deps.dataDir, upload)).catch(() => undefined);
            throw error;
          });
          return reply
            .code(202)
            .send(
              ok(
                { jobId: job.id, total: parsed.rows.length },
                '数据较多，已转为后台导入任务，请到下载中心查看',
              ),
            );
        }

        const rows = await inScope(ctx)((tx) => validateImportRows(definition, parsed, options, tx, ctx));
        if (query.mode !== 'commit') {
          // The commit itself, rolled back: the preview reports every error the commit would.
          await commitImportRows(definition, rows, { ...options, preview: true }, inScope(ctx), ctx);
          const invalid = rows.filter((row) => row.errors.length > 0).length;
          return ok({
            total: rows.length,
            valid: rows.length - invalid,
            invalid,
            ignoredColumns,
            rows: rows.map(({ row, action, values, errors }) => ({ row, action, values, errors })),
          });
        }

        const { outcome, receipt } = await commitImportRows(definition, rows, options, inScope(ctx), ctx);
        // Issue 25: what the store did for the records it created (an activation SMS each, or initial
        // passwords the importer downloads once).
        const receiptAnswer = receipt
          ? await storeImportReceipt(deps, {
              receipt,
              scope,
              resource: name,
              title: declaration.title,
              lang,
              importer: ctx.operator,
              inScope: inScope(ctx),
            })
          : null;
        let errorWorkbookUrl: string | null = null;
        if (outcome.failed > 0) {
          // The error workbook is a finished job of the download centre: downloaded, logged, expiring.
          const id = newId('job-');
          const relative = path.join(JOB_FILES_DIR, `${id}-errors.xlsx`);
          await mkdir(path.resolve(deps.dataDir, JOB_FILES_DIR), { recursive: true });
          const written = await writeErrorWorkbook(
            definition,
            rows,
            lang,
            jobFilePath(deps.dataDir, relative),
          );
          await inScope(ctx)((tx) =>
            deps.jobs.insert(
              tx,
              {
                kind: 'import',
                scope,
                resource: name,
                tenantId: ctx.operator.tenantId,
                params: { ...options, lang },
                requestedBy: ctx.operator.accountId,
                requestedByName: ctx.operator.name,
                total: rows.length,
              },
              {
                id,
                status: 'done',
                progress: rows.length,
                result: { ...outcome, ignoredColumns },
                filePath: relative,
                fileName: `${declaration.title[lang]}-${lang === 'en' ? 'import-errors' : '导入失败'}.xlsx`,
                fileSize: written.size,
                fileExpiresAt: new Date(Date.now() + JOB_FILE_LIFETIME_MS),
                startedAt: new Date(),
                finishedAt: new Date(),
              },
            ),
          );
          errorWorkbookUrl = `/${scope}/admin/jobs/${id}/download`;
        }
        const message = outcome.rolledBack
          ? '存在错误行，未导入任何数据'
          : `导入完成：新增${outcome.created}条，更新${outcome.updated}条，失败${outcome.failed}条${receipt ? `；${receipt.message}` : ''}`;
        return ok({ ...outcome, ignoredColumns, errorWorkbookUrl, receipt: receiptAnswer }, message);
      },
    );
  };
