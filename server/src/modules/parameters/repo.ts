import {
  type ParameterChoice,
  type PlatformParameterRow,
  platformParametersResource,
  type TenantParameterRow,
  tenantParametersResource,
} from '@uniwim/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import {
  derivedColumn,
  derivedListPage,
  derivedRow,
  type FieldSql,
  type ListQuery,
  listPage,
  qualified,
} from '../../platform/admin/list-sql';
import type { Database, Tx } from '../../platform/db/database';
import { isoString, textOrNull } from '../../platform/db/raw-values';
import { platformParameters } from './schema';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/*
 * Nothing here selects a secret's value for an answer: `secret_value` is read only by
 * `serverValueOf`, which server code calls and no route answers with.
 */

/** A tenant's own value counts while the platform lets tenants set one. */
const tenantValueCounts = sql.raw(
  `(p.tenant_editable AND v.tenant_id IS NOT NULL AND (v.value IS NOT NULL OR v.secret_value IS NOT NULL))`,
);

/** Every parameter as one tenant sees it (no secret value among the columns). */
const tenantParametersOf = (tenantId: string) => sql`
  SELECT p.id, p.key, p.name, p.type, p.choices, p.description, p.builtin, p.client_readable, p.tenant_editable,
         CASE WHEN ${tenantValueCounts} THEN v.value ELSE p.value END AS value,
         p.value AS default_value,
         CASE WHEN ${tenantValueCounts} THEN 'tenant' ELSE 'platform' END AS source,
         CASE WHEN ${tenantValueCounts} THEN v.secret_value IS NOT NULL ELSE p.secret_value IS NOT NULL END
           AS secret_set,
         greatest(p.updated_at, v.updated_at) AS updated_at, coalesce(v.version, 0) AS version
  FROM platform_parameters p
  LEFT JOIN tenant_parameter_values v ON v.tenant_id = ${tenantId} AND v.parameter_id = p.id`;

const tenantFields: FieldSql = {
  key: derivedColumn('key'),
  name: derivedColumn('name'),
  description: derivedColumn('description'),
  type: derivedColumn('type'),
  source: derivedColumn('source'),
  updatedAt: derivedColumn('updated_at'),
};

const tenantRowOf = (row: RawRow): TenantParameterRow => ({
  id: String(row.id),
  key: String(row.key),
  name: String(row.name),
  type: row.type as TenantParameterRow['type'],
  choices: row.choices as ParameterChoice[],
  description: textOrNull(row.description),
  builtin: row.builtin === true,
  clientReadable: row.client_readable === true,
  tenantEditable: row.tenant_editable === true,
  secretSet: row.secret_set === true,
  value: textOrNull(row.value),
  defaultValue: textOrNull(row.default_value),
  source: row.source as TenantParameterRow['source'],
  updatedAt: isoString(row.updated_at),
  version: Number(row.version),
});

const parameterId = qualified(platformParameters.id);
const platformColumns = {
  id: platformParameters.id,
  key: platformParameters.key,
  name: platformParameters.name,
  type: platformParameters.type,
  value: platformParameters.value,
  secretSet: sql<boolean>`(${qualified(platformParameters.secretValue)} IS NOT NULL)`,
  choices: platformParameters.choices,
  description: platformParameters.description,
  builtin: platformParameters.builtin,
  clientReadable: platformParameters.clientReadable,
  tenantEditable: platformParameters.tenantEditable,
  overrideCount: sql<number>`(SELECT count(*)::int FROM tenant_parameter_values v
    WHERE v.parameter_id = ${parameterId} AND (v.value IS NOT NULL OR v.secret_value IS NOT NULL))`,
  createdAt: platformParameters.createdAt,
  updatedAt: platformParameters.updatedAt,
  version: platformParameters.version,
};
const platformFields: FieldSql = {
  key: platformParameters.key,
  name: platformParameters.name,
  description: platformParameters.description,
  type: platformParameters.type,
  builtin: platformParameters.builtin,
  clientReadable: platformParameters.clientReadable,
  overrideCount: platformColumns.overrideCount,
  createdAt: platformParameters.createdAt,
  updatedAt: platformParameters.updatedAt,
};

type PlatformSelected = Omit<PlatformParameterRow, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};
const platformRowOf = (row: PlatformSelected): PlatformParameterRow => ({
  ...row,
  secretSet: row.secretSet === true,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The admin pages' reads of parameters, in the transaction the framework opened. */
export const parameterAdminRepo = {
  platformList: async (tx: Tx, query: ListQuery) => {
    const { items, total } = await listPage(tx, {
      declaration: platformParametersResource,
      fields: platformFields,
      table: platformParameters,
      columns: platformColumns,
      id: platformParameters.id,
      query,
    });
    return { items: items.map((row) => platformRowOf(row as PlatformSelected)), total };
  },

  platformOne: async (tx: Tx, id: string): Promise<PlatformParameterRow | undefined> => {
    const [row] = await tx
      .select(platformColumns)
      .from(platformParameters)
      .where(eq(platformParameters.id, id));
    return row ? platformRowOf(row as PlatformSelected) : undefined;
  },

  tenantList: async (tx: Tx, tenantId: string, query: ListQuery) => {
    const page = await derivedListPage(tx, {
      from: tenantParametersOf(tenantId),
      declaration: tenantParametersResource,
      fields: tenantFields,
      query,
    });
    return { items: page.items.map(tenantRowOf), total: page.total };
  },

  tenantOne: async (tx: Tx, tenantId: string, id: string) => {
    const row = await derivedRow(tx, tenantParametersOf(tenantId), id);
    return row ? tenantRowOf(row) : undefined;
  },

  /** Tenants' own values of a parameter (to check them against a new type). */
  tenantValues: async (tx: Tx, parameterId: string): Promise<string[]> =>
    rowsOf(
      await tx.execute(sql`SELECT value FROM tenant_parameter_values
        WHERE parameter_id = ${parameterId} AND value IS NOT NULL`),
    ).map((row) => String(row.value)),
};

const readableWhere = (key?: string): SQL =>
  key === undefined
    ? sql`p.client_readable AND p.type <> 'secret'`
    : sql`p.client_readable AND p.type <> 'secret' AND p.key = ${key}`;

export const createParameterRepo = (db: Database) => {
  const inScope = <T>(tenantId: string | null, work: (tx: Tx) => Promise<T>) =>
    tenantId ? db.withTenant(tenantId, work) : db.asPlatform(work);
  return {
    /**
     * GET /ump/param/get: the parameters marked readable by clients (never a secret), each with the
     * tenant's value where it counts, else the default; `key` narrows to one.
     */
    clientValues: (tenantId: string | null, key?: string) =>
      inScope(tenantId, async (tx) =>
        rowsOf(
          await tx.execute(sql`
            SELECT p.key, CASE WHEN ${tenantValueCounts} THEN v.value ELSE p.value END AS value
            FROM platform_parameters p
            LEFT JOIN tenant_parameter_values v ON v.tenant_id = ${tenantId} AND v.parameter_id = p.id
            WHERE ${readableWhere(key)}
            ORDER BY p.key`),
        ).map((row) => ({ key: String(row.key), value: String(row.value ?? '') })),
      ),

    /**
     * A parameter's effective value for server code, secrets included: the only read of a secret.
     * Undefined when the parameter does not exist or has no value.
     */
    serverValueOf: (tenantId: string | null, key: string) =>
      inScope(tenantId, async (tx) => {
        const [row] = rowsOf(
          await tx.execute(sql`
            SELECT CASE WHEN ${tenantValueCounts} THEN coalesce(v.value, v.secret_value)
                        ELSE coalesce(p.value, p.secret_value) END AS value
            FROM platform_parameters p
            LEFT JOIN tenant_parameter_values v ON v.tenant_id = ${tenantId} AND v.parameter_id = p.id
            WHERE p.key = ${key}`),
        );
        return textOrNull(row?.value) ?? undefined;
      }),
  };
};

export type ParameterRepo = ReturnType<typeof createParameterRepo>;
