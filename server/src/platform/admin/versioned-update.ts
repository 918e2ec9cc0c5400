import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database';
import { AppError } from '../errors';

/** An editable admin table: rows carry an id, a version and when they last changed. */
type VersionedTable = PgTable & { id: AnyPgColumn; version: AnyPgColumn; updatedAt: AnyPgColumn };

/**
 * Optimistic locking: the row changes only if it is still at the version it was read at, and its
 * version goes up by one; otherwise someone saved in between and the answer is VERSION_CONFLICT.
 */
export const updateAtVersion = async <T extends VersionedTable>(
  tx: Tx,
  table: T,
  id: string,
  version: number,
  values: Partial<T['$inferInsert']>,
): Promise<void> => {
  const changed = await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning({ id: table.id });
  if (changed.length === 0) throw new AppError('VERSION_CONFLICT');
};
