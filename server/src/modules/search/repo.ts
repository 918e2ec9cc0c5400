import type { SearchOpen } from '@uniwim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { type RawRow, rowsOf } from './sources/sql';

/**
 * Candidates per source, before ranking. A one-character query may match a great many records, and
 * ranking costs per candidate (on PGlite, which serves one query at a time, about 5 ms per 1,000):
 * such a query ranks its first 200 matches, and a second character narrows it to what it means.
 */
export const CANDIDATES_PER_SOURCE = 200;
/** Ranked rows read per source for each hit asked for, so the exact access check still leaves enough. */
export const ROWS_PER_HIT = 3;

/** One source's part of a search: its full match (text, source, tenant and access tags) and weight. */
export interface SourceQuery {
  source: string;
  match: string;
  weight: number;
  /** The viewer's scopes (search_index.scope) when the source declares them; none: the match alone. */
  scopes?: readonly string[];
  /** Read the scopes' documents and test each against the match, not the text index (few documents). */
  walkScopes?: boolean;
}

export interface FoundRow {
  source: string;
  recordId: string;
  title: string;
  subtitle: string | null;
  body: string | null;
  open: SearchOpen;
  rank: number;
}

export interface FoundRows {
  /** Records were queued for indexing that this search could not see yet. */
  stale: boolean;
  rows: FoundRow[];
}

/** Title matches weigh most (A), then keywords (B), subtitles (C), bodies (D). */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

/**
 * A text[] parameter as one array literal (both drivers pass a text value alike), not the JSON of
 * anyOf: a value the planner sees lets it weigh the scopes against the match when it plans.
 */
export const textArrayLiteral = (values: readonly string[]) =>
  `{${values.map((value) => `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
const scopeArray = (scopes: readonly string[]) => sql`${textArrayLiteral(scopes)}::text[]`;

/**
 * A tsquery written into the statement's text, as an escape string (quotes and backslashes doubled):
 * a plan kept for that text is then planned knowing how common its words are.
 */
export const tsqueryLiteral = (text: string): SQL => {
  // The query's words come from the tokenizer, and requests holding a NUL are refused before it.
  if (text.includes('\0')) throw new Error('a search query cannot hold NUL');
  return sql.raw(`E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'::tsquery`);
};

/**
 * The text condition. As a function call (ts_match_vq is what @@ runs) the planner cannot answer it
 * from the GIN index, so a scope walk reads the scopes' rows through their own index and tests each.
 * `matchInText`: the match is part of the statement's text (see search), not a parameter.
 */
const matchOf = (query: SourceQuery, matchInText: boolean): SQL => {
  const match = matchInText ? tsqueryLiteral(query.match) : sql`${query.match}::tsquery`;
  return query.walkScopes && query.scopes ? sql`ts_match_vq(i.tsv, ${match})` : sql`i.tsv @@ ${match}`;
};

/**
 * One source's best rows: candidates from the index alone (its GIN index; no row-level security there,
 * see migration 0028), ranked, and only the best read from search_documents, under its policy.
 */
const sourcePart = (query: SourceQuery, rankQuery: string, rows: number, matchInText: boolean): SQL => sql`
  (SELECT ${query.source}::text AS source, d.record_id, d.title, d.subtitle, left(d.body, 2000) AS body, d.open,
          r.rank
   FROM (
     SELECT c.document_id, c.title_length,
            ts_rank_cd(${RANK_WEIGHTS}::float4[], c.tsv, ${rankQuery}::tsquery) * ${query.weight}::float8 AS rank
     FROM (
       SELECT i.document_id, i.tsv, i.title_length FROM search_index i
       WHERE ${matchOf(query, matchInText)}${query.scopes ? sql` AND i.scope = ANY (${scopeArray(query.scopes)})` : sql``}
       LIMIT ${CANDIDATES_PER_SOURCE}
     ) c
     ORDER BY rank DESC, c.title_length, c.document_id
     LIMIT ${rows}
   ) r
   JOIN search_documents d ON d.id = r.document_id
   ORDER BY r.rank DESC, r.title_length, r.document_id)`;

/** SQL of the search module: the index, the settings and the figures. */
export const createSearchRepo = (db: Database) => {
  return {
    /**
     * Every source's best rows in one statement, with whether the queue holds records the viewer
     * could see: the caller indexes them and asks again.
     */
    search: async (
      tenantId: string | null,
      queries: readonly SourceQuery[],
      rankQuery: string,
      /** Ranked rows per source. */
      rows: number,
      /**
       * The query may match a large share of the index (isBroadQuery): its best plan depends on how
       * common its words are, so its match is written into the statement, and the embedded
       * database keeps a plan per such text. A narrow query's match is a parameter: one kept plan
       * suits them all (ReadOptions).
       */
      broad = false,
    ): Promise<FoundRows> => {
      const parts = queries.map((query) => sourcePart(query, rankQuery, rows, broad));
      const found =
        parts.length === 0 ? sql`SELECT NULL::text AS source WHERE false` : sql.join(parts, sql` UNION ALL `);
      // One statement in one read (on PGlite a single message to its thread, see readInScope).
      // Candidates always through the GIN index: with statistics the planner may reckon a match
      // common enough for a sequential scan to fill the candidate LIMIT early; but a viewer's records
      // sit together (a tenant's, an application's), and such a scan can read the whole table before
      // it has them (seen: a one-character query, 1.3 s on PGlite). Without JIT: a plan's cost then
      // counts the disabled scans, and PostgreSQL would compile every search (0.4 s each).
      const raw = await db.readInScope(
        tenantId,
        sql`SELECT s.stale, h.* FROM (SELECT EXISTS (SELECT 1 FROM search_pending) AS stale) s
            LEFT JOIN (${found}) h ON true`,
        { enable_seqscan: 'off', jit: 'off' },
        { reusePlan: true },
      );
      return {
        stale: raw[0]?.stale === true,
        rows: raw.filter((row) => row.source != null).map(toFoundRow),
      };
    },

    /** Per source, the documents a tenant's searches look through and the records queued for it. */
    status: (tenantId: string): Promise<Map<string, { documents: number; pending: number }>> =>
      db.withTenant(tenantId, async (tx) => {
        const figures = new Map<string, { documents: number; pending: number }>();
        const entry = (source: string) => {
          const figure = figures.get(source) ?? { documents: 0, pending: 0 };
          figures.set(source, figure);
          return figure;
        };
        for (const row of rowsOf(
          await tx.execute(sql`SELECT source, count(*) AS n FROM search_documents GROUP BY source`),
        ))
          entry(String(row.source)).documents = Number(row.n);
        for (const row of rowsOf(
          await tx.execute(
            sql`SELECT source, count(DISTINCT record_id) AS n FROM search_pending GROUP BY source`,
          ),
        ))
          entry(String(row.source)).pending = Number(row.n);
        return figures;
      }),
  };
};

const toFoundRow = (row: RawRow): FoundRow => ({
  source: String(row.source),
  recordId: String(row.record_id),
  title: String(row.title),
  subtitle: (row.subtitle as string | null) ?? null,
  body: (row.body as string | null) ?? null,
  open: row.open as SearchOpen,
  rank: Number(row.rank),
});

export type SearchRepo = ReturnType<typeof createSearchRepo>;
