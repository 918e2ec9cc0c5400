import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { textOrNull } from '../../platform/db/raw-values';
import type { PlatformItemRead, TenantItemRead } from './effective';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;
const list = (values: readonly string[]) =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;
const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
type Status = 'active' | 'disabled';

export interface DictionaryRead {
  platformItems: PlatformItemRead[];
  tenantTypes: { code: string; status: Status }[];
  tenantItems: TenantItemRead[];
}

const readPlatformItems = async (tx: Tx, tenantId: string | null, codes: readonly string[]) =>
  rowsOf(
    await tx.execute(sql`
      SELECT t.code, t.status AS type_status, i.value, i.label, i.label_en, i.sort, i.color, i.status, i.locked,
             o.tenant_id AS o_tenant, o.label AS o_label, o.label_en AS o_label_en, o.sort AS o_sort,
             o.color AS o_color, o.status AS o_status
      FROM platform_dictionary_types t
      LEFT JOIN platform_dictionary_items i ON i.type_id = t.id
      LEFT JOIN tenant_dictionary_overrides o ON o.item_id = i.id AND o.tenant_id = ${tenantId}
      WHERE t.code IN ${list(codes)}`),
  ).map(
    (row): PlatformItemRead => ({
      code: String(row.code),
      typeStatus: row.type_status as Status,
      item:
        row.value === null
          ? null
          : {
              value: String(row.value),
              label: String(row.label),
              labelEn: textOrNull(row.label_en),
              sort: Number(row.sort),
              color: textOrNull(row.color),
              status: row.status as Status,
              locked: row.locked === true,
            },
      override:
        row.o_tenant === null
          ? null
          : {
              label: textOrNull(row.o_label),
              labelEn: textOrNull(row.o_label_en),
              sort: number(row.o_sort),
              color: textOrNull(row.o_color),
              status: (row.o_status as Status | null) ?? null,
            },
    }),
  );

/**
 * The rows getValueByCode answers from (effective.ts merges them): the platform's types of the
 * codes with their items and the tenant's overrides, the tenant's own types of the codes, and the
 * tenant's own items of those codes (on an extendable platform type, or on its own type). One
 * transaction under the tenant's row-level security; the platform scope reads the platform's only.
 */
export const createDictionaryRepo = (db: Database) => ({
  read: (tenantId: string | null, codes: readonly string[]): Promise<DictionaryRead> => {
    if (!tenantId) {
      return db.asPlatform(async (tx) => ({
        platformItems: await readPlatformItems(tx, null, codes),
        tenantTypes: [],
        tenantItems: [],
      }));
    }
    return db.withTenant(tenantId, async (tx) => {
      const platformItems = await readPlatformItems(tx, tenantId, codes);
      const tenantTypes = rowsOf(
        await tx.execute(sql`SELECT code, status FROM tenant_dictionary_types
          WHERE tenant_id = ${tenantId} AND code IN ${list(codes)}`),
      ).map((row) => ({ code: String(row.code), status: row.status as Status }));
      const tenantItems = rowsOf(
        await tx.execute(sql`
          SELECT coalesce(tt.code, pt.code) AS code, i.value, i.label, i.label_en, i.sort, i.color, i.status
          FROM tenant_dictionary_items i
          LEFT JOIN tenant_dictionary_types tt ON tt.tenant_id = i.tenant_id AND tt.id = i.tenant_type_id
          LEFT JOIN platform_dictionary_types pt ON pt.id = i.platform_type_id AND pt.extendable
          WHERE i.tenant_id = ${tenantId} AND coalesce(tt.code, pt.code) IN ${list(codes)}`),
      ).map(
        (row): TenantItemRead => ({
          code: String(row.code),
          value: String(row.value),
          label: String(row.label),
          labelEn: textOrNull(row.label_en),
          sort: Number(row.sort),
          color: textOrNull(row.color),
          status: row.status as Status,
        }),
      );
      return { platformItems, tenantTypes, tenantItems };
    });
  },
});

export type DictionaryRepo = ReturnType<typeof createDictionaryRepo>;
