import {
  envelopeSchema,
  type PackageCreate,
  type PackageImpact,
  type PackageRow,
  type PackageUpdate,
  packageImpactBodySchema,
  packageImpactSchema,
  packageMenuTreeSchema,
  packagesResource,
} from '@uniwim/contracts';
import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordOperation } from '../../platform/admin/operation-log';
import type {
  AdminContext,
  ResourceDefinition,
  ResourceRouteKit,
  ResourceStore,
} from '../../platform/admin/resource-routes';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { ok } from '../../platform/http/envelope';
import { packagesAdminRepo as repo } from './admin-repo';
import {
  applyEntitlements,
  countHolders,
  currentPackageMenus,
  holdersOf,
  roleGrantsOf,
} from './entitlements';
import { allowedBeforeAndAfter, type HolderState, tenantImpact } from './impact';
import { packages } from './schema';
import type { TenantPackagesDeps } from './tenant-packages';

const holderStates = async (tx: Tx, packageId: string): Promise<HolderState[]> => {
  const holders = await holdersOf(tx, packageId);
  const tenantIds = holders.map((h) => h.tenantId);
  const [menus, roles] = await Promise.all([currentPackageMenus(tx, tenantIds), roleGrantsOf(tx, tenantIds)]);
  return holders.map((holder) => ({
    ...holder,
    packageMenus: menus.get(holder.tenantId) ?? new Map(),
    roles: roles.get(holder.tenantId) ?? [],
  }));
};

/** What saving `proposed` as the package's menu set would change, tenant by tenant. */
const impactOf = async (tx: Tx, row: PackageRow, proposed: string[]): Promise<PackageImpact> => {
  const next = new Set(proposed);
  const was = new Set(row.menuIds);
  const holders = await holderStates(tx, row.id);
  const involved = new Set([...next, ...was]);
  for (const holder of holders) {
    for (const menus of holder.packageMenus.values()) for (const id of menus) involved.add(id);
    for (const role of holder.roles) for (const id of role.menuIds) involved.add(id);
  }
  const names = await repo.menuNames(tx, [...involved]);
  const name = (id: string) => ({ id, name: names.get(id) ?? id });
  return {
    packageId: row.id,
    added: proposed.filter((id) => !was.has(id)).map(name),
    removed: row.menuIds.filter((id) => !next.has(id)).map(name),
    tenants: holders.map((holder) => tenantImpact(holder, row.id, next, name)),
  };
};

/**
 * Applies a package's new menu set to every tenant holding it, in the update's transaction, and
 * records in each tenant's history what it may use before and after.
 */
const propagate = async (
  tx: Tx,
  deps: TenantPackagesDeps,
  packageId: string,
  holders: readonly HolderState[],
  proposed: string[],
  ctx: AdminContext,
) => {
  for (const holder of holders) {
    const { before, after } = allowedBeforeAndAfter(holder, packageId, new Set(proposed));
    await applyEntitlements(tx, holder.tenantId);
    ctx.afterCommit(() => deps.announceMenuChange(holder.tenantId));
    const sortedBefore = [...before].sort();
    const sortedAfter = [...after].sort();
    if (JSON.stringify(sortedBefore) === JSON.stringify(sortedAfter)) continue;
    await recordOperation(tx, {
      // The tenant's own history shows what happened to it; the request id ties it to the package's row.
      tenantId: holder.tenantId,
      operatorId: ctx.operator.accountId,
      operatorName: ctx.operator.name,
      resource: 'tenants',
      recordId: holder.tenantId,
      recordLabel: holder.tenantName,
      action: 'package-sync',
      changes: { menuIds: { before: sortedBefore, after: sortedAfter } },
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      requestId: ctx.requestId,
    });
  }
};

/** A disabled package cannot be given to a tenant, so it cannot be the one new tenants are given. */
const assertDefaultIsActive = (isDefault: boolean, status: PackageRow['status']) => {
  if (isDefault && status !== 'active') {
    const message = '停用的套餐不能作为新租户的默认套餐';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'body.isDefault', message }]);
  }
};

/** Makes `id` the default of new tenants: the package that was the default no longer is. */
const becomeDefault = async (tx: Tx, id: string) => {
  await tx
    .update(packages)
    .set({ isDefault: false, version: sql`${packages.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(packages.isDefault, true), ne(packages.id, id)));
  await tx.update(packages).set({ isDefault: true }).where(eq(packages.id, id));
};

export const createPackageAdminStore = (
  deps: TenantPackagesDeps,
): ResourceStore<PackageRow, PackageCreate, PackageUpdate> => {
  const reread = async (tx: Tx, id: string) => (await repo.get(tx, id))!;
  return {
    label: (row) => row.name,
    list: (tx, query) => repo.list(tx, query),
    get: (tx, id) => repo.get(tx, id),

    create: async (tx, input) => {
      assertDefaultIsActive(input.isDefault === true, input.status ?? 'active');
      const menuIds = await repo.normaliseMenus(tx, input.menuIds);
      const id = newId('pkg-');
      await tx.insert(packages).values({
        id,
        name: input.name,
        remark: input.remark ?? null,
        status: input.status ?? 'active',
      });
      await repo.replaceMenus(tx, id, menuIds);
      if (input.isDefault) await becomeDefault(tx, id);
      return reread(tx, id);
    },

    update: async (tx, row, input, version, ctx) => {
      assertDefaultIsActive(input.isDefault ?? row.isDefault, input.status ?? row.status);
      await repo.updateAtVersion(tx, row.id, version, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.remark === undefined ? {} : { remark: input.remark }),
        ...(input.status === undefined ? {} : { status: input.status }),
        ...(input.isDefault === false ? { isDefault: false } : {}),
      });
      if (input.isDefault === true && !row.isDefault) await becomeDefault(tx, row.id);
      if (input.menuIds) {
        const menuIds = await repo.normaliseMenus(tx, input.menuIds);
        // What the tenants may use now is read before the package's items change.
        const holders = await holderStates(tx, row.id);
        await repo.replaceMenus(tx, row.id, menuIds);
        await propagate(tx, deps, row.id, holders, menuIds, ctx);
      }
      return reread(tx, row.id);
    },

    /** A package some tenant holds cannot go: the answer says how many hold it. */
    remove: async (tx, row) => {
      // Locked, then counted: a tenant being given the package meanwhile is counted, not lost to
      // the foreign key (set-packages reads the packages it gives FOR KEY SHARE).
      await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, row.id)).for('update');
      const tenants = await countHolders(tx, row.id);
      if (tenants > 0) {
        throw new AppError('IN_USE', `套餐“${row.name}”正在被${tenants}个租户使用，不能删除`, {
          packageId: row.id,
          tenants,
        });
      }
      await tx.delete(packages).where(eq(packages.id, row.id));
    },

    actions: {
      enable: async (tx, row) => {
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'active' });
        return reread(tx, row.id);
      },
      disable: async (tx, row) => {
        if (row.isDefault) {
          throw new AppError(
            'CONFLICT',
            `套餐“${row.name}”是新租户的默认套餐，请先取消默认或将其他套餐设为默认后再停用`,
          );
        }
        await repo.updateAtVersion(tx, row.id, row.version, { status: 'disabled' });
        return reread(tx, row.id);
      },
    },
  };
};

const idParams = z.object({ id: z.string().trim().min(1).max(100) });

/** The package form's catalogue tree, and the impact preview before a menu change is saved. */
const packageRoutes = ({ app, base, tags, security, guard, read }: ResourceRouteKit) => {
  app.get(
    `${base}/menu-tree`,
    {
      ...guard(packagesResource.permissions.list),
      schema: {
        tags,
        summary: 'Applications with their menu item trees, for the package form',
        security,
        response: { 200: envelopeSchema(packageMenuTreeSchema) },
      },
    },
    async (request) => ok(await read(request, (tx) => repo.menuTree(tx))),
  );

  app.post(
    `${base}/:id/impact`,
    {
      ...guard(packagesResource.permissions.update!),
      schema: {
        tags,
        summary:
          'What saving this menu set would change for each tenant holding the package (nothing is saved)',
        security,
        params: idParams,
        body: packageImpactBodySchema,
        response: { 200: envelopeSchema(packageImpactSchema) },
      },
    },
    async (request) =>
      ok(
        await read(request, async (tx) => {
          const row = await repo.get(tx, request.params.id);
          if (!row) throw new AppError('NOT_FOUND', `套餐不存在：${request.params.id}`);
          return impactOf(tx, row, await repo.normaliseMenus(tx, request.body.menuIds));
        }),
      ),
  );
};

export const packageAdminResource = (deps: TenantPackagesDeps): ResourceDefinition => ({
  declaration: packagesResource,
  store: createPackageAdminStore(deps) as unknown as ResourceDefinition['store'],
  routes: packageRoutes,
});
