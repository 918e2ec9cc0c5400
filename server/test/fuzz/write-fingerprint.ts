import { sql } from 'drizzle-orm';
import type { Database } from '../../src/platform/db/database';

/**
 * Tables written on their own schedule, not by the request that runs meanwhile: the search index is
 * derived from its sources (a change to a source shows in the source's own table) and written by the
 * indexer's minute tick; the search analytics are flushed every five seconds. A request refused while
 * either ran would otherwise be blamed for their writes.
 */
const BACKGROUND_TABLES: ReadonlySet<string> = new Set([
  'search_documents',
  'search_index',
  'search_pending',
  'search_query_stats',
]);

/**
 * What every table holds, as one comparable value per table: a refused request must leave every
 * one as it was. Log tables (which grow by design, and large) are compared by their row count;
 * every other table by its row count and the newest transaction among its rows' versions (xmin).
 * A request's transaction is newer than every row committed before it began, so any row it inserts
 * or updates (even to the same values) raises that newest one, and a delete alone changes the count.
 * Unlike a hash of every row, it sorts and formats nothing: the suite checks thousands of requests.
 */
export const createWriteFingerprint = async (db: Database) => {
  // Partitions (issue 16: the log tables' months) are counted through their parent.
  const tables = await db.asPlatform(async (tx) => {
    const result = await tx.execute<{ name: string }>(
      sql`SELECT table_name AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
            AND table_name NOT IN (SELECT relname FROM pg_class WHERE relispartition)
          ORDER BY table_name`,
    );
    return (result as unknown as { rows: { name: string }[] }).rows
      .map((row) => row.name)
      .filter((name) => !BACKGROUND_TABLES.has(name));
  });
  const parts = tables.map((table) =>
    /_logs$|^log_/.test(table)
      ? `SELECT '${table}' AS name, count(*)::text AS state FROM "${table}"`
      : `SELECT '${table}' AS name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS state FROM "${table}"`,
  );
  const query = sql.raw(parts.join(' UNION ALL '));
  // The next transaction id: it moves on whenever a transaction that wrote (or took a row lock)
  // ends, and only then; a read-only transaction takes none.
  const nextTransaction = async () => {
    const result = await db.asPlatform((tx) =>
      tx.execute<{ next: string }>(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`),
    );
    return (result as unknown as { rows: { next: string }[] }).rows[0]!.next;
  };
  let last: { next: string; tables: Map<string, string> } | undefined;

  /**
   * Between two requests that wrote nothing at all, as most refused ones, no transaction id was
   * taken: the tables are as last read, without reading them again (three quarters of the suite's
   * time was spent reading them).
   */
  return async (): Promise<Map<string, string>> => {
    const next = await nextTransaction();
    if (last?.next === next) return last.tables;
    const result = await db.asPlatform((tx) => tx.execute<{ name: string; state: string }>(query));
    const tables = new Map(
      (result as unknown as { rows: { name: string; state: string }[] }).rows.map((r) => [r.name, r.state]),
    );
    // Read before the tables: a write that lands in between moves it on, and the next call reads again.
    last = { next, tables };
    return tables;
  };
};

/** Tables whose state differs between two fingerprints. */
export const changedTables = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
