import multipart from '@fastify/multipart';
import {
  type AdminScope,
  envelopeSchema,
  FILE_PURPOSE_MAX_BYTES,
  FILE_UPLOAD_FIELD,
  fileContentQuerySchema,
  fileIdSchema,
  fileUploadQuerySchema,
  storedFileSchema,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminGuard } from '../../platform/admin/admin-guard';
import { recordOperation } from '../../platform/admin/operation-log';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { PermissionService } from '../platform-access/service';
import { decideFileAccess } from './access';
import { byteRangeOf } from './byte-range';
import { contentDisposition, downloadNameOf } from './file-names';
import { type FileService, toStoredFile } from './service';
import { extensionOf, isPreviewable } from './sniff';
import { collectingAsItFlows } from './young-garbage';

export interface FileRouteDeps {
  db: Database;
  permissions: PermissionService;
  auth: {
    required(request: FastifyRequest): Promise<void>;
    optional(request: FastifyRequest): Promise<void>;
  };
  files: FileService;
}

const LARGEST_FILE = Math.max(...Object.values(FILE_PURPOSE_MAX_BYTES));

/** A file shown in the page cannot run anything: no script, no plugin, no form (PDF keeps its viewer). */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
const PDF_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** An upload the client stopped sending, or a body that is not multipart after all. */
const isBrokenUpload = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return (
    code?.startsWith('FST_') === true ||
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /terminated early|Unexpected end of form|Malformed part header/i.test(message ?? '')
  );
};

/**
 * The files module's HTTP side (issue 14): the one upload route of every page, on the platform
 * (its own files) and in the active tenant, and the url every stored file is served at.
 */
export const fileRoutes =
  (deps: FileRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart only here (and the admin import routes): uploads are streamed, never buffered.
    await app.register(multipart, { limits: { fileSize: LARGEST_FILE, files: 1, fields: 5, parts: 6 } });

    for (const scope of ['dmp', 'ump'] as AdminScope[]) {
      const { guard, operatorOf } = adminGuard(deps, scope);
      app.post(
        `/${scope}/admin/files/upload`,
        {
          ...guard('file:upload'),
          schema: {
            tags: ['admin: files'],
            summary: `Upload a file ${scope === 'dmp' ? "into the platform's files" : "into the active tenant's files"}`,
            description:
              "multipart/form-data with one part named `file`. The type is decided from the content: a kind the purpose does not take answers 415 FILE_TYPE_NOT_ALLOWED, a file over the purpose's limit 413 FILE_TOO_LARGE, a tenant over its quota 413 FILE_QUOTA_EXCEEDED.",
            security: [{ bearer: [] }],
            querystring: fileUploadQuerySchema,
            consumes: ['multipart/form-data'],
            response: { 200: envelopeSchema(storedFileSchema) },
          },
        },
        async (request) => {
          const operator = operatorOf(request);
          const { purpose, keep } = request.query;
          if (!request.isMultipart()) {
            throw new AppError(
              'UNSUPPORTED_MEDIA_TYPE',
              '请以 multipart/form-data 上传文件（文件放在 file 字段）',
            );
          }
          const maxBytes = deps.files.maxBytesOf(purpose);
          try {
            const part = await request.file({
              limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
              throwFileSizeLimit: false,
            });
            if (!part) throw new AppError('FILE_PART_MISSING');
            if (part.fieldname !== FILE_UPLOAD_FIELD) {
              part.file.resume();
              throw new AppError('FILE_PART_MISSING', '请把文件放在表单字段 file 中上传');
            }
            const stored = await deps.files.upload(part.file, {
              tenantId: operator.tenantId,
              filename: part.filename,
              purpose,
              uploadedBy: operator.accountId,
              uploadedByName: operator.name,
              keep: keep === 'true',
              truncated: () => part.file.truncated,
              onStored: (tx, file) =>
                recordOperation(tx, {
                  tenantId: operator.tenantId,
                  operatorId: operator.accountId,
                  operatorName: operator.name,
                  resource: 'files',
                  recordId: file.id,
                  recordLabel: file.name,
                  action: 'upload',
                  changes: {
                    name: { before: null, after: file.name },
                    contentType: { before: null, after: file.contentType },
                    size: { before: null, after: file.size },
                    purpose: { before: null, after: purpose },
                  },
                  ip: request.ip,
                  userAgent: request.headers['user-agent'] ?? null,
                  requestId: request.id,
                }),
            });
            return ok(stored, '上传成功');
          } catch (error) {
            if (error instanceof AppError || !isBrokenUpload(error)) throw error;
            throw new AppError('BAD_REQUEST', '上传的文件无法读取或上传中断，请重试');
          }
        },
      );
    }

    /** The file, when this request may read it (a signed link, an image, or the right session). */
    const readable = async (
      request: FastifyRequest,
      id: string,
      query: z.infer<typeof fileContentQuerySchema>,
    ) => {
      const row = await deps.files.find(id);
      if (!row) throw new AppError('FILE_NOT_FOUND');
      const { expires, signature } = query;
      const signed = expires !== undefined || signature !== undefined;
      if (signed && (expires === undefined || signature === undefined))
        throw new AppError('FILE_LINK_INVALID');
      const link = signed ? await deps.files.checkLink(id, expires!, signature!) : null;
      const access = decideFileAccess(row, link, request.session);
      if (access === 'link-invalid') throw new AppError('FILE_LINK_INVALID');
      if (access === 'unauthenticated') throw new AppError('UNAUTHENTICATED');
      if (access === 'hidden') throw new AppError('FILE_NOT_FOUND');
      return { row, link };
    };
    const readRules =
      "Served to a signed link until it expires (403 FILE_LINK_INVALID after), to anyone for an image, and otherwise to a signed-in user of the tenant that owns it (any signed-in user for the platform's own files).";

    app.get(
      '/ump/files/:id/info',
      {
        onRequest: deps.auth.optional,
        schema: {
          tags: ['files'],
          summary: 'What a stored file is (name, type, size, sha256, url), to those who may read it',
          description: readRules,
          params: z.object({ id: fileIdSchema }),
          querystring: fileContentQuerySchema,
          response: { 200: envelopeSchema(storedFileSchema) },
        },
      },
      async (request) => {
        const { row } = await readable(request, request.params.id, request.query);
        return ok(toStoredFile(row));
      },
    );

    app.get(
      '/ump/files/:id',
      {
        onRequest: deps.auth.optional,
        schema: {
          tags: ['files'],
          summary: 'The content of a stored file (its `url`); one `Range: bytes=` part answers 206',
          description: readRules,
          params: z.object({ id: fileIdSchema }),
          querystring: fileContentQuerySchema,
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { row, link } = await readable(request, id, request.query);
        const download = request.query.download;
        const range = byteRangeOf(request.headers.range, row.size);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${row.size}`);
          throw new AppError('FILE_RANGE_NOT_SATISFIABLE');
        }
        const { stream } = await deps.files.open(id, range ?? undefined);
        const inline = download !== '1' && isPreviewable(row.contentType);
        const name = downloadNameOf(row.name, extensionOf(row.contentType));
        const contentType = row.contentType.startsWith('text/')
          ? `${row.contentType}; charset=utf-8`
          : row.contentType;
        if (range) {
          reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
        }
        return reply
          .type(contentType)
          .header('content-length', range ? range.end - range.start + 1 : row.size)
          .header('accept-ranges', 'bytes')
          .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', name))
          .header('content-security-policy', row.contentType === 'application/pdf' ? PDF_CSP : FILE_CSP)
          .header('x-content-type-options', 'nosniff')
          .header(
            'cache-control',
            link !== null || row.purpose !== 'image' ? 'private, max-age=60' : 'public, max-age=86400',
          )
          .send(collectingAsItFlows(stream));
      },
    );
  };
