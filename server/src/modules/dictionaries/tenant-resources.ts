import {
  type TenantDictionaryCreate,
  type TenantDictionaryItemCreate,
  type TenantDictionaryItemRow,
  type TenantDictionaryItemUpdate,
  type TenantDictionaryRow,
  type TenantDictionaryUpdate,
  tenantDictionariesResource,
  tenantDictionaryItemsResource,
} from '@uniwim/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminContext, ResourceDefinition, ResourceStore } from '../../platform/admin/resource-routes';
import { updateAtVersion } from '../../platform/admin/versioned-update';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { dictionaryAdminRepo as repo } from './admin-repo';
import { dictionaryGuards as guards } from './guards';
import { EMPTY_OVERRIDE, type ItemFields, type OverrideFields, overrideFor } from './overrides';
import type { DictionaryChangeDeps } from './platform-resources';
import {
  platformDictionaryItems,
  platformDictionaryTypes,
  tenantDictionaryItems,
  tenantDictionaryOverrides,
  tenantDictionaryTypes,
} from './schema';

const tenantOf = (ctx: AdminContext) => ctx.operator.tenantId!;

const defined = <T extends Record<string, unknown>>(values: T): Partial<T> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;

const readOnly = (what: string) =>
  new AppError('PLATFORM_DICTIONARY_READ_ONLY', `平台${what}只能由平台管理员修改`);

const removeAtVersion = async (
  tx: Tx,
  table: typeof tenantDictionaryTypes | typeof tenantDictionaryItems,
  row: { id: string; version: number },
) => {
  const removed = await tx
    .delete(table)
    .where(and(eq(table.id, row.id), eq(table.version, row.version)))
    .returning({ id: table.id });
  if (removed.length === 0) throw new AppError('VERSION_CONFLICT');
};

const createTypeStore = (
  deps: DictionaryChangeDeps,
): ResourceStore<TenantDictionaryRow, TenantDictionaryCreate, TenantDictionaryUpdate> => {
  const changed = (ctx: AdminContext) => ctx.afterCommit(() => deps.announceChange(tenantOf(ctx)));
  const ownOnly = (row: TenantDictionaryRow) => {
    if (row.source === 'platform') throw readOnly('字典');
  };
  const setStatus = async (
    tx: Tx,
    row: TenantDictionaryRow,
    status: 'active' | 'disabled',
    ctx: AdminContext,
  ) => {
    ownOnly(row);
    await updateAtVersion(tx, tenantDictionaryTypes as never, row.id, row.version, { status } as never);
    changed(ctx);
    return undefined;
  };
  return {
    label: (row) => row.name,
    list: (tx, query, ctx) => repo.tenantTypes(tx, tenantOf(ctx), query),
    get: (tx, id, ctx) => repo.tenantType(tx, tenantOf(ctx), id),

    create: async (tx, input, ctx) => {
      const tenantId = tenantOf(ctx);
      await guards.lock(tx, `code:${input.code}`);
      await guards.assertCodeFree(tx, input.code, null, tenantId);
      const id = newId('tdt-');
      await tx.insert(tenantDictionaryTypes).values({
        tenantId,
        id,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn ?? null,
        remark: input.remark ?? null,
        status: input.status ?? 'active',
      });
      changed(ctx);
      return (await repo.tenantType(tx, tenantId, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      ownOnly(row);
      if (input.code !== undefined && input.code !== row.code) {
        await guards.lock(tx, `code:${input.code}`);
        await guards.assertCodeFree(tx, input.code, row.id, tenantOf(ctx));
      }
      // Keyed by (tenant, id): the tenant's row-level security narrows it to one row.
      await updateAtVersion(tx, tenantDictionaryTypes as never, row.id, version, defined(input) as never);
      changed(ctx);
      return (await repo.tenantType(tx, tenantOf(ctx), row.id))!;
    },

    remove: async (tx, row, ctx) => {
      ownOnly(row);
      await guards.lock(tx, `type:${row.id}`);
      const items = await guards.tenantTypeItems(tx, tenantOf(ctx), row.id);
      if (items > 0) {
        throw new AppError('IN_USE', `字典“${row.name}”下还有${items}条字典数据，不能删除`, [
          { path: 'id', message: JSON.stringify({ items }) },
        ]);
      }
      await removeAtVersion(tx, tenantDictionaryTypes, row);
      changed(ctx);
    },

    actions: {
      enable: (tx, row, _body, ctx) => setStatus(tx, row, 'active', ctx),
      disable: (tx, row, _body, ctx) => setStatus(tx, row, 'disabled', ctx),
    },
  };
};

/** Where a new item goes: one of the tenant's types, or a platform type that allows it. */
const placeOf = async (tx: Tx, typeId: string) => {
  const [own] = await tx
    .select({ id: tenantDictionaryTypes.id })
    .from(tenantDictionaryTypes)
    .where(eq(tenantDictionaryTypes.id, typeId));
  if (own) return { tenantTypeId: own.id, platformTypeId: null };
  await guards.lock(tx, `type:${typeId}`);
  const [platform] = await tx
    .select({ id: platformDictionaryTypes.id, extendable: platformDictionaryTypes.extendable })
    .from(platformDictionaryTypes)
    .where(eq(platformDictionaryTypes.id, typeId));
  if (!platform) {
    throw new AppError('NOT_FOUND', `字典不存在：${typeId}`, [
      { path: 'body.typeId', message: '字典不存在' },
    ]);
  }
  if (!platform.extendable) throw new AppError('DICTIONARY_NOT_EXTENDABLE');
  return { tenantTypeId: null, platformTypeId: platform.id };
};

const platformItem = async (tx: Tx, itemId: string) => {
  const [item] = await tx
    .select()
    .from(platformDictionaryItems)
    .where(eq(platformDictionaryItems.id, itemId));
  return item!;
};

/**
 * Writes the tenant's change of a platform item at the version it was read at: the first change
 * inserts (version 0 → 1), later ones update; a stale version answers VERSION_CONFLICT.
 */
const writeOverride = async (
  tx: Tx,
  tenantId: string,
  itemId: string,
  version: number,
  fields: OverrideFields,
) => {
  const written =
    version === 0
      ? await tx
          .insert(tenantDictionaryOverrides)
          .values({ tenantId, itemId, ...fields })
          .onConflictDoNothing()
          .returning({ version: tenantDictionaryOverrides.version })
      : await tx
          .update(tenantDictionaryOverrides)
          .set({ ...fields, version: sql`${tenantDictionaryOverrides.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(eq(tenantDictionaryOverrides.itemId, itemId), eq(tenantDictionaryOverrides.version, version)),
          )
          .returning({ version: tenantDictionaryOverrides.version });
  if (written.length === 0) throw new AppError('VERSION_CONFLICT');
};

const createItemStore = (
  deps: DictionaryChangeDeps,
): ResourceStore<TenantDictionaryItemRow, TenantDictionaryItemCreate, TenantDictionaryItemUpdate> => {
  const changed = (ctx: AdminContext) => ctx.afterCommit(() => deps.announceChange(tenantOf(ctx)));

  /** A change of the item's fields: the tenant's own item directly, a platform item through an override. */
  const change = async (
    tx: Tx,
    row: TenantDictionaryItemRow,
    input: Partial<ItemFields> & { remark?: string | null },
    version: number,
    ctx: AdminContext,
  ) => {
    if (row.source === 'tenant') {
      await updateAtVersion(tx, tenantDictionaryItems as never, row.id, version, defined(input) as never);
    } else {
      if (row.locked) throw new AppError('DICTIONARY_ITEM_LOCKED');
      const item = await platformItem(tx, row.id);
      const { remark: _platformsOwn, ...fields } = input;
      const wanted: ItemFields = {
        label: fields.label ?? row.label,
        labelEn: fields.labelEn === undefined ? row.labelEn : fields.labelEn,
        sort: fields.sort ?? row.sort,
        color: fields.color === undefined ? row.color : fields.color,
        status: fields.status ?? row.status,
      };
      await writeOverride(tx, tenantOf(ctx), row.id, version, overrideFor(item, wanted));
    }
    changed(ctx);
  };

  return {
    label: (row) => `${row.typeCode}: ${row.label}`,
    list: (tx, query, ctx) => repo.tenantItems(tx, tenantOf(ctx), query),
    get: (tx, id, ctx) => repo.tenantItem(tx, tenantOf(ctx), id),

    create: async (tx, input, ctx) => {
      const tenantId = tenantOf(ctx);
      const place = await placeOf(tx, input.typeId);
      if (place.platformTypeId) {
        await guards.assertValueFreeOnPlatformType(tx, place.platformTypeId, input.value, tenantId);
      } else {
        await guards.assertValueFreeOnTenantType(tx, tenantId, place.tenantTypeId!, input.value);
      }
      const id = newId('tdi-');
      await tx.insert(tenantDictionaryItems).values({
        tenantId,
        id,
        ...place,
        value: input.value,
        label: input.label,
        labelEn: input.labelEn ?? null,
        sort: input.sort ?? 0,
        color: input.color ?? null,
        status: input.status ?? 'active',
        remark: input.remark ?? null,
      });
      changed(ctx);
      return (await repo.tenantItem(tx, tenantId, id))!;
    },

    update: async (tx, row, input, version, ctx) => {
      await change(tx, row, input, version, ctx);
      return (await repo.tenantItem(tx, tenantOf(ctx), row.id))!;
    },

    /** Only the tenant's own items go; a platform item is switched off instead. */
    remove: async (tx, row, ctx) => {
      if (row.source === 'platform') {
        throw new AppError('PLATFORM_DICTIONARY_READ_ONLY', '平台字典数据不能删除，可以停用');
      }
      await removeAtVersion(tx, tenantDictionaryItems, row);
      changed(ctx);
    },

    actions: {
      enable: async (tx, row, _body, ctx) => {
        await change(tx, row, { status: 'active' }, row.version, ctx);
        return undefined;
      },
      disable: async (tx, row, _body, ctx) => {
        await change(tx, row, { status: 'disabled' }, row.version, ctx);
        return undefined;
      },
      reset: async (tx, row, _body, ctx) => {
        if (row.source === 'tenant') throw new AppError('RULE_BROKEN', '只有平台字典数据可以恢复平台设置');
        if (row.locked) throw new AppError('DICTIONARY_ITEM_LOCKED');
        if (row.version > 0) await writeOverride(tx, tenantOf(ctx), row.id, row.version, EMPTY_OVERRIDE);
        changed(ctx);
        return undefined;
      },
    },
  };
};

/** `/ump/admin/dictionaries` and `/ump/admin/dictionary-items`: what the active tenant sees and owns. */
export const tenantDictionaryAdminResources = (deps: DictionaryChangeDeps): ResourceDefinition[] => [
  {
    declaration: tenantDictionariesResource,
    store: createTypeStore(deps) as unknown as ResourceDefinition['store'],
  },
  {
    declaration: tenantDictionaryItemsResource,
    store: createItemStore(deps) as unknown as ResourceDefinition['store'],
  },
];
