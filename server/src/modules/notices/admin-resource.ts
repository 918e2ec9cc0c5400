import {
  envelopeSchema,
  type NoticeCreate,
  type NoticeRow,
  type NoticeUpdate,
  noticeIdParamsSchema,
  noticeReceiptsAnswerSchema,
  noticeReceiptsQuerySchema,
  noticesResource,
  noticeTimesProblem,
  type PlatformNoticeCreate,
  type PlatformNoticeRow,
  type PlatformNoticeUpdate,
  platformNoticesResource,
} from '@uniwim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import type { FileService } from '../files/service';
import { noticeAdminRepo as repo } from './admin-repo';
import { checkAudience } from './audience-check';
import { noticeReceipts } from './receipts';
import { type RemindDeps, remindUnread } from './remind';
import { hasVisibleContent, sanitizeHtml } from './sanitize-html';
import { noticeReads, notices, platformNotices } from './schema';

export const NOTICE_FILE_RESOURCE = 'notices';

export interface NoticeAdminDeps extends RemindDeps {
  files: Pick<FileService, 'use' | 'release'>;
  /** After a notice was published (now or for later) or revoked: the members' counts change. */
  announce(tenantId: string | null): Promise<void>;
}

const invalid = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path: `body.${path}`, message }]);

/** The body as kept: the sanitiser's answer, refused when nothing visible is left. */
const cleanBody = (body: string) => {
  const clean = sanitizeHtml(body);
  if (!hasVisibleContent(clean)) throw invalid('body', '请输入正文');
  return clean;
};

const checkTimes = (publishAt: string | null, expiresAt: string | null) => {
  const problem = noticeTimesProblem(publishAt, expiresAt);
  if (problem) throw invalid('expiresAt', problem);
};

type Table = typeof notices | typeof platformNotices;
type CommonRow = Pick<NoticeRow, 'id' | 'status' | 'publishAt' | 'expiresAt' | 'version' | 'title'>;
type CommonInput = Partial<PlatformNoticeCreate>;

/** The write rules the tenant's and the platform's notices share. */
const lifecycle = (table: Table, deps: NoticeAdminDeps, owner: (ctx: AdminContext) => string | null) => {
  const attach = (tx: Tx, ids: string[], recordId: string, ctx: AdminContext) =>
    deps.files.use(
      tx,
      ids,
      { resource: NOTICE_FILE_RESOURCE, recordId, field: 'attachments' },
      {
        owner: owner(ctx),
      },
    );

  const commonValues = async (tx: Tx, input: CommonInput, id: string, ctx: AdminContext) => ({
    ...(input.title === undefined ? {} : { title: input.title }),
    ...(input.type === undefined ? {} : { type: input.type }),
    ...(input.level === undefined ? {} : { level: input.level }),
    ...(input.body === undefined ? {} : { body: cleanBody(input.body) }),
    ...(input.attachmentIds === undefined
      ? {}
      : { attachments: await attach(tx, input.attachmentIds, id, ctx) }),
    ...(input.publishAt === undefined
      ? {}
      : { publishAt: input.publishAt ? new Date(input.publishAt) : null }),
    ...(input.expiresAt === undefined
      ? {}
      : { expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }),
    ...(input.pinned === undefined ? {} : { pinned: input.pinned }),
    ...(input.mustRead === undefined ? {} : { mustRead: input.mustRead }),
  });

  const announce = (ctx: AdminContext) => ctx.afterCommit(() => deps.announce(owner(ctx)));

  return {
    commonValues,
    createValues: async (tx: Tx, input: PlatformNoticeCreate, id: string, ctx: AdminContext) => {
      checkTimes(input.publishAt ?? null, input.expiresAt ?? null);
      const values = await commonValues(
        tx,
        { ...input, body: undefined, attachmentIds: input.attachmentIds ?? [] },
        id,
        ctx,
      );
      return {
        id,
        level: 'normal' as const,
        ...values,
        title: input.title,
        type: input.type,
        body: cleanBody(input.body),
        createdBy: ctx.operator.accountId,
        createdByName: ctx.operator.name,
      };
    },
    checkEditable: (row: CommonRow, input: CommonInput) => {
      if (row.status !== 'draft' && row.status !== 'scheduled') throw new AppError('NOTICE_NOT_EDITABLE');
      checkTimes(
        input.publishAt === undefined ? row.publishAt : input.publishAt,
        input.expiresAt === undefined ? row.expiresAt : input.expiresAt,
      );
    },
    remove: async (tx: Tx, row: CommonRow, ctx: AdminContext) => {
      if (row.status === 'published' || row.status === 'scheduled') throw new AppError('NOTICE_PUBLISHED');
      await deps.files.release(tx, { resource: NOTICE_FILE_RESOURCE, recordId: row.id });
      await tx.delete(noticeReads).where(eq(noticeReads.noticeId, row.id));
      const removed = await tx
        .delete(table)
        .where(and(eq(table.id, row.id), eq(table.version, row.version)))
        .returning({ id: table.id });
      if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
      if (row.status === 'expired') announce(ctx);
    },
    actions: {
      publish: async (tx: Tx, row: CommonRow, _body: unknown, ctx: AdminContext) => {
        if (row.status !== 'draft') throw new AppError('NOTICE_NOT_PUBLISHABLE');
        const now = Date.now();
        const publishAt =
          row.publishAt && Date.parse(row.publishAt) > now ? new Date(row.publishAt) : new Date(now);
        if (row.expiresAt && Date.parse(row.expiresAt) <= publishAt.getTime()) {
          throw new AppError('NOTICE_NOT_PUBLISHABLE', '失效时间已过，请先修改失效时间');
        }
        await updateAtVersion(tx, table, row.id, row.version, {
          status: 'published',
          publishAt,
          publishedAt: sql`now()`,
        } as never);
        announce(ctx);
        return undefined;
      },
      revoke: async (tx: Tx, row: CommonRow, _body: unknown, ctx: AdminContext) => {
        if (row.status !== 'published' && row.status !== 'scheduled' && row.status !== 'expired') {
          throw new AppError('NOTICE_NOT_REVOCABLE');
        }
        await updateAtVersion(tx, table, row.id, row.version, {
          status: 'revoked',
          revokedAt: sql`now()`,
        } as never);
        announce(ctx);
        return undefined;
      },
    },
  };
};

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;

const tenantStore = (deps: NoticeAdminDeps): ResourceStore<NoticeRow, NoticeCreate, NoticeUpdate> => {
  const rules = lifecycle(notices, deps, tenantOf);
  return {
    label: (row) => row.title,
    list: (tx, query, ctx) => repo.tenantList(tx, tenantOf(ctx), query),
    get: (tx, id, ctx) => repo.tenantOne(tx, tenantOf(ctx), id),
    create: async (tx, input, ctx) => {
      const id = newId('n-');
      const audience = await checkAudience(tx, tenantOf(ctx), input);
      await tx
        .insert(notices)
        .values({ tenantId: tenantOf(ctx), ...(await rules.createValues(tx, input, id, ctx)), ...audience });
      return (await repo.tenantOne(tx, tenantOf(ctx), id))!;
    },
    update: async (tx, row, input, version, ctx) => {
      rules.checkEditable(row, input);
      const audience = await checkAudience(tx, tenantOf(ctx), {
        audienceKind: input.audienceKind ?? row.audienceKind,
        departmentIds: input.departmentIds ?? row.departmentIds,
        includeSubDepartments: input.includeSubDepartments ?? row.includeSubDepartments,
        roleIds: input.roleIds ?? row.roleIds,
        accountIds: input.accountIds ?? row.accountIds,
      });
      await updateAtVersion(tx, notices, row.id, version, {
        ...(await rules.commonValues(tx, input, row.id, ctx)),
        ...audience,
      });
      return (await repo.tenantOne(tx, tenantOf(ctx), row.id))!;
    },
    remove: (tx, row, ctx) => rules.remove(tx, row, ctx),
    actions: { ...(rules.actions as ResourceStore<NoticeRow>['actions']), remind: remindUnread(deps) },
  };
};

const platformStore = (
  deps: NoticeAdminDeps,
): ResourceStore<PlatformNoticeRow, PlatformNoticeCreate, PlatformNoticeUpdate> => {
  const rules = lifecycle(platformNotices, deps, () => null);
  return {
    label: (row) => row.title,
    list: (tx, query) => repo.platformList(tx, query),
    get: (tx, id) => repo.platformOne(tx, id),
    create: async (tx, input, ctx) => {
      const id = newId('pn-');
      await tx.insert(platformNotices).values(await rules.createValues(tx, input, id, ctx));
      return (await repo.platformOne(tx, id))!;
    },
    update: async (tx, row, input, version, ctx) => {
      rules.checkEditable(row, input);
      await updateAtVersion(
        tx,
        platformNotices,
        row.id,
        version,
        await rules.commonValues(tx, input, row.id, ctx),
      );
      return (await repo.platformOne(tx, row.id))!;
    },
    remove: (tx, row, ctx) => rules.remove(tx, row, ctx),
    actions: rules.actions as ResourceStore<PlatformNoticeRow>['actions'],
  };
};

/** `GET …/notices/<id>/receipts`: who read it, who has not, and the read rate. */
const receiptsRoute =
  (kind: 'tenant' | 'platform'): ResourceDefinition['routes'] =>
  (kit) => {
    kit.app.get(
      `${kit.base}/:id/receipts`,
      {
        ...kit.guard(kind === 'tenant' ? 'notice:list' : 'platform-notice:list'),
        schema: {
          tags: kit.tags,
          summary: 'Read receipts of a notice: who read it (and confirmed), who has not, the read rate',
          security: kit.security,
          params: noticeIdParamsSchema,
          querystring: noticeReceiptsQuerySchema,
          response: { 200: envelopeSchema(noticeReceiptsAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await kit.read(request, async (tx, ctx) => {
            const tenantId = ctx.operator.tenantId;
            const found =
              kind === 'tenant'
                ? await repo.tenantOne(tx, tenantId!, request.params.id)
                : await repo.platformOne(tx, request.params.id);
            if (!found) throw new AppError('NOTICE_NOT_FOUND');
            return noticeReceipts(tx, { kind, noticeId: found.id, tenantId }, request.query);
          }),
        ),
    );
  };

/** `/ump/admin/notices` (the tenant's) and `/dmp/admin/notices` (the platform's, to every tenant). */
export const noticeAdminResources = (deps: NoticeAdminDeps): ResourceDefinition[] => [
  {
    declaration: noticesResource,
    store: tenantStore(deps) as unknown as ResourceDefinition['store'],
    routes: receiptsRoute('tenant'),
  },
  {
    declaration: platformNoticesResource,
    store: platformStore(deps) as unknown as ResourceDefinition['store'],
    routes: receiptsRoute('platform'),
  },
];
