import {
  envelopeSchema,
  idsBodySchema,
  listAnswerSchemaOf,
  listQuerySchemaOf,
  type ResourceDeclaration,
  versionedSchema,
} from '@uniwim/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Operator, PermissionService } from '../../modules/platform-access/service';
import type { Database, Tx } from '../db/database';
import { AppError } from '../errors';
import { ok } from '../http/envelope';
import { adminGuard, scopeOf } from './admin-guard';
import type { ListQuery } from './list-sql';
import { diffChanges, recordOperation } from './operation-log';
import { operationLogs } from './schema';
import { uniqueViolationError } from './unique-violation';

/** Who is writing, from where, and what to do once the write is committed. */
export interface AdminContext {
  operator: Operator;
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** Fields added to this request's answer only, never to the operation log (a password shown once). */
  answerExtra: Record<string, unknown>;
  /** Work that must follow the commit, never precede it: announcing to other instances, ending sessions. */
  afterCommit(work: () => Promise<unknown>): void;
}

type AnyRow = { id: string } & Record<string, unknown>;

/**
 * What a resource does in SQL, inside the transaction the framework opens in the right scope (the
 * platform's, or the active tenant's under row-level security). Guards throw typed AppErrors.
 */
export interface ResourceStore<Row extends AnyRow = AnyRow, Create = unknown, Update = unknown> {
  /** With `query.after`, a store that pages by keyset answers `nextAfter` (see ListQuery). */
  list(
    tx: Tx,
    query: ListQuery,
    ctx: AdminContext,
  ): Promise<{ items: Row[]; total: number; nextAfter?: unknown[] }>;
  get(tx: Tx, id: string, ctx: AdminContext): Promise<Row | undefined>;
  create?(tx: Tx, input: Create, ctx: AdminContext): Promise<Row>;
  /** Changes the record only if it is still at `version` (else VERSION_CONFLICT). */
  update?(tx: Tx, row: Row, input: Update, version: number, ctx: AdminContext): Promise<Row>;
  remove?(tx: Tx, row: Row, ctx: AdminContext): Promise<void>;
  actions?: Record<string, (tx: Tx, row: Row, body: unknown, ctx: AdminContext) => Promise<Row | undefined>>;
  /**
   * Slow reads a create or update needs (checking an uploaded file), done before its transaction
   * opens so no transaction waits on them; refuses bad input with a typed AppError.
   */
  prepare?(input: Create | Update): Promise<void>;
  /** How the record is named in confirmations and the operation log. */
  label(row: Row): string;
}

export interface ResourceDefinition<Row extends AnyRow = AnyRow> {
  declaration: ResourceDeclaration;
  // biome-ignore lint/suspicious/noExplicitAny: each store takes its own declared bodies
  store: ResourceStore<Row, any, any>;
  /** Routes only this resource needs (a form's tree, a preview), under the same guard and scope. */
  routes?(kit: ResourceRouteKit): void;
}

/** What a resource's own routes get from the framework: its base path, the guard, its scope. */
export interface ResourceRouteKit {
  app: Parameters<FastifyPluginAsyncZod>[0];
  /** `/{scope}/admin/<resource>` */
  base: string;
  tags: string[];
  security: { bearer: never[] }[];
  /** The token at onRequest, then the permission code before the input is looked at. */
  guard(code: string): Pick<RouteShorthandOptions, 'onRequest' | 'preValidation'>;
  /** Reads (no operation log) in a transaction in the operator's scope. */
  read<T>(request: FastifyRequest, work: (tx: Tx, ctx: AdminContext) => Promise<T>): Promise<T>;
}

export interface AdminFrameworkDeps {
  db: Database;
  permissions: PermissionService;
  auth: { required(request: FastifyRequest): Promise<void> };
  /** Tests only: called after a write and its operation-log row, inside their transaction. */
  faults?: { afterWrite?(resource: string, action: string): void };
}

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * The routes of one declared resource (shared/design/administration.md): list, read, create,
 * update with optimistic locking, delete, batch delete all or nothing, the declared actions and the
 * record's history. Each write and its operation-log row are one transaction.
 */
export const resourceRoutes =
  (deps: AdminFrameworkDeps, definition: ResourceDefinition): FastifyPluginAsyncZod =>
  async (app) => {
    const { declaration, store } = definition;
    const { scope, name, permissions } = declaration;
    const base = `/${scope}/admin/${name}`;
    const tags = [`admin: ${name}`];
    const secretFields = new Set(declaration.columns.filter((c) => c.secret).map((c) => c.key));
    const security = [{ bearer: [] }];

    const inScope = <T>(operator: Operator, work: (tx: Tx) => Promise<T>): Promise<T> =>
      scopeOf(deps.db, operator)(work);
    // Who may call a route is decided before its input is looked at (admin-guard.ts).
    const { guard, operatorOf } = adminGuard(deps, scope);

    const contextOf = (request: FastifyRequest) => {
      const pending: (() => Promise<unknown>)[] = [];
      const ctx: AdminContext = {
        operator: operatorOf(request),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        requestId: request.id,
        answerExtra: {},
        afterCommit: (work) => pending.push(work),
      };
      return { ctx, runAfterCommit: () => Promise.all(pending.map((work) => work())) };
    };

    /** One write: the change, its operation-log row and the injected fault (tests) in one transaction. */
    const write = async <T>(
      request: FastifyRequest,
      action: string,
      change: (
        tx: Tx,
        ctx: AdminContext,
      ) => Promise<{ result: T; records: [AnyRow | undefined, AnyRow | undefined][] }>,
    ): Promise<T> => {
      const { ctx, runAfterCommit } = contextOf(request);
      try {
        const result = await inScope(ctx.operator, async (tx) => {
          const { result, records } = await change(tx, ctx);
          for (const [before, after] of records) {
            const record = (after ?? before)!;
            await recordOperation(tx, {
              tenantId: ctx.operator.tenantId,
              operatorId: ctx.operator.accountId,
              operatorName: ctx.operator.name,
              resource: name,
              recordId: record.id,
              recordLabel: store.label(record),
              action,
              changes: diffChanges(before, after, secretFields),
              ip: ctx.ip,
              userAgent: ctx.userAgent,
              requestId: ctx.requestId,
            });
          }
          deps.faults?.afterWrite?.(name, action);
          return result;
        });
        await runAfterCommit();
        return result;
      } catch (error) {
        throw uniqueViolationError(error, declaration) ?? error;
      }
    };

    const found = async (tx: Tx, id: string, ctx: AdminContext) => {
      const row = await store.get(tx, id, ctx);
      if (!row) throw new AppError('NOT_FOUND', `${declaration.title.zh}不存在：${id}`);
      return row;
    };

    app.get(
      base,
      {
        ...guard(permissions.list),
        schema: {
          tags,
          summary: `List ${name} (one page, sorted and filtered as declared)`,
          security,
          querystring: listQuerySchemaOf(declaration),
          response: { 200: envelopeSchema(listAnswerSchemaOf(declaration.row)) },
        },
      },
      async (request) => {
        const { ctx } = contextOf(request);
        const query = request.query as ListQuery;
        const page = await inScope(ctx.operator, (tx) => store.list(tx, query, ctx));
        return ok({ ...page, page: query.page, pageSize: query.pageSize });
      },
    );

    app.get(
      `${base}/:id`,
      {
        ...guard(permissions.list),
        schema: {
          tags,
          summary: `One of ${name}, with its version`,
          security,
          params: idParams,
          errors: ['NOT_FOUND'],
          response: { 200: envelopeSchema(declaration.row) },
        },
      },
      async (request) => {
        const { ctx } = contextOf(request);
        return ok(await inScope(ctx.operator, (tx) => found(tx, request.params.id, ctx)));
      },
    );

    app.get(
      `${base}/:id/history`,
      {
        ...guard(permissions.list),
        schema: {
          tags,
          summary: `The operation log of one of ${name}, newest first`,
          security,
          params: idParams,
          response: { 200: envelopeSchema(z.array(operationLogRowSchema)) },
        },
      },
      async (request) => {
        const { ctx } = contextOf(request);
        return ok(await inScope(ctx.operator, (tx) => historyOf(tx, name, request.params.id)));
      },
    );

    if (store.create && declaration.create && permissions.create) {
      const create = store.create;
      app.post(
        base,
        {
          ...guard(permissions.create!),
          schema: {
            tags,
            summary: `Create one of ${name}`,
            security,
            body: declaration.create,
            errors: ['DUPLICATE'],
            response: { 200: envelopeSchema(declaration.createAnswer ?? declaration.row) },
          },
        },
        async (request) => {
          await store.prepare?.(request.body);
          return ok(
            await write(request, 'create', async (tx, ctx) => {
              const row = await create(tx, request.body, ctx);
              return { result: { ...row, ...ctx.answerExtra }, records: [[undefined, row]] };
            }),
            '新增成功',
          );
        },
      );
    }

    if (store.update && declaration.update && permissions.update) {
      const update = store.update;
      app.put(
        `${base}/:id`,
        {
          ...guard(permissions.update!),
          schema: {
            tags,
            summary: `Update one of ${name}; a stale version answers 409 VERSION_CONFLICT`,
            security,
            params: idParams,
            errors: ['NOT_FOUND', 'VERSION_CONFLICT', 'DUPLICATE'],
            body: declaration.update.extend(versionedSchema.shape).strict(),
            response: { 200: envelopeSchema(declaration.row) },
          },
        },
        async (request) => {
          const { version, ...input } = request.body as { version: number };
          await store.prepare?.(input);
          return ok(
            await write(request, 'update', async (tx, ctx) => {
              const before = await found(tx, request.params.id, ctx);
              const after = await update(tx, before, input, version, ctx);
              return { result: after, records: [[before, after]] };
            }),
            '保存成功',
          );
        },
      );
    }

    if (store.remove && permissions.delete) {
      const remove = store.remove;
      const removeAll = (request: FastifyRequest, ids: string[]) =>
        write(request, 'delete', async (tx, ctx) => {
          const records: [AnyRow, undefined][] = [];
          for (const id of ids) {
            const row = await found(tx, id, ctx);
            await remove(tx, row, ctx);
            records.push([row, undefined]);
          }
          return { result: { deleted: ids.length }, records };
        });
      app.delete(
        `${base}/:id`,
        {
          ...guard(permissions.delete!),
          schema: {
            tags,
            summary: `Delete one of ${name}${declaration.recycleBin ? ' (to the recycle bin)' : ''}`,
            security,
            params: idParams,
            errors: ['NOT_FOUND'],
            response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) },
          },
        },
        async (request) => ok(await removeAll(request, [request.params.id]), '删除成功'),
      );
      app.post(
        `${base}/batch-delete`,
        {
          ...guard(permissions.delete!),
          schema: {
            tags,
            summary: `Delete several of ${name}: all or none`,
            security,
            body: idsBodySchema,
            errors: ['NOT_FOUND'],
            response: { 200: envelopeSchema(z.object({ deleted: z.number().int() })) },
          },
        },
        async (request) => ok(await removeAll(request, [...new Set(request.body.ids)]), '删除成功'),
      );
    }

    definition.routes?.({
      app,
      base,
      tags,
      security,
      guard,
      read: (request, work) => {
        const { ctx } = contextOf(request);
        return inScope(ctx.operator, (tx) => work(tx, ctx));
      },
    });

    for (const [verb, action] of Object.entries(declaration.actions ?? {})) {
      const run = store.actions?.[verb];
      if (!run) throw new Error(`${name}: action ${verb} is declared but the store has none`);
      app.post(
        `${base}/:id/${verb}`,
        {
          ...guard(action.permission),
          schema: {
            tags,
            summary: `${action.title.en} (${name})`,
            security,
            params: idParams,
            errors: ['NOT_FOUND', 'DUPLICATE'],
            body: (action.body ?? z.strictObject({})).optional(),
            response: { 200: envelopeSchema(action.answer ?? declaration.row) },
          },
        },
        async (request) =>
          ok(
            await write(request, verb, async (tx, ctx) => {
              const before = await found(tx, request.params.id, ctx);
              const after =
                (await run(tx, before, request.body ?? {}, ctx)) ?? (await store.get(tx, before.id, ctx));
              return { result: { ...(after ?? before), ...ctx.answerExtra }, records: [[before, after]] };
            }),
            '操作成功',
          ),
      );
    }
  };

export const operationLogRowSchema = z.object({
  id: z.string(),
  action: z.string(),
  operatorName: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  ip: z.string().nullable(),
  createdAt: z.string(),
});

const historyOf = async (tx: Tx, resource: string, recordId: string) => {
  const rows = await tx
    .select()
    .from(operationLogs)
    .where(and(eq(operationLogs.resource, resource), eq(operationLogs.recordId, recordId)))
    .orderBy(desc(operationLogs.createdAt), desc(operationLogs.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    operatorName: row.operatorName,
    changes: row.changes as Record<string, { before: unknown; after: unknown }>,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  }));
};
