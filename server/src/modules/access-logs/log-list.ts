import { LOG_COUNT_LIMIT, type ResourceDeclaration } from '@uniwim/contracts';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  type FieldSql,
  type ListQuery,
  listAfter,
  listCursor,
  listOrder,
  listWhere,
  NOT_COUNTED,
  offsetOf,
} from '../../platform/admin/list-sql';
import { planAsTimeWalk } from '../../platform/admin/log-list-planning';
import type { Tx } from '../../platform/db/database';

/**
 * One page of a log table that holds millions of rows. The total is counted only up to
 * LOG_COUNT_LIMIT + 1 rows (an index range that stops early: "1,000+"), and offsets stop there too,
 * so no page reads more than about a thousand index entries; an export pages by keyset instead
 * (`query.after`), where the hundredth page costs what the first did.
 */
export const logListPage = async (
  tx: Tx,
  spec: {
    declaration: Pick<ResourceDeclaration, 'filters' | 'searchable' | 'defaultSort'>;
    fields: FieldSql;
    table: PgTable;
    id: AnyPgColumn;
    query: ListQuery;
    /** Conditions always applied: the tenant's id on tenant paths, so the tenant's indexes lead. */
    conditions?: (SQL | undefined)[];
  },
): Promise<{ items: Record<string, unknown>[]; total: number; nextAfter?: unknown[] }> => {
  const { declaration, fields, table, id, query } = spec;
  await planAsTimeWalk(tx);
  const order = listOrder(declaration, fields, query, id);
  if (query.after !== undefined) {
    const where = listWhere(
      declaration,
      fields,
      query,
      ...(spec.conditions ?? []),
      listAfter(declaration, fields, query, id),
    );
    const rows = await tx
      .select({ ...getTableColumns(table), cursor: listCursor(declaration, fields, query, id) })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize);
    const last = rows.at(-1);
    return {
      items: rows.map(({ cursor: _cursor, ...row }) => row as Record<string, unknown>),
      total: NOT_COUNTED,
      ...(rows.length === query.pageSize && last ? { nextAfter: last.cursor } : {}),
    };
  }
  const where = listWhere(declaration, fields, query, ...(spec.conditions ?? []));
  const offset = offsetOf(query);
  const filter = where ? sql`WHERE ${where}` : sql``;
  const counted = await tx.execute(
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${table} ${filter} LIMIT ${LOG_COUNT_LIMIT + 1}) bounded`,
  );
  const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
  if (offset >= Math.min(total, LOG_COUNT_LIMIT)) return { items: [], total };
  const rows = await tx
    .select()
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offset);
  return { items: rows as Record<string, unknown>[], total };
};
