import type { SearchAnalyticsAnswer, SearchQueryFigure } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rowsOf } from './sources/sql';

/** Counts wait in memory at most this long: a search never waits for a write of its figures. */
export const ANALYTICS_FLUSH_MS = 5_000;
/** Distinct (tenant, day, query) counts held between flushes; more are dropped rather than grow. */
const MAX_PENDING_KEYS = 20_000;
/** Figures older than this are deleted (at most once an hour). */
const RETENTION_DAYS = 400;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** A query as it is counted: the same words typed differently are one query. */
export const normaliseQuery = (query: string): string =>
  query.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim().slice(0, 100);

interface Count {
  tenantId: string;
  day: string;
  query: string;
  searches: number;
  withoutResults: number;
  lastAt: Date;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface AnalyticsReporter {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Searches per tenant, day and query, added up in memory and written every few seconds. */
export const createSearchAnalytics = ({ db, reporter }: { db: Database; reporter?: AnalyticsReporter }) => {
  let pending = new Map<string, Count>();
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let lastPrune = 0;

  const write = async (counts: Count[]) => {
    if (counts.length === 0) return;
    await db.asPlatform(async (tx) => {
      await tx.execute(sql`
        INSERT INTO search_query_stats (tenant_id, day, query, searches, without_results, last_at)
        SELECT c.tenant_id, c.day::date, c.query, c.searches, c.without_results, c.last_at::timestamptz
        FROM jsonb_to_recordset(${JSON.stringify(
          counts.map((count) => ({
            tenant_id: count.tenantId,
            day: count.day,
            query: count.query,
            searches: count.searches,
            without_results: count.withoutResults,
            last_at: count.lastAt.toISOString(),
          })),
        )}::jsonb) AS c(tenant_id text, day text, query text, searches int, without_results int, last_at text)
        WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = c.tenant_id)
        ON CONFLICT (tenant_id, day, query) DO UPDATE SET
          searches = search_query_stats.searches + EXCLUDED.searches,
          without_results = search_query_stats.without_results + EXCLUDED.without_results,
          last_at = greatest(search_query_stats.last_at, EXCLUDED.last_at)`);
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await tx.execute(
          sql`DELETE FROM search_query_stats WHERE day < current_date - ${RETENTION_DAYS}::int`,
        );
      }
    });
  };

  const flush = (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const counts = [...pending.values()];
    pending = new Map();
    writing = writing.then(() =>
      write(counts).catch((error: unknown) => {
        // Figures are a help, not a record: a failed write is reported and its counts let go.
        reporter?.warn({ err: error, counts: counts.length }, 'search figures could not be written');
      }),
    );
    return writing;
  };

  return {
    /** Counts one search of a tenant's user (visitors count for the page's tenant). */
    record: (tenantId: string, query: string, results: number, at = new Date()) => {
      const normalised = normaliseQuery(query);
      if (normalised === '') return;
      const day = dayOf(at);
      const key = `${tenantId}\u0000${day}\u0000${normalised}`;
      let count = pending.get(key);
      if (!count) {
        if (pending.size >= MAX_PENDING_KEYS) return;
        count = { tenantId, day, query: normalised, searches: 0, withoutResults: 0, lastAt: at };
        pending.set(key, count);
      }
      count.searches += 1;
      if (results === 0) count.withoutResults += 1;
      if (at > count.lastAt) count.lastAt = at;
      if (!timer) {
        timer = setTimeout(() => void flush(), ANALYTICS_FLUSH_MS);
        timer.unref();
      }
    },

    /** Writes what is counted now (tests, and the server's close). */
    flush,

    /** The settings page's figures: the last `days` days of the tenant. */
    read: (tenantId: string, days: number, limit: number): Promise<SearchAnalyticsAnswer> =>
      db.withTenant(tenantId, async (tx) => {
        const since = sql`current_date - ${days - 1}::int`;
        const [totals] = rowsOf(
          await tx.execute(sql`
            SELECT coalesce(sum(searches), 0) AS searches, coalesce(sum(without_results), 0) AS without_results
            FROM search_query_stats WHERE tenant_id = ${tenantId} AND day >= ${since}`),
        );
        const figures = async (order: 'searches' | 'without_results'): Promise<SearchQueryFigure[]> =>
          rowsOf(
            await tx.execute(sql`
              SELECT query, sum(searches) AS searches, sum(without_results) AS without_results, max(last_at) AS last_at
              FROM search_query_stats WHERE tenant_id = ${tenantId} AND day >= ${since}
              GROUP BY query
              ${order === 'without_results' ? sql`HAVING sum(without_results) > 0` : sql``}
              ORDER BY ${order === 'searches' ? sql`sum(searches)` : sql`sum(without_results)`} DESC, max(last_at) DESC, query
              LIMIT ${limit}`),
          ).map((row) => ({
            query: String(row.query),
            searches: Number(row.searches),
            withoutResults: Number(row.without_results),
            lastAt: new Date(row.last_at as string | Date).toISOString(),
          }));
        return {
          days,
          searches: Number(totals?.searches ?? 0),
          withoutResults: Number(totals?.without_results ?? 0),
          topQueries: await figures('searches'),
          queriesWithoutResults: await figures('without_results'),
        };
      }),
  };
};

export type SearchAnalytics = ReturnType<typeof createSearchAnalytics>;
