/**
 * Values of rows read with raw SQL (`tx.execute`): PostgreSQL's driver answers timestamps as Date,
 * PGlite's worker may answer them as text; both become the contracts' ISO strings here.
 */
export const isoString = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : isoString(value);

export const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
