import {
  type FilterKind,
  filterParameterNames,
  type ResourceDeclaration,
  splitList,
} from '@uniwim/contracts';
import { and, asc, desc, eq, getTableName, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A list request after its schema: the page, the sort and the declared filters that were given. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort?: string;
  q?: string;
  [filter: string]: unknown;
}

/** A filter whose meaning is not a comparison of one value (a highlight, say): its condition. */
export type CustomFilter = (value: unknown) => SQL | undefined;

/** Where each declared field lives in SQL: a column, an expression (a count, a join), or a custom filter. */
export type FieldSql = Record<string, AnyPgColumn | SQL | CustomFilter>;

/**
 * A column named with its table. drizzle writes a single-table select's columns bare ("id"), and a
 * bare name inside a correlated subquery binds to the subquery's own table when it has a column of
 * that name: the outer row must be named in full.
 */
export const qualified = (column: AnyPgColumn): SQL =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** A date without a time covers the whole day: `to=2026-11-23` includes that day. */
const rangeBound = (value: string, end: boolean): Date => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    return end ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(value);
};

const filterCondition = (kind: FilterKind, field: AnyPgColumn | SQL, name_: string, query: ListQuery) => {
  // One type for columns and expressions; values stay parameters (dates as ISO text).
  const column = sql`${field}`;
  const [name, toName] = filterParameterNames(name_, kind);
  const value = query[name!] as string | undefined;
  switch (kind) {
    case 'equals':
      return value === undefined ? undefined : eq(column, value);
    case 'contains':
      return value === undefined || value === '' ? undefined : ilike(column, containsPattern(value));
    case 'boolean':
      return value === undefined ? undefined : eq(column, value === 'true');
    case 'in': {
      const values = value === undefined ? [] : splitList(value);
      return values.length === 0 ? undefined : inArray(column, values);
    }
    case 'dateRange': {
      const to = query[toName!] as string | undefined;
      return and(
        value === undefined ? undefined : gte(column, rangeBound(value, false).toISOString()),
        to === undefined ? undefined : lt(column, rangeBound(to, true).toISOString()),
      );
    }
  }
};

/**
 * The WHERE of a list from the declaration: every filter that was given, and the free-text `q` over
 * the searchable fields. Only declared fields ever reach SQL, and values are always parameters.
 */
export const listWhere = (
  declaration: Pick<ResourceDeclaration, 'filters' | 'searchable'>,
  fields: FieldSql,
  query: ListQuery,
  ...extra: (SQL | undefined)[]
): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [...extra];
  for (const [field, kind] of Object.entries(declaration.filters)) {
    const column = fields[field];
    if (!column) throw new Error(`filter ${field} has no SQL field`);
    if (typeof column === 'function') conditions.push(column(query[field]));
    else conditions.push(filterCondition(kind, column, field, query));
  }
  if (query.q && declaration.searchable?.length) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(...declaration.searchable.map((field) => ilike(fields[field] as AnyPgColumn, pattern))),
    );
  }
  return and(...conditions);
};

/** ORDER BY from `sort` (or the declared default), then the id, so pages never overlap. */
export const listOrder = (
  declaration: Pick<ResourceDeclaration, 'defaultSort'>,
  fields: FieldSql,
  query: ListQuery,
  id: AnyPgColumn,
): SQL[] => {
  const parts = (query.sort ?? declaration.defaultSort).split(',').filter(Boolean);
  const order = parts.map((part) => {
    const descending = part.startsWith('-');
    const column = fields[part.replace(/^-/, '')];
    if (!column || typeof column === 'function') throw new Error(`sort field ${part} has no SQL field`);
    return descending ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
  });
  const lastDescending = parts.at(-1)?.startsWith('-') ?? false;
  return [...order, lastDescending ? desc(id) : asc(id)];
};

export const offsetOf = (query: ListQuery): number => (query.page - 1) * query.pageSize;
