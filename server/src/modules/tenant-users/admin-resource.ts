import {
  envelopeSchema,
  type TenantUserBatch,
  type TenantUserRow,
  tenantRoleOptionSchema,
  tenantUserBatchSchema,
  tenantUserSessionSchema,
  tenantUsersResource,
} from '@uniwim/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { diffChanges, recordOperation } from '../../platform/admin/operation-log';
import type {
  AdminContext,
  ResourceDefinition,
  ResourceRouteKit,
} from '../../platform/admin/resource-routes';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { assertMayGiveRoles, assertMayReach, assertNotOwnRoles } from '../roles/delegation';
import { tenantUsersRepo as repo } from './repo';
import { createTenantUserStore, type TenantUserDeps, type TenantUserStore } from './store';

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The permission each batch action needs (the route itself is guarded by user:list). */
const BATCH_PERMISSION: Record<TenantUserBatch['action'], string> = {
  enable: 'user:enable',
  disable: 'user:enable',
  'add-role': 'user:assign-roles',
  'remove-role': 'user:assign-roles',
  move: 'user:update',
};

/**
 * Reads and writes of the resource's own routes, in the operator's scope; work queued with
 * afterCommit runs once the transaction has committed (a failed write queues nothing).
 */
const writeIn = async <T>(
  kit: ResourceRouteKit,
  request: FastifyRequest,
  work: (tx: Tx, ctx: AdminContext) => Promise<T>,
) => {
  const pending: (() => Promise<unknown>)[] = [];
  const result = await kit.read(request, (tx, ctx) =>
    work(tx, { ...ctx, afterCommit: (job) => pending.push(job) }),
  );
  await Promise.all(pending.map((job) => job()));
  return result;
};

const logged = (
  tx: Tx,
  ctx: AdminContext,
  action: string,
  before: TenantUserRow,
  after: TenantUserRow | undefined,
) =>
  recordOperation(tx, {
    tenantId: ctx.operator.tenantId,
    operatorId: ctx.operator.accountId,
    operatorName: ctx.operator.name,
    resource: tenantUsersResource.name,
    recordId: before.id,
    recordLabel: before.username,
    action,
    changes: diffChanges(before, after, new Set()),
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    requestId: ctx.requestId,
  });

/** Batch actions on selected members: each is checked and written, all in one transaction or none. */
const runBatch = async (store: TenantUserStore, tx: Tx, ctx: AdminContext, body: TenantUserBatch) => {
  const code = BATCH_PERMISSION[body.action];
  if (!ctx.operator.codes.has(code)) throw new AppError('FORBIDDEN', `没有该批量操作的权限（${code}）`);
  const ids = [...new Set(body.ids)];
  const rows = [];
  for (const id of ids) rows.push(await store.visible(tx, id, ctx));
  const tenantId = ctx.operator.tenantId!;
  switch (body.action) {
    case 'enable':
    case 'disable':
      await store.setStatus(tx, rows, body.action === 'enable' ? 'active' : 'disabled', ctx);
      break;
    case 'move':
      if (!body.departmentId)
        throw new AppError('VALIDATION_FAILED', '请选择目标部门', [
          { path: 'body.departmentId', message: '请选择目标部门' },
        ]);
      for (const row of rows) await store.move(tx, row, body.departmentId, ctx);
      break;
    case 'add-role':
    case 'remove-role': {
      if (!body.roleId)
        throw new AppError('VALIDATION_FAILED', '请选择角色', [
          { path: 'body.roleId', message: '请选择角色' },
        ]);
      const [roleId] = await repo.resolveRoles(tx, { ids: [body.roleId] });
      assertNotOwnRoles(ctx, ids);
      await assertMayReach(tx, ctx, ids);
      if (body.action === 'add-role') {
        await assertMayGiveRoles(tx, ctx, [roleId!], 'body.roleId');
        await repo.addRole(tx, tenantId, ids, roleId!);
      } else {
        if (await repo.includesAdminRole(tx, [roleId!]))
          await store.protect(tx, ctx, rows, '取消管理员角色：');
        await repo.removeRole(tx, tenantId, ids, roleId!);
      }
      for (const row of rows) await repo.updateMember(tx, row.id, row.version, {});
      break;
    }
  }
  for (const row of rows)
    await logged(
      tx,
      ctx,
      `batch-${body.action}`,
      row,
      await store.visible(tx, row.id, ctx).catch(() => undefined),
    );
  return { changed: rows.length };
};

export const tenantUserAdminResource = (deps: TenantUserDeps): ResourceDefinition => {
  const store = createTenantUserStore(deps);
  return {
    declaration: tenantUsersResource,
    store: store as unknown as ResourceDefinition['store'],
    routes: (kit) => {
      const { app, base, tags, security, guard } = kit;
      app.post(
        `${base}/batch`,
        {
          ...guard('user:list'),
          schema: {
            tags,
            summary: 'Batch: enable, disable, add or remove a role, move department; all or none',
            security,
            body: tenantUserBatchSchema,
            response: { 200: envelopeSchema(z.object({ changed: z.number().int() })) },
          },
        },
        async (request) =>
          ok(await writeIn(kit, request, (tx, ctx) => runBatch(store, tx, ctx, request.body)), '操作成功'),
      );

      app.get(
        `${base}/role-options`,
        {
          ...guard('user:list'),
          schema: {
            tags,
            summary: "The tenant's roles, for the user form's picker and the role filter",
            security,
            querystring: z.strictObject({}),
            response: { 200: envelopeSchema(z.array(tenantRoleOptionSchema)) },
          },
        },
        async (request) => ok(await kit.read(request, (tx) => repo.roleOptions(tx))),
      );

      app.get(
        `${base}/:id/sessions`,
        {
          ...guard('user:sessions'),
          schema: {
            tags,
            summary: "A member's live sessions in this tenant",
            security,
            params: idParams,
            response: { 200: envelopeSchema(z.array(tenantUserSessionSchema)) },
          },
        },
        async (request) =>
          ok(
            await kit.read(request, async (tx, ctx) => {
              await store.visible(tx, request.params.id, ctx);
              const rows = await repo.liveSessions(tx, ctx.operator.tenantId!, request.params.id);
              return rows.map((s) => ({
                ...s,
                createdAt: s.createdAt.toISOString(),
                accessExpiresAt: s.accessExpiresAt.toISOString(),
              }));
            }),
          ),
      );

      app.delete(
        `${base}/:id/sessions/:sessionId`,
        {
          ...guard('user:sessions'),
          schema: {
            tags,
            summary: "Ends one of a member's sessions in this tenant",
            security,
            params: idParams.extend({ sessionId: z.string().trim().min(1).max(100) }),
            response: { 200: envelopeSchema(z.object({ ended: z.boolean() })) },
          },
        },
        async (request) =>
          ok(
            await writeIn(kit, request, async (tx, ctx) => {
              const row = await store.visible(tx, request.params.id, ctx);
              await assertMayReach(tx, ctx, [row.id]);
              const family = await repo.sessionFamily(
                tx,
                ctx.operator.tenantId!,
                row.id,
                request.params.sessionId,
              );
              if (!family) throw new AppError('NOT_FOUND', '会话不存在');
              await logged(tx, ctx, 'end-session', row, row);
              ctx.afterCommit(() => deps.endSession(family));
              return { ended: true };
            }),
            '已下线',
          ),
      );
    },
  };
};
