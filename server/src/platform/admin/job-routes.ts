import { stat, unlink } from 'node:fs/promises';
import {
  type AdminScope,
  envelopeSchema,
  type JobRow,
  jobRowSchema,
  listAnswerSchemaOf,
} from '@uniwim/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import type { JobsRepo } from '../jobs/repo';
import { jobFilePath } from '../jobs/runner';
import type { JobRecord } from '../jobs/schema';
import { adminGuard, scopeOf } from './admin-guard';
import { ONE_TIME_DOWNLOAD } from './import-receipt';
import { recordOperation } from './operation-log';
import type { AdminFrameworkDeps } from './resource-routes';
import { sendFile, xlsxAnswer } from './transfer-routes';

/** The code that opens the download centre in each scope, and the one that shows everyone's jobs. */
export const JOB_CODES: Record<AdminScope, { list: string; all?: string }> = {
  dmp: { list: 'job:list', all: 'job:list-all' },
  ump: { list: 'tenant-job:list' },
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const jobRowOf = (job: JobRecord, scope: AdminScope, now = Date.now()): JobRow => {
  const fileLive = job.filePath !== null && job.fileExpiresAt !== null && job.fileExpiresAt.getTime() > now;
  const {
    operator: _operator,
    ip: _ip,
    userAgent: _userAgent,
    requestId: _requestId,
    upload: _upload,
    ...params
  } = job.params as Record<string, unknown>;
  return {
    id: job.id,
    kind: job.kind,
    scope: job.scope as AdminScope,
    resource: job.resource,
    status: job.status,
    progress: job.progress,
    total: job.total,
    params,
    result: (job.result as Record<string, unknown> | null) ?? null,
    error: job.error,
    fileName: fileLive ? job.fileName : null,
    fileSize: fileLive ? job.fileSize : null,
    fileExpiresAt: fileLive ? iso(job.fileExpiresAt) : null,
    downloadUrl: fileLive ? `/${scope}/admin/jobs/${job.id}/download` : null,
    requestedBy: job.requestedBy,
    requestedByName: job.requestedByName,
    createdAt: job.createdAt.toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
  };
};

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The download centre (`/downloadPage`): my jobs, newest first, with progress and files until they
 * expire; a platform operator holding job:list-all sees everyone's. Every download is logged.
 */
export const jobRoutes =
  (deps: Pick<AdminFrameworkDeps, 'db' | 'permissions' | 'auth'> & { dataDir: string; jobs: JobsRepo }) =>
  (scope: AdminScope): FastifyPluginAsyncZod =>
  async (app) => {
    const base = `/${scope}/admin/jobs`;
    const tags = ['admin: jobs'];
    const security = [{ bearer: [] }];
    const codes = JOB_CODES[scope];
    const { guard, operatorOf, contextOf } = adminGuard(deps, scope);
    const seesAll = (operator: ReturnType<typeof operatorOf>) =>
      codes.all !== undefined && operator.codes.has(codes.all);

    /** A job this person may see: their own, or any with job:list-all (RLS keeps tenants apart). */
    const visibleJob = async (operator: ReturnType<typeof operatorOf>, id: string) => {
      const job = await scopeOf(deps.db, operator)((tx) => deps.jobs.get(tx, id));
      if (!job || (job.requestedBy !== operator.accountId && !seesAll(operator))) {
        throw new AppError('NOT_FOUND', `任务不存在：${id}`);
      }
      return job;
    };

    app.get(
      base,
      {
        ...guard(codes.list),
        schema: {
          tags,
          summary: 'My jobs (exports, imports), newest first; all=true shows everyone’s to those who may',
          security,
          querystring: z.strictObject({
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            pageSize: z.coerce.number().int().min(1).max(100).default(20),
            all: z.enum(['true', 'false']).optional(),
          }),
          response: { 200: envelopeSchema(listAnswerSchemaOf(jobRowSchema)) },
        },
      },
      async (request) => {
        const operator = operatorOf(request);
        const { page, pageSize, all } = request.query;
        if (all === 'true' && !seesAll(operator)) {
          throw new AppError('FORBIDDEN', `没有访问权限：缺少权限 ${codes.all ?? codes.list}`);
        }
        const [items, total] = await scopeOf(
          deps.db,
          operator,
        )((tx) =>
          deps.jobs.listOf(tx, {
            requestedBy: all === 'true' ? undefined : operator.accountId,
            limit: pageSize,
            offset: (page - 1) * pageSize,
          }),
        );
        const now = Date.now();
        return ok({ items: items.map((job) => jobRowOf(job, scope, now)), total, page, pageSize });
      },
    );

    app.get(
      `${base}/:id`,
      {
        ...guard(codes.list),
        schema: {
          tags,
          summary: 'One job, with its progress',
          security,
          params: idParams,
          response: { 200: envelopeSchema(jobRowSchema) },
        },
      },
      async (request) => ok(jobRowOf(await visibleJob(operatorOf(request), request.params.id), scope)),
    );

    app.get(
      `${base}/:id/download`,
      {
        ...guard(codes.list),
        schema: {
          tags,
          summary: "The job's file, until it expires; every download is written to the operation log",
          description:
            "A file marked for one download (an import's initial passwords) is served once and then deleted.",
          security,
          params: idParams,
          response: { 200: xlsxAnswer("The job's workbook") },
          errors: ['NOT_FOUND', 'DOWNLOAD_LINK_EXPIRED'],
        },
      },
      async (request, reply) => {
        const operator = operatorOf(request);
        const job = await visibleJob(operator, request.params.id);
        const oneTime = (job.params as Record<string, unknown>)[ONE_TIME_DOWNLOAD] === true;
        // Initial passwords are the importer's alone, whoever else may see every job.
        if (oneTime && job.requestedBy !== operator.accountId) {
          throw new AppError('NOT_FOUND', `任务不存在：${job.id}`);
        }
        const row = jobRowOf(job, scope);
        if (!row.downloadUrl || !job.filePath)
          throw new AppError('DOWNLOAD_LINK_EXPIRED', '文件已过期或尚未生成');
        const file = jobFilePath(deps.dataDir, job.filePath);
        const info = await stat(file).catch(() => undefined);
        if (!info) throw new AppError('DOWNLOAD_LINK_EXPIRED', '文件已不存在，请重新导出');
        const ctx = contextOf(request);
        await scopeOf(
          deps.db,
          operator,
        )(async (tx) => {
          // Served once: the job lets go of the file in the transaction that logs the download.
          if (oneTime && (await deps.jobs.takeFile(tx, job.id)) === undefined) {
            throw new AppError('DOWNLOAD_LINK_EXPIRED', '该文件只能下载一次，已被下载');
          }
          await recordOperation(tx, {
            tenantId: operator.tenantId,
            operatorId: operator.accountId,
            operatorName: operator.name,
            resource: 'jobs',
            recordId: job.id,
            recordLabel: job.fileName,
            action: 'download',
            changes: {},
            ip: ctx.ip,
            userAgent: ctx.userAgent,
            requestId: ctx.requestId,
          });
        });
        const remove = oneTime ? () => void unlink(file).catch(() => undefined) : undefined;
        return sendFile(reply, file, job.fileName ?? `${job.id}.xlsx`, info.size, remove);
      },
    );
  };
