import {
  type AdminScope,
  envelopeSchema,
  FILE_KIND_TYPES,
  FILE_PURPOSES,
  type FileRow,
  fileIdSchema,
  fileKindOf,
  fileReferenceSchema,
  fileUsageSchema,
  platformFilesResource,
  splitList,
  tenantFilesResource,
} from '@uniwim/contracts';
import { and, eq, inArray, isNull, like, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type FieldSql, listPage, qualified } from '../../platform/admin/list-sql';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { LINK_DEFAULT_SECONDS } from './links';
import { quotaRoutes } from './quota-routes';
import { type FileRow as FileRecord, filesRepo as repo } from './repo';
import { files } from './schema';
import type { FileService } from './service';
import { isPreviewable } from './sniff';

const fileId = qualified(files.id);
const referenceCount = sql<number>`(SELECT count(*)::int FROM file_references r WHERE r.file_id = ${fileId})`;

/** `kind` (comma-separated): the content types of each kind; `other` is none of them. */
const kindCondition = (value: unknown): SQL | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const named = (kind: keyof typeof FILE_KIND_TYPES): SQL => {
    const { prefix, types } = FILE_KIND_TYPES[kind];
    return prefix ? like(files.contentType, `${prefix}%`) : inArray(files.contentType, types!);
  };
  const kinds = splitList(value);
  const parts = kinds
    .filter((kind): kind is keyof typeof FILE_KIND_TYPES => kind in FILE_KIND_TYPES)
    .map(named);
  if (kinds.includes('other')) {
    const exact = Object.values(FILE_KIND_TYPES).flatMap((k) => k.types ?? []);
    const prefixes = Object.values(FILE_KIND_TYPES).flatMap((k) => (k.prefix ? [k.prefix] : []));
    parts.push(
      and(
        notInArray(files.contentType, exact),
        ...prefixes.map((prefix) => sql`${files.contentType} NOT LIKE ${`${prefix}%`}`),
      )!,
    );
  }
  return parts.length > 0 ? or(...parts) : sql`false`;
};

const fields: FieldSql = {
  name: files.name,
  kind: kindCondition,
  purpose: files.purpose,
  unused: (value) =>
    value === 'true'
      ? sql`${referenceCount} = 0`
      : value === 'false'
        ? sql`${referenceCount} > 0`
        : undefined,
  uploadedByName: files.uploadedByName,
  createdAt: files.createdAt,
  size: files.size,
  referenceCount,
};

const columns = {
  id: files.id,
  tenantId: files.tenantId,
  name: files.name,
  contentType: files.contentType,
  size: files.size,
  sha256: files.sha256,
  purpose: files.purpose,
  kept: files.kept,
  uploadedByName: files.uploadedByName,
  createdAt: files.createdAt,
  referenceCount,
};

type Selected = Pick<
  FileRecord,
  | 'id'
  | 'tenantId'
  | 'name'
  | 'contentType'
  | 'size'
  | 'sha256'
  | 'purpose'
  | 'kept'
  | 'uploadedByName'
  | 'createdAt'
> & { referenceCount: number };

const rowOf = (row: Selected): FileRow & { tenantId: string | null } => ({
  id: row.id,
  tenantId: row.tenantId,
  name: row.name,
  contentType: row.contentType,
  kind: fileKindOf(row.contentType),
  size: Number(row.size),
  sha256: row.sha256,
  purpose: row.purpose as FileRow['purpose'],
  kept: row.kept,
  referenceCount: Number(row.referenceCount),
  previewable: isPreviewable(row.contentType),
  url: `/ump/files/${row.id}`,
  uploadedByName: row.uploadedByName,
  createdAt: row.createdAt.toISOString(),
  version: 0,
});

/**
 * The platform's page lists its own files only (every tenant's are its tenant's to manage); a
 * tenant's page sees its own through row-level security.
 */
const ownedBy = (scope: AdminScope) => [
  isNull(files.deletedAt),
  scope === 'dmp' ? isNull(files.tenantId) : undefined,
];

const storeOf = (
  scope: AdminScope,
  service: FileService,
): ResourceStore<FileRow & { tenantId: string | null }> => ({
  label: (row) => row.name,
  list: async (tx, query) => {
    const { items, total } = await listPage(tx, {
      declaration: scope === 'dmp' ? platformFilesResource : tenantFilesResource,
      fields,
      table: files,
      columns,
      id: files.id,
      query,
      conditions: ownedBy(scope),
    });
    return { items: items.map((row) => rowOf(row as unknown as Selected)), total };
  },
  get: async (tx, id) => {
    const [row] = await tx
      .select(columns)
      .from(files)
      .where(and(eq(files.id, id), ...ownedBy(scope)));
    return row ? rowOf(row as Selected) : undefined;
  },
  remove: async (tx, row, ctx) => {
    const record = await repo.live(tx, row.id);
    if (!record) throw new AppError('FILE_NOT_FOUND');
    await service.remove(tx, record);
    // The content goes once the delete is committed (a rollback keeps the file whole).
    ctx.afterCommit(() => service.purgeDeleted().catch(() => undefined));
  },
  actions: {
    link: async (tx, row, body, ctx: AdminContext) => {
      const { expiresInSeconds } = body as { expiresInSeconds?: number };
      ctx.answerExtra.link = await service.signedLink(row.id, expiresInSeconds ?? LINK_DEFAULT_SECONDS, {
        tx,
      });
      return undefined;
    },
  },
});

/** What the platform's own files take (no quota). */
const platformUsage = async (tx: Tx) => {
  const result = await tx.execute(sql`
    SELECT coalesce(sum(size), 0)::float8 AS used, count(*)::int AS n
    FROM files WHERE tenant_id IS NULL AND deleted_at IS NULL`);
  const [row] = (result as unknown as { rows: { used: number; n: number }[] }).rows;
  return { usedBytes: Number(row?.used ?? 0), fileCount: Number(row?.n ?? 0), quotaBytes: null };
};

/** /resourceManagement: the platform's files and the active tenant's, each with its usage and references. */
export const fileAdminResources = (service: FileService): ResourceDefinition[] =>
  (['dmp', 'ump'] as AdminScope[]).map((scope) => ({
    declaration: scope === 'dmp' ? platformFilesResource : tenantFilesResource,
    store: storeOf(scope, service) as unknown as ResourceDefinition['store'],
    routes: (kit) => {
      const { app, base, tags, security, guard, read } = kit;
      if (scope === 'dmp') quotaRoutes(kit, service.settings.tenantQuotaBytes);
      const maxBytes = Object.fromEntries(
        FILE_PURPOSES.map((purpose) => [purpose, service.maxBytesOf(purpose)]),
      );
      app.get(
        `${base}/usage`,
        {
          ...guard('file:list'),
          schema: {
            tags,
            summary:
              scope === 'dmp'
                ? "What the platform's own files take"
                : "The active tenant's storage in use and its quota",
            security,
            response: { 200: envelopeSchema(fileUsageSchema) },
          },
        },
        async (request) => {
          const usage = await read(request, async (tx, ctx) => {
            const tenantId = ctx.operator.tenantId;
            if (tenantId === null) return platformUsage(tx);
            const own = await repo.usage(tx, tenantId);
            return { ...own, quotaBytes: own.quotaBytes ?? service.settings.tenantQuotaBytes };
          });
          return ok({
            ...usage,
            orphanGraceHours: service.settings.orphanGraceHours,
            maxBytes: maxBytes as Record<(typeof FILE_PURPOSES)[number], number>,
          });
        },
      );
      app.get(
        `${base}/:id/references`,
        {
          ...guard('file:list'),
          schema: {
            tags,
            summary: 'The records that use a file (while any does, it cannot be deleted)',
            security,
            params: z.object({ id: fileIdSchema }),
            response: { 200: envelopeSchema(z.array(fileReferenceSchema)) },
          },
        },
        async (request) =>
          ok(
            await read(request, async (tx) => {
              const [file] = await tx
                .select({ id: files.id })
                .from(files)
                .where(and(eq(files.id, request.params.id), ...ownedBy(scope)));
              if (!file) throw new AppError('FILE_NOT_FOUND');
              const references = await repo.referencesOf(tx, file.id);
              return references.map((ref) => ({ ...ref, createdAt: ref.createdAt.toISOString() }));
            }),
          ),
      );
    },
  }));
