import {
  effectivePermissionsQuerySchema,
  effectivePermissionsSchema,
  envelopeSchema,
  memberOptionsQuerySchema,
  permissionHasScope,
  type RoleUsersBody,
  roleDepartmentOptionSchema,
  roleGrantTreeSchema,
  roleMemberSchema,
  roleMembersAnswerSchema,
  roleMembersQuerySchema,
  type TenantRoleCreate,
  type TenantRoleRow,
  type TenantRoleUpdate,
  tenantRolesResource,
} from '@uniwim/contracts';
import { z } from 'zod';
import { roles } from '../../db/schema';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { maskMobile } from '../auth/request-context';
import { assertMayGiveRoles, assertMayGrant, assertMayReach, assertNotOwnRoles } from './delegation';
import { readEffectivePermissions } from './effective';
import { buildGrantTree } from './grant-tree';
import { rolesRepo as repo } from './repo';

export interface TenantRoleDeps {
  /** The triggers bumped the tenant's menu version: every instance drops its menu trees now. */
  announceMenuChange(tenantId: string): Promise<void>;
  /** Members gained or lost a role: their cached "isAdmin" (GET /ump/currUserInfo) may be out of date. */
  holdersChanged(): void;
}

const tenantOf = (ctx: AdminContext): string => {
  if (!ctx.operator.tenantId) throw new AppError('FORBIDDEN', '请先切换到要管理的租户');
  return ctx.operator.tenantId;
};

/** Only tenant codes of the catalogue may be granted by a tenant role. */
const checkedCodes = (codes: string[]): string[] => {
  const unknown = codes.filter((code) => !permissionHasScope(code, 'tenant'));
  if (unknown.length > 0) {
    throw new AppError('BAD_REQUEST', `未知的租户权限码：${unknown.join('、')}`, [
      { path: 'body.permissions', message: '未知的租户权限码' },
    ]);
  }
  return [...new Set(codes)].sort();
};

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((item) => right.has(item));
};

/**
 * Whether the input changes what the role grants (menus, codes, scope). Forms send every field, so
 * an unchanged grant is no change: editing a role's remark needs neither role:grant nor a
 * non-built-in role.
 */
const changesGrants = (input: TenantRoleCreate | TenantRoleUpdate, row?: TenantRoleRow) => {
  if (!row) {
    return (
      (input.menuIds?.length ?? 0) > 0 ||
      (input.permissions?.length ?? 0) > 0 ||
      (input.dataScope ?? 'all') !== 'all' ||
      (input.departmentIds?.length ?? 0) > 0
    );
  }
  const scope = input.dataScope ?? row.dataScope;
  return (
    (input.menuIds !== undefined && !sameSet(input.menuIds, row.menuIds)) ||
    (input.permissions !== undefined && !sameSet(input.permissions, row.permissions)) ||
    scope !== row.dataScope ||
    (scope === 'custom' &&
      input.departmentIds !== undefined &&
      !sameSet(input.departmentIds, row.departmentIds))
  );
};

/** Menus, codes and scope are granted with role:grant, on top of role:create or role:update. */
const mayGrant = (ctx: AdminContext) => {
  if (!ctx.operator.codes.has('role:grant')) {
    throw new AppError('FORBIDDEN', '没有访问权限：缺少权限 role:grant', { missingPermission: 'role:grant' });
  }
};

const inUse = (row: TenantRoleRow, what: string) =>
  new AppError('IN_USE', `该角色正被 ${row.holders} 名用户使用，无法${what}`, { holders: row.holders });

const unique = (ids: string[]) => [...new Set(ids)];

const nameTaken = () =>
  new AppError('DUPLICATE', '角色名称已存在', [{ path: 'body.name', message: '角色名称已存在' }]);

export const createTenantRoleStore = (
  deps: TenantRoleDeps,
): ResourceStore<TenantRoleRow, TenantRoleCreate, TenantRoleUpdate> => {
  const menusChanged = (ctx: AdminContext) => {
    const tenantId = tenantOf(ctx);
    ctx.afterCommit(() => deps.announceMenuChange(tenantId));
  };

  /** A custom scope names its departments; any other scope keeps none. */
  const saveScope = async (
    tx: Tx,
    ctx: AdminContext,
    id: string,
    input: TenantRoleCreate | TenantRoleUpdate,
    current?: TenantRoleRow,
  ) => {
    const scope = input.dataScope ?? current?.dataScope ?? 'all';
    if (input.dataScope === undefined && input.departmentIds === undefined) return;
    const departmentIds =
      scope === 'custom' ? unique(input.departmentIds ?? current?.departmentIds ?? []) : [];
    if (scope === 'custom' && departmentIds.length === 0) {
      throw new AppError('BAD_REQUEST', '自定义数据范围请至少选择一个部门', [
        { path: 'body.departmentIds', message: '请至少选择一个部门' },
      ]);
    }
    await repo.replaceDepartments(tx, tenantOf(ctx), id, departmentIds);
  };

  const found = async (tx: Tx, id: string) => {
    const row = await repo.get(tx, id);
    if (!row) throw new AppError('ROLE_NOT_FOUND');
    return row;
  };

  return {
    label: (row) => row.name,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),

    create: async (tx, input, ctx) => {
      if (changesGrants(input)) {
        mayGrant(ctx);
        await assertMayGrant(tx, ctx, { codes: input.permissions ?? [], menuIds: input.menuIds ?? [] });
      }
      if (await repo.codeTaken(tx, input.code)) {
        throw new AppError('DUPLICATE', '角色编码已存在', [{ path: 'body.code', message: '角色编码已存在' }]);
      }
      if (await repo.nameTaken(tx, input.name)) throw nameTaken();
      const tenantId = tenantOf(ctx);
      const id = newId('role-');
      await repo.insert(tx, {
        tenantId,
        id,
        code: input.code,
        name: input.name,
        sort: input.sort ?? 0,
        remark: input.remark ?? null,
        dataScope: input.dataScope ?? 'all',
        permissions: checkedCodes(input.permissions ?? []),
      });
      await saveScope(tx, ctx, id, input);
      if (input.menuIds?.length) {
        await repo.replaceMenus(tx, tenantId, id, unique(input.menuIds));
        menusChanged(ctx);
      }
      return found(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      const grantsChange = changesGrants(input, row);
      if (grantsChange) {
        mayGrant(ctx);
        // The role as it will be is within the operator's rights: no code or menu they lack.
        await assertMayGrant(tx, ctx, {
          codes: input.permissions ?? row.permissions,
          menuIds: input.menuIds ?? row.menuIds,
        });
      }
      if (row.builtin && input.name !== undefined && input.name !== row.name) {
        throw new AppError('BUILTIN_RECORD', '内置角色不能改名');
      }
      if (
        input.name !== undefined &&
        input.name !== row.name &&
        (await repo.nameTaken(tx, input.name, row.id))
      ) {
        throw nameTaken();
      }
      if (row.isAdmin && grantsChange) {
        throw new AppError('BUILTIN_RECORD', '租户管理员角色拥有全部权限，不能修改授权');
      }
      if (!grantsChange) {
        // Nothing granted changes: the stored grants stay as they are (and the menu trees too).
        input = {
          ...input,
          menuIds: undefined,
          permissions: undefined,
          dataScope: undefined,
          departmentIds: undefined,
        };
      }
      await updateAtVersion(tx, roles, row.id, version, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.sort === undefined ? {} : { sort: input.sort }),
        ...(input.remark === undefined ? {} : { remark: input.remark }),
        ...(input.dataScope === undefined ? {} : { dataScope: input.dataScope }),
        ...(input.permissions === undefined ? {} : { permissions: checkedCodes(input.permissions) }),
      });
      await saveScope(tx, ctx, row.id, input, row);
      // The codes decide whether holders may open the admin console (their cached "isAdmin").
      if (input.permissions !== undefined) ctx.afterCommit(async () => deps.holdersChanged());
      if (input.menuIds !== undefined) {
        await repo.replaceMenus(tx, tenantOf(ctx), row.id, unique(input.menuIds));
        menusChanged(ctx);
      }
      return found(tx, row.id);
    },

    remove: async (tx, row, ctx) => {
      if (row.builtin || row.isAdmin) throw new AppError('BUILTIN_RECORD', '内置角色不能删除');
      if (row.holders > 0) throw inUse(row, '删除');
      await repo.remove(tx, row.id);
      menusChanged(ctx);
    },

    actions: {
      enable: async (tx, row, _body, ctx) => {
        await updateAtVersion(tx, roles, row.id, row.version, { status: 'active' });
        menusChanged(ctx);
        ctx.afterCommit(async () => deps.holdersChanged());
        return undefined;
      },
      disable: async (tx, row, _body, ctx) => {
        if (row.builtin || row.isAdmin) throw new AppError('BUILTIN_RECORD', '内置角色不能停用');
        if (row.holders > 0) throw inUse(row, '停用');
        await updateAtVersion(tx, roles, row.id, row.version, { status: 'disabled' });
        menusChanged(ctx);
        return undefined;
      },
      'add-users': async (tx, row, body, ctx) => {
        const { accountIds } = body as RoleUsersBody;
        assertNotOwnRoles(ctx, accountIds);
        await assertMayGiveRoles(tx, ctx, [row.id], 'body.accountIds');
        await assertMayReach(tx, ctx, accountIds);
        await repo.addHolders(tx, tenantOf(ctx), row.id, unique(accountIds));
        menusChanged(ctx);
        ctx.afterCommit(async () => deps.holdersChanged());
        return undefined;
      },
      'remove-users': async (tx, row, body, ctx) => {
        const { accountIds } = body as RoleUsersBody;
        assertNotOwnRoles(ctx, accountIds);
        await assertMayGiveRoles(tx, ctx, [row.id], 'body.accountIds');
        await assertMayReach(tx, ctx, accountIds);
        await repo.removeHolders(tx, row.id, unique(accountIds));
        if (row.isAdmin && (await repo.activeAdmins(tx)) === 0) throw new AppError('LAST_TENANT_ADMIN');
        menusChanged(ctx);
        ctx.afterCommit(async () => deps.holdersChanged());
        return undefined;
      },
    },
  };
};

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

export const tenantRoleAdminResource = (deps: TenantRoleDeps): ResourceDefinition => ({
  declaration: tenantRolesResource,
  store: createTenantRoleStore(deps) as unknown as ResourceDefinition['store'],
  routes: ({ app, base, tags, security, guard, read }) => {
    app.get(
      `${base}/grant-tree`,
      {
        ...guard('role:list'),
        schema: {
          tags,
          summary: "The tree a role's grants are picked from",
          description:
            "The tenant's entitled applications with their menu items (`menuId`, stored in role_menu_grants), " +
            "then the admin console's tenant pages with one button per permission code (`permission`, stored " +
            "in the role's permissions).",
          security,
          response: { 200: envelopeSchema(roleGrantTreeSchema) },
        },
      },
      async (request) =>
        ok(
          await read(request, async (tx, ctx) => {
            const rows = await repo.grantTreeRows(tx, tenantOf(ctx));
            return { nodes: buildGrantTree(rows.applications, rows.menus, rows.consoleItems) };
          }),
        ),
    );

    app.get(
      `${base}/department-options`,
      {
        ...guard('role:list'),
        schema: {
          tags,
          summary: "The tenant's departments, for a custom data scope's picker",
          security,
          response: { 200: envelopeSchema(z.array(roleDepartmentOptionSchema)) },
        },
      },
      async (request) => ok(await read(request, (tx) => repo.departmentOptions(tx))),
    );

    app.get(
      `${base}/member-options`,
      {
        ...guard('role:list'),
        schema: {
          tags,
          summary: 'Members of the tenant for a picker (20 at most), searched by account, name or mobile',
          security,
          querystring: memberOptionsQuerySchema,
          response: { 200: envelopeSchema(z.array(roleMemberSchema)) },
        },
      },
      async (request) =>
        ok(
          await read(request, async (tx, ctx) => {
            const members = await repo.memberOptions(tx, request.query.q, request.query.notInRole);
            return members.map((m) => ({ ...m, mobile: shownMobile(ctx, m.mobile) }));
          }),
        ),
    );

    app.get(
      `${base}/effective-permissions`,
      {
        ...guard('role:effective-permissions'),
        schema: {
          tags,
          summary:
            "A member's effective menus, permission codes and data scope, and the roles they come from",
          description:
            'Disabled roles and a disabled membership grant nothing. Not a member: 404 MEMBER_NOT_FOUND.',
          security,
          querystring: effectivePermissionsQuerySchema,
          response: { 200: envelopeSchema(effectivePermissionsSchema) },
        },
      },
      async (request) =>
        ok(await read(request, (tx) => readEffectivePermissions(tx, request.query.accountId))),
    );

    app.get(
      `${base}/:id/users`,
      {
        ...guard('role:list'),
        schema: {
          tags,
          summary: 'The members holding a role (searched by account, name or mobile)',
          security,
          params: idParams,
          querystring: roleMembersQuerySchema,
          response: { 200: envelopeSchema(roleMembersAnswerSchema) },
        },
      },
      async (request) =>
        ok(
          await read(request, async (tx, ctx) => {
            if (!(await repo.get(tx, request.params.id))) throw new AppError('ROLE_NOT_FOUND');
            const { q, page, pageSize } = request.query;
            const { items, total } = await repo.holders(tx, request.params.id, q, page, pageSize);
            return {
              items: items.map((m) => ({ ...m, mobile: shownMobile(ctx, m.mobile) })),
              total,
              page,
              pageSize,
            };
          }),
        ),
    );
  },
});

const shownMobile = (ctx: AdminContext, mobile: string | null) =>
  mobile === null ? null : ctx.operator.codes.has('user:view-mobile') ? mobile : maskMobile(mobile);
