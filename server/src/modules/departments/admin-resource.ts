import {
  type DepartmentCreate,
  type DepartmentMove,
  type DepartmentRow,
  type DepartmentUpdate,
  departmentsResource,
  departmentTreeNodeSchema,
  envelopeSchema,
} from '@uniwim/contracts';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { movedPlace, moveProblem } from './move-rules';
import { departmentsRepo as repo } from './repo';
import { departments } from './schema';
import { childPath, MAX_DEPARTMENT_DEPTH } from './tree-path';

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;

const parentOf = async (tx: Tx, id: string) => {
  const parent = await repo.get(tx, id);
  if (!parent) {
    throw new AppError('NOT_FOUND', `上级部门不存在：${id}`, [
      { path: 'body.parentId', message: '上级部门不存在' },
    ]);
  }
  return parent;
};

const updateDepartment = (
  tx: Tx,
  id: string,
  version: number,
  values: Partial<typeof departments.$inferInsert>,
) =>
  // Departments are keyed by (tenant, id); the tenant's row-level security narrows it to one row.
  updateAtVersion(tx, departments as never, id, version, values as never);

export const createDepartmentStore = (deps: {
  /** The tree changed: data scopes and pickers read it again. */
  announceChange?(tenantId: string): Promise<void>;
}): ResourceStore<DepartmentRow, DepartmentCreate, DepartmentUpdate> => {
  const changed = (ctx: AdminContext) => {
    if (deps.announceChange) ctx.afterCommit(() => deps.announceChange!(tenantOf(ctx)));
  };
  return {
    label: (row) => row.name,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),

    create: async (tx, input, ctx) => {
      const parent = await parentOf(tx, input.parentId);
      if (parent.depth >= MAX_DEPARTMENT_DEPTH) {
        throw new AppError(
          'RULE_BROKEN',
          `部门最多${MAX_DEPARTMENT_DEPTH}级，不能在第${parent.depth}级部门下新增`,
        );
      }
      await repo.assertNameFree(tx, parent.id, input.name);
      if (input.leaderAccountId) await repo.assertMember(tx, input.leaderAccountId);
      const id = newId('d-');
      await tx.insert(departments).values({
        tenantId: tenantOf(ctx),
        id,
        parentId: parent.id,
        name: input.name,
        path: childPath(parent.path, id),
        depth: parent.depth + 1,
        sort: input.sort ?? parent.childCount,
        leaderAccountId: input.leaderAccountId ?? null,
        remark: input.remark ?? null,
      });
      changed(ctx);
      return (await repo.get(tx, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      if (input.name !== undefined && input.name !== row.name) {
        await repo.assertNameFree(tx, row.parentId, input.name, row.id);
      }
      if (input.leaderAccountId) await repo.assertMember(tx, input.leaderAccountId);
      await updateDepartment(tx, row.id, version, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.leaderAccountId === undefined ? {} : { leaderAccountId: input.leaderAccountId }),
        ...(input.remark === undefined ? {} : { remark: input.remark }),
      });
      changed(ctx);
      return (await repo.get(tx, row.id))!;
    },

    /** Only an empty department goes: the answer says how many members and children hold it. */
    remove: async (tx, row, ctx) => {
      if (row.parentId === null) throw new AppError('BUILTIN_RECORD', '根部门不能删除');
      const usage = await repo.usage(tx, row.id);
      if (usage.members > 0 || usage.children > 0) {
        throw new AppError(
          'IN_USE',
          `部门“${row.name}”下还有${usage.members}名用户、${usage.children}个下级部门，不能删除`,
          [{ path: 'id', message: JSON.stringify(usage) }],
        );
      }
      await tx
        .delete(departments)
        .where(and(eq(departments.id, row.id), eq(departments.version, row.version)));
      changed(ctx);
    },

    actions: {
      move: async (tx, row, body, ctx) => {
        const input = body as DepartmentMove;
        const target = await parentOf(tx, input.parentId);
        const height = await repo.subtreeHeight(tx, tenantOf(ctx), row.path, row.depth);
        const problem = moveProblem(row, target, height);
        if (problem) throw new AppError('RULE_BROKEN', problem);
        if (target.id !== row.parentId) await repo.assertNameFree(tx, target.id, row.name, row.id);
        const { depthShift } = movedPlace(row, target);
        await repo.moveSubtree(
          tx,
          tenantOf(ctx),
          { ...row, version: input.version ?? row.version },
          target,
          depthShift,
          input.sort,
        );
        changed(ctx);
        return undefined;
      },
      enable: async (tx, row, _body, ctx) => {
        await updateDepartment(tx, row.id, row.version, { status: 'active' });
        changed(ctx);
        return undefined;
      },
      disable: async (tx, row, _body, ctx) => {
        await updateDepartment(tx, row.id, row.version, { status: 'disabled' });
        changed(ctx);
        return undefined;
      },
    },
  };
};

export const departmentAdminResource = (
  deps: Parameters<typeof createDepartmentStore>[0] = {},
): ResourceDefinition => ({
  declaration: departmentsResource,
  store: createDepartmentStore(deps) as unknown as ResourceDefinition['store'],
  routes: ({ app, base, tags, security, guard, read }) => {
    app.get(
      `${base}/tree`,
      {
        ...guard('department:list'),
        schema: {
          tags,
          summary: "The tenant's whole department tree with member counts, parents before children",
          security,
          querystring: z.strictObject({}),
          response: { 200: envelopeSchema(z.array(departmentTreeNodeSchema)) },
        },
      },
      async (request) => ok(await read(request, (tx, ctx) => repo.tree(tx, tenantOf(ctx)))),
    );
  },
});
