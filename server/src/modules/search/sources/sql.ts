import { sql } from 'drizzle-orm';

export type RawRow = Record<string, unknown>;

export const rowsOf = (result: unknown): RawRow[] => (result as { rows: RawRow[] }).rows;

/**
 * `column = ${anyOf(ids)}`: a list of ids as one JSON parameter (both drivers pass one text value, where
 * an array would expand), made an array once per statement. An `IN (SELECT …)` of the same list
 * can become a nested loop over the whole table when the planner has no statistics, which PGlite,
 * without autovacuum, often lacks; `= ANY(array)` is always an index lookup per id.
 */
export const anyOf = (ids: readonly (string | number)[]) =>
  sql`ANY (ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(ids.map(String))}::jsonb)))`;
