import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;
const countOf = async (tx: Tx, query: ReturnType<typeof sql>) =>
  Number(rowsOf(await tx.execute(query))[0]?.n ?? 0);

/**
 * Rules no single unique index can hold, because they span the platform's tables and the tenants':
 * a type code is the platform's or one tenant's, never both; a value is unique within its type
 * across the platform's items and each tenant's own. Both sides take the same transaction-scoped
 * advisory lock before checking, so two writers of the same code or type never both pass.
 */
export const dictionaryGuards = {
  lock: async (tx: Tx, key: string) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`dictionary:${key}`}))`);
  },

  /** A platform type's new code: no tenant may already use it for a type of its own. */
  assertCodeFreeOfTenants: async (tx: Tx, code: string) => {
    const tenants = await countOf(
      tx,
      sql`SELECT count(DISTINCT tenant_id)::int AS n FROM tenant_dictionary_types WHERE code = ${code}`,
    );
    if (tenants > 0) {
      throw new AppError('DUPLICATE', `已有${tenants}个租户使用字典编码“${code}”`, [
        { path: 'body.code', message: '已有租户使用该字典编码' },
      ]);
    }
  },

  /** A code is free for a platform type (or, with `tenant`, for that tenant's own type). */
  assertCodeFree: async (tx: Tx, code: string, except: string | null, tenantId?: string) => {
    const platform = await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM platform_dictionary_types WHERE code = ${code} AND id <> ${except ?? ''}`,
    );
    const own = tenantId
      ? await countOf(
          tx,
          sql`SELECT count(*)::int AS n FROM tenant_dictionary_types
            WHERE tenant_id = ${tenantId} AND code = ${code} AND id <> ${except ?? ''}`,
        )
      : 0;
    if (platform > 0 || own > 0) {
      const message = platform > 0 && tenantId ? '平台已有该字典编码' : '字典编码已存在';
      throw new AppError('DUPLICATE', message, [{ path: 'body.code', message }]);
    }
  },

  /** A value is free in a platform type: among its items and every tenant's own items on it. */
  assertValueFreeOnPlatformType: async (tx: Tx, typeId: string, value: string, tenantId?: string) => {
    const platform = await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM platform_dictionary_items WHERE type_id = ${typeId} AND value = ${value}`,
    );
    if (platform > 0) {
      const message = tenantId ? '平台字典已有该字典值' : '字典值已存在';
      throw new AppError('DUPLICATE', message, [{ path: 'body.value', message }]);
    }
    const tenants = await countOf(
      tx,
      tenantId
        ? sql`SELECT count(*)::int AS n FROM tenant_dictionary_items
            WHERE tenant_id = ${tenantId} AND platform_type_id = ${typeId} AND value = ${value}`
        : sql`SELECT count(DISTINCT tenant_id)::int AS n FROM tenant_dictionary_items
            WHERE platform_type_id = ${typeId} AND value = ${value}`,
    );
    if (tenants > 0) {
      const message = tenantId ? '字典值已存在' : `已有${tenants}个租户添加了字典值“${value}”`;
      throw new AppError('DUPLICATE', message, [{ path: 'body.value', message }]);
    }
  },

  /** A value is free in one of the tenant's own types. */
  assertValueFreeOnTenantType: async (tx: Tx, tenantId: string, typeId: string, value: string) => {
    const own = await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM tenant_dictionary_items
        WHERE tenant_id = ${tenantId} AND tenant_type_id = ${typeId} AND value = ${value}`,
    );
    if (own > 0)
      throw new AppError('DUPLICATE', '字典值已存在', [{ path: 'body.value', message: '字典值已存在' }]);
  },

  /** What keeps a platform type from going: its items and the tenants' items on it. */
  platformTypeUsage: async (tx: Tx, typeId: string) => ({
    items: await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM platform_dictionary_items WHERE type_id = ${typeId}`,
    ),
    tenantItems: await countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM tenant_dictionary_items WHERE platform_type_id = ${typeId}`,
    ),
  }),

  tenantTypeItems: (tx: Tx, tenantId: string, typeId: string) =>
    countOf(
      tx,
      sql`SELECT count(*)::int AS n FROM tenant_dictionary_items
        WHERE tenant_id = ${tenantId} AND tenant_type_id = ${typeId}`,
    ),
};
