import {
  type PlatformDictionaryCreate,
  type PlatformDictionaryItemCreate,
  type PlatformDictionaryItemRow,
  type PlatformDictionaryItemUpdate,
  type PlatformDictionaryRow,
  type PlatformDictionaryUpdate,
  platformDictionariesResource,
  platformDictionaryItemsResource,
} from '@uniwim/contracts';
import { and, eq } from 'drizzle-orm';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { dictionaryAdminRepo as repo } from './admin-repo';
import { dictionaryGuards as guards } from './guards';
import { platformDictionaryItems, platformDictionaryTypes } from './schema';

/** After a committed change of the platform's dictionaries: every tenant's answers go. */
export interface DictionaryChangeDeps {
  announceChange(tenantId: string | null): Promise<void>;
}

const defined = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

const typeById = async (tx: Tx, id: string) => {
  const [type] = await tx.select().from(platformDictionaryTypes).where(eq(platformDictionaryTypes.id, id));
  if (!type) {
    throw new AppError('NOT_FOUND', `字典不存在：${id}`, [{ path: 'body.typeId', message: '字典不存在' }]);
  }
  return type;
};

const createTypeStore = (
  deps: DictionaryChangeDeps,
): ResourceStore<PlatformDictionaryRow, PlatformDictionaryCreate, PlatformDictionaryUpdate> => {
  const changed = (ctx: AdminContext) => ctx.afterCommit(() => deps.announceChange(null));
  const setStatus = async (
    tx: Tx,
    row: PlatformDictionaryRow,
    status: 'active' | 'disabled',
    ctx: AdminContext,
  ) => {
    await updateAtVersion(tx, platformDictionaryTypes, row.id, row.version, { status });
    changed(ctx);
    return undefined;
  };
  return {
    label: (row) => row.name,
    list: (tx, query) => repo.platformTypes(tx, query),
    get: (tx, id) => repo.platformType(tx, id),

    create: async (tx, input, ctx) => {
      await guards.lock(tx, `code:${input.code}`);
      await guards.assertCodeFree(tx, input.code, null);
      await guards.assertCodeFreeOfTenants(tx, input.code);
      const id = newId('dt-');
      await tx.insert(platformDictionaryTypes).values({
        id,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        remark: input.remark ?? null,
        status: input.status ?? 'active',
        extendable: input.extendable ?? false,
      });
      changed(ctx);
      return (await repo.platformType(tx, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      if (input.code !== undefined && input.code !== row.code) {
        await guards.lock(tx, `code:${input.code}`);
        await guards.assertCodeFree(tx, input.code, row.id);
        await guards.assertCodeFreeOfTenants(tx, input.code);
      }
      if (input.extendable === false && row.extendable) {
        // Tenants' items would vanish from their drop-downs: they must go first, on purpose.
        await guards.lock(tx, `type:${row.id}`);
        const { tenantItems } = await guards.platformTypeUsage(tx, row.id);
        if (tenantItems > 0) {
          throw new AppError('IN_USE', `租户已在该字典下添加了${tenantItems}条数据，不能关闭租户扩展`, [
            { path: 'body.extendable', message: '租户已添加数据' },
          ]);
        }
      }
      await updateAtVersion(tx, platformDictionaryTypes, row.id, version, defined(input));
      changed(ctx);
      return (await repo.platformType(tx, row.id))!;
    },

    /** A type that still has items (the platform's or a tenant's) cannot be deleted. */
    remove: async (tx, row, ctx) => {
      await guards.lock(tx, `type:${row.id}`);
      const usage = await guards.platformTypeUsage(tx, row.id);
      if (usage.items + usage.tenantItems > 0) {
        throw new AppError(
          'IN_USE',
          `字典“${row.name}”下还有${usage.items}条字典数据${usage.tenantItems > 0 ? `、${usage.tenantItems}条租户扩展数据` : ''}，不能删除`,
          [{ path: 'id', message: JSON.stringify(usage) }],
        );
      }
      const removed = await tx
        .delete(platformDictionaryTypes)
        .where(and(eq(platformDictionaryTypes.id, row.id), eq(platformDictionaryTypes.version, row.version)))
        .returning({ id: platformDictionaryTypes.id });
      if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
      changed(ctx);
    },

    actions: {
      enable: (tx, row, _body, ctx) => setStatus(tx, row, 'active', ctx),
      disable: (tx, row, _body, ctx) => setStatus(tx, row, 'disabled', ctx),
    },
  };
};

const createItemStore = (
  deps: DictionaryChangeDeps,
): ResourceStore<PlatformDictionaryItemRow, PlatformDictionaryItemCreate, PlatformDictionaryItemUpdate> => {
  const changed = (ctx: AdminContext) => ctx.afterCommit(() => deps.announceChange(null));
  const setStatus = async (
    tx: Tx,
    row: PlatformDictionaryItemRow,
    status: 'active' | 'disabled',
    ctx: AdminContext,
  ) => {
    await updateAtVersion(tx, platformDictionaryItems, row.id, row.version, { status });
    changed(ctx);
    return undefined;
  };
  return {
    label: (row) => `${row.typeCode}: ${row.label}`,
    list: (tx, query) => repo.platformItems(tx, query),
    get: (tx, id) => repo.platformItem(tx, id),

    create: async (tx, input, ctx) => {
      const type = await typeById(tx, input.typeId);
      await guards.lock(tx, `type:${type.id}`);
      await guards.assertValueFreeOnPlatformType(tx, type.id, input.value);
      const id = newId('di-');
      await tx.insert(platformDictionaryItems).values({
        id,
        typeId: type.id,
        value: input.value,
        label: input.label,
        labelEn: input.labelEn ?? null,
        sort: input.sort ?? 0,
        color: input.color ?? null,
        status: input.status ?? 'active',
        locked: input.locked ?? false,
        remark: input.remark ?? null,
      });
      changed(ctx);
      return (await repo.platformItem(tx, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      await updateAtVersion(tx, platformDictionaryItems, row.id, version, defined(input));
      changed(ctx);
      return (await repo.platformItem(tx, row.id))!;
    },

    /** The tenants' changes of the item go with it. */
    remove: async (tx, row, ctx) => {
      const removed = await tx
        .delete(platformDictionaryItems)
        .where(and(eq(platformDictionaryItems.id, row.id), eq(platformDictionaryItems.version, row.version)))
        .returning({ id: platformDictionaryItems.id });
      if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
      changed(ctx);
    },

    actions: {
      enable: (tx, row, _body, ctx) => setStatus(tx, row, 'active', ctx),
      disable: (tx, row, _body, ctx) => setStatus(tx, row, 'disabled', ctx),
    },
  };
};

/** `/dmp/admin/dictionaries` and `/dmp/admin/dictionary-items`: the platform's dictionaries. */
export const platformDictionaryAdminResources = (deps: DictionaryChangeDeps): ResourceDefinition[] => [
  {
    declaration: platformDictionariesResource,
    store: createTypeStore(deps) as unknown as ResourceDefinition['store'],
  },
  {
    declaration: platformDictionaryItemsResource,
    store: createItemStore(deps) as unknown as ResourceDefinition['store'],
  },
];
