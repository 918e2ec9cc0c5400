import {
  type PlatformDictionaryItemRow,
  type PlatformDictionaryRow,
  platformDictionariesResource,
  platformDictionaryItemsResource,
  type TenantDictionaryItemRow,
  type TenantDictionaryRow,
  tenantDictionariesResource,
  tenantDictionaryItemsResource,
} from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import {
  derivedColumn,
  derivedListPage,
  derivedRow,
  type FieldSql,
  type ListQuery,
  listPage,
  qualified,
} from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { isoString, textOrNull } from '../../platform/db/raw-values';
import { platformDictionaryItems, platformDictionaryTypes } from './schema';

type RawRow = Record<string, unknown>;

// The platform's lists: one table each, with their counts.

const platformTypeId = qualified(platformDictionaryTypes.id);
const platformTypeColumns = {
  id: platformDictionaryTypes.id,
  code: platformDictionaryTypes.code,
  name: platformDictionaryTypes.name,
  nameEn: platformDictionaryTypes.nameEn,
  remark: platformDictionaryTypes.remark,
  status: platformDictionaryTypes.status,
  extendable: platformDictionaryTypes.extendable,
  itemCount: sql<number>`(SELECT count(*)::int FROM platform_dictionary_items i WHERE i.type_id = ${platformTypeId})`,
  tenantItemCount: sql<number>`(SELECT count(*)::int FROM tenant_dictionary_items ti
    WHERE ti.platform_type_id = ${platformTypeId})`,
  createdAt: platformDictionaryTypes.createdAt,
  updatedAt: platformDictionaryTypes.updatedAt,
  version: platformDictionaryTypes.version,
};
const platformTypeFields: FieldSql = {
  code: platformDictionaryTypes.code,
  name: platformDictionaryTypes.name,
  nameEn: platformDictionaryTypes.nameEn,
  remark: platformDictionaryTypes.remark,
  status: platformDictionaryTypes.status,
  extendable: platformDictionaryTypes.extendable,
  itemCount: platformTypeColumns.itemCount,
  createdAt: platformDictionaryTypes.createdAt,
  updatedAt: platformDictionaryTypes.updatedAt,
};

const platformItemId = qualified(platformDictionaryItems.id);
const platformItemColumns = {
  id: platformDictionaryItems.id,
  typeId: platformDictionaryItems.typeId,
  typeCode: sql<string>`(SELECT t.code FROM platform_dictionary_types t
    WHERE t.id = ${qualified(platformDictionaryItems.typeId)})`,
  value: platformDictionaryItems.value,
  label: platformDictionaryItems.label,
  labelEn: platformDictionaryItems.labelEn,
  sort: platformDictionaryItems.sort,
  color: platformDictionaryItems.color,
  status: platformDictionaryItems.status,
  locked: platformDictionaryItems.locked,
  remark: platformDictionaryItems.remark,
  overrideCount: sql<number>`(SELECT count(*)::int FROM tenant_dictionary_overrides o WHERE o.item_id = ${platformItemId}
    AND (o.label IS NOT NULL OR o.label_en IS NOT NULL OR o.sort IS NOT NULL OR o.color IS NOT NULL
         OR o.status IS NOT NULL))`,
  createdAt: platformDictionaryItems.createdAt,
  updatedAt: platformDictionaryItems.updatedAt,
  version: platformDictionaryItems.version,
};
const platformItemFields: FieldSql = {
  typeId: platformDictionaryItems.typeId,
  value: platformDictionaryItems.value,
  label: platformDictionaryItems.label,
  labelEn: platformDictionaryItems.labelEn,
  status: platformDictionaryItems.status,
  locked: platformDictionaryItems.locked,
  sort: platformDictionaryItems.sort,
  createdAt: platformDictionaryItems.createdAt,
  updatedAt: platformDictionaryItems.updatedAt,
};

const dated = <T extends { createdAt: Date; updatedAt: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

// The tenant's lists: the platform's records beside the tenant's own (one UNION ALL each).

const tenantTypesOf = (tenantId: string) => sql`
  SELECT p.id, p.code, p.name, p.name_en, p.remark, p.status, 'platform' AS source, p.extendable,
         ((SELECT count(*) FROM platform_dictionary_items i WHERE i.type_id = p.id)
          + (SELECT count(*) FROM tenant_dictionary_items ti
             WHERE ti.tenant_id = ${tenantId} AND ti.platform_type_id = p.id))::int AS item_count,
         p.created_at, p.updated_at, p.version
  FROM platform_dictionary_types p
  UNION ALL
  SELECT t.id, t.code, t.name, t.name_en, t.remark, t.status, 'tenant', true,
         (SELECT count(*)::int FROM tenant_dictionary_items ti
          WHERE ti.tenant_id = t.tenant_id AND ti.tenant_type_id = t.id),
         t.created_at, t.updated_at, t.version
  FROM tenant_dictionary_types t WHERE t.tenant_id = ${tenantId}`;

/** A platform item as the tenant sees it: the tenant's changes over it, unless it is locked. */
const tenantItemsOf = (tenantId: string) => {
  const field = (name: string) =>
    sql.raw(`CASE WHEN i.locked OR o.${name} IS NULL THEN i.${name} ELSE o.${name} END AS ${name}`);
  return sql`
  SELECT i.id, i.type_id, t.code AS type_code, i.value, ${field('label')}, ${field('label_en')},
         ${field('sort')}, ${field('color')}, ${field('status')}, i.remark, 'platform' AS source, i.locked,
         (o.tenant_id IS NOT NULL AND NOT i.locked AND (o.label IS NOT NULL OR o.label_en IS NOT NULL
           OR o.sort IS NOT NULL OR o.color IS NOT NULL OR o.status IS NOT NULL)) AS overridden,
         i.created_at, greatest(i.updated_at, o.updated_at) AS updated_at, coalesce(o.version, 0) AS version
  FROM platform_dictionary_items i
  JOIN platform_dictionary_types t ON t.id = i.type_id
  LEFT JOIN tenant_dictionary_overrides o ON o.tenant_id = ${tenantId} AND o.item_id = i.id
  UNION ALL
  SELECT ti.id, coalesce(ti.tenant_type_id, ti.platform_type_id), coalesce(tt.code, pt.code), ti.value,
         ti.label, ti.label_en, ti.sort, ti.color, ti.status, ti.remark, 'tenant', false, false,
         ti.created_at, ti.updated_at, ti.version
  FROM tenant_dictionary_items ti
  LEFT JOIN tenant_dictionary_types tt ON tt.tenant_id = ti.tenant_id AND tt.id = ti.tenant_type_id
  LEFT JOIN platform_dictionary_types pt ON pt.id = ti.platform_type_id
  WHERE ti.tenant_id = ${tenantId}`;
};

const column = derivedColumn;
const tenantTypeFields: FieldSql = {
  code: column('code'),
  name: column('name'),
  nameEn: column('name_en'),
  remark: column('remark'),
  status: column('status'),
  source: column('source'),
  itemCount: column('item_count'),
  createdAt: column('created_at'),
  updatedAt: column('updated_at'),
};
const tenantItemFields: FieldSql = {
  typeId: column('type_id'),
  value: column('value'),
  label: column('label'),
  labelEn: column('label_en'),
  status: column('status'),
  source: column('source'),
  sort: column('sort'),
  createdAt: column('created_at'),
  updatedAt: column('updated_at'),
};

const tenantTypeRow = (row: RawRow): TenantDictionaryRow => ({
  id: String(row.id),
  code: String(row.code),
  name: String(row.name),
  nameEn: textOrNull(row.name_en),
  remark: textOrNull(row.remark),
  status: row.status as TenantDictionaryRow['status'],
  source: row.source as TenantDictionaryRow['source'],
  extendable: row.extendable === true,
  itemCount: Number(row.item_count),
  createdAt: isoString(row.created_at),
  updatedAt: isoString(row.updated_at),
  version: Number(row.version),
});

const tenantItemRow = (row: RawRow): TenantDictionaryItemRow => ({
  id: String(row.id),
  typeId: String(row.type_id),
  typeCode: String(row.type_code),
  value: String(row.value),
  label: String(row.label),
  labelEn: textOrNull(row.label_en),
  sort: Number(row.sort),
  color: textOrNull(row.color),
  status: row.status as TenantDictionaryItemRow['status'],
  remark: textOrNull(row.remark),
  source: row.source as TenantDictionaryItemRow['source'],
  locked: row.locked === true,
  overridden: row.overridden === true,
  createdAt: isoString(row.created_at),
  updatedAt: isoString(row.updated_at),
  version: Number(row.version),
});

/** The admin pages' reads of dictionaries; every query runs in the transaction the framework opened. */
export const dictionaryAdminRepo = {
  platformTypes: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: platformDictionariesResource,
      fields: platformTypeFields,
      table: platformDictionaryTypes,
      columns: platformTypeColumns,
      id: platformDictionaryTypes.id,
      query,
    });
    return { items: items.map((row) => dated(row as never) as PlatformDictionaryRow), total };
  },

  platformType: async (tx: Tx, id: string): Promise<PlatformDictionaryRow | undefined> => {
    const [row] = await tx
      .select(platformTypeColumns)
      .from(platformDictionaryTypes)
      .where(eq(platformDictionaryTypes.id, id));
    return row ? (dated(row) as PlatformDictionaryRow) : undefined;
  },

  platformItems: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: platformDictionaryItemsResource,
      fields: platformItemFields,
      table: platformDictionaryItems,
      columns: platformItemColumns,
      id: platformDictionaryItems.id,
      query,
    });
    return { items: items.map((row) => dated(row as never) as PlatformDictionaryItemRow), total };
  },

  platformItem: async (tx: Tx, id: string): Promise<PlatformDictionaryItemRow | undefined> => {
    const [row] = await tx
      .select(platformItemColumns)
      .from(platformDictionaryItems)
      .where(eq(platformDictionaryItems.id, id));
    return row ? (dated(row) as PlatformDictionaryItemRow) : undefined;
  },

  tenantTypes: async (tx: Tx, tenantId: string, query: ListQuery) => {
    const page = await derivedListPage(tx, {
      from: tenantTypesOf(tenantId),
      declaration: tenantDictionariesResource,
      fields: tenantTypeFields,
      query,
    });
    return { items: page.items.map(tenantTypeRow), total: page.total };
  },

  tenantType: async (tx: Tx, tenantId: string, id: string) => {
    const row = await derivedRow(tx, tenantTypesOf(tenantId), id);
    return row ? tenantTypeRow(row) : undefined;
  },

  tenantItems: async (tx: Tx, tenantId: string, query: ListQuery) => {
    const page = await derivedListPage(tx, {
      from: tenantItemsOf(tenantId),
      declaration: tenantDictionaryItemsResource,
      fields: tenantItemFields,
      query,
    });
    return { items: page.items.map(tenantItemRow), total: page.total };
  },

  tenantItem: async (tx: Tx, tenantId: string, id: string) => {
    const row = await derivedRow(tx, tenantItemsOf(tenantId), id);
    return row ? tenantItemRow(row) : undefined;
  },
};
