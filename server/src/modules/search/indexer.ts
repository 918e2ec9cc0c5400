import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { loadLexicon } from './lexicon';
import { searchDocuments, searchIndex } from './schema';
import type { SearchDocument, SearchSource } from './source';
import { anyOf, rowsOf } from './sources/sql';
import { type IndexField, indexVector, type Lexicon } from './tokens';

/**
 * Bumped whenever the tokenizer or a source's document changes shape: documents written by an older
 * version are queued again when a server of this version starts.
 */
// 2: access tags qualified by their source (see sourceTagOf); documents of version 1 are rewritten.
// 3: the document's scope beside its vector (migration 0039).
export const TOKENIZER_VERSION = 3;
/** Records taken off the queue per transaction. */
export const INDEX_BATCH = 500;
/** Serialises indexers of every instance: the queue is taken in order, once. */
const INDEXER_LOCK_KEY = 727_028;
/** The body kept for snippets; the index itself reads up to MAX_INDEXED_CHARACTERS. */
const STORED_BODY_CHARACTERS = 2_000;

/** Access tags in the index: `@` keeps them apart from any word a query can produce. */
export const accessLexeme = (tag: string) => `@${tag}`;
export const sourceTag = (source: string) => `source:${source}`;
export const tenantTag = (tenantId: string | null) => (tenantId ? `tenant:${tenantId}` : 'tenant:none');
/**
 * A record's access tag as the index holds it: qualified by its source. Sources share tags (the
 * applications and the menu items both carry `app:<id>`); qualified, a tag's posting list holds one
 * source's records only, and a source's search need not intersect them with the source's own tag,
 * whose list is as long as the source (the GIN index then walks far less: on PGlite a search's time).
 */
export const sourceTagOf = (source: string, tag: string) => `${source}/${tag}`;

/** A scope as search_index.scope holds it: the qualified tag's lexeme, as in the vector. */
export const scopeKey = (source: string, scope: string) => accessLexeme(sourceTagOf(source, scope));

const fieldsOf = (document: SearchDocument): IndexField[] => {
  const fields: IndexField[] = [{ text: document.title, weight: 'A', pinyin: document.pinyinTitle === true }];
  if (document.subtitle) fields.push({ text: document.subtitle, weight: 'C' });
  if (document.keywords?.length) fields.push({ text: document.keywords.join(' '), weight: 'B' });
  if (document.body) fields.push({ text: document.body, weight: 'D' });
  return fields;
};

/** The rows a document becomes: its text for the answer (document), its vector for the index. */
export const documentRow = (source: SearchSource, document: SearchDocument, lexicon: Lexicon) => {
  const tags = [
    sourceTag(source.name),
    ...(document.tenantId ? [sourceTagOf(source.name, tenantTag(document.tenantId))] : []),
    ...(document.tags ?? []).map((tag) => sourceTagOf(source.name, tag)),
  ].map(accessLexeme);
  return {
    document: {
      source: source.name,
      recordId: document.recordId,
      tenantId: document.tenantId,
      title: document.title,
      subtitle: document.subtitle || null,
      body: document.body ? document.body.slice(0, STORED_BODY_CHARACTERS) : null,
      open: document.open,
      tokenizerVersion: TOKENIZER_VERSION,
    },
    tsv: indexVector(fieldsOf(document), tags, lexicon),
    titleLength: document.title.length,
    scope: document.scope ? scopeKey(source.name, document.scope) : null,
  };
};

interface Taken {
  seq: number;
  source: string;
  recordId: string;
}

export interface IndexerDeps {
  db: Database;
  sources: readonly SearchSource[];
  onError?: (error: unknown) => void;
}

/**
 * Keeps the index current: takes queued records (search_pending, filled by triggers) in order, asks
 * their source for their documents, and replaces their rows, one batch per transaction.
 */
export const createSearchIndexer = ({ db, sources }: IndexerDeps) => {
  const byName = new Map(sources.map((source) => [source.name, source]));
  /** Queue rows this instance took since the last maintenance (each a dead row until a vacuum). */
  let takenSinceMaintenance = 0;

  const writeBatch = async (tx: Tx, taken: Taken[], lexicon: Lexicon) => {
    const bySource = new Map<string, Set<string>>();
    for (const { source, recordId } of taken) {
      const ids = bySource.get(source) ?? new Set<string>();
      ids.add(recordId);
      bySource.set(source, ids);
    }
    for (const [name, idSet] of bySource) {
      const ids = [...idSet];
      await tx.execute(
        sql`DELETE FROM search_documents WHERE source = ${name} AND record_id = ${anyOf(ids)}`,
      );
      // Their index rows go with them (ON DELETE CASCADE). A source no longer registered (a section
      // removed): its documents go, nothing replaces them.
      const source = byName.get(name);
      if (!source) continue;
      const rows = (await source.documents(tx, ids)).map((document) =>
        documentRow(source, document, lexicon),
      );
      for (let start = 0; start < rows.length; start += INDEX_BATCH) {
        const slice = rows.slice(start, start + INDEX_BATCH);
        const written = await tx
          .insert(searchDocuments)
          .values(slice.map((row) => row.document))
          .returning({ id: searchDocuments.id, recordId: searchDocuments.recordId });
        const idOf = new Map(written.map((row) => [row.recordId, row.id]));
        await tx.insert(searchIndex).values(
          slice.map((row) => ({
            documentId: idOf.get(row.document.recordId)!,
            tsv: row.tsv,
            titleLength: row.titleLength,
            scope: row.scope,
          })),
        );
      }
    }
  };

  /**
   * One batch. `wait`: wait for another instance's batch (a search that must read current data);
   * otherwise give way to it. Answers how many queued rows were taken (0: empty, or given way).
   */
  const indexBatch = async (wait: boolean): Promise<number> => {
    const lexicon = await loadLexicon(); // before the transaction: loading takes a while the first time
    return db.asPlatform(async (tx) => {
      if (wait) await tx.execute(sql`SELECT pg_advisory_xact_lock(${INDEXER_LOCK_KEY})`);
      else {
        const [lock] = rowsOf(
          await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${INDEXER_LOCK_KEY}) AS locked`),
        );
        if (lock?.locked !== true) return 0;
      }
      const taken = rowsOf(
        await tx.execute(
          sql`SELECT seq, source, record_id FROM search_pending ORDER BY seq LIMIT ${INDEX_BATCH}`,
        ),
      ).map((row) => ({ seq: Number(row.seq), source: String(row.source), recordId: String(row.record_id) }));
      if (taken.length === 0) return 0;
      await writeBatch(tx, taken, lexicon);
      const seqs = JSON.stringify(taken.map((row) => row.seq));
      await tx.execute(sql`
        DELETE FROM search_pending
        WHERE seq = ANY (ARRAY(SELECT value::bigint FROM jsonb_array_elements_text(${seqs}::jsonb)))`);
      takenSinceMaintenance += taken.length;
      return taken.length;
    });
  };

  return {
    indexBatch,

    /** Indexes until the queue is empty (or `maxBatches` were done); answers the records taken. */
    drain: async ({ wait = false, maxBatches = Number.POSITIVE_INFINITY } = {}): Promise<number> => {
      let total = 0;
      for (let batch = 0; batch < maxBatches; batch++) {
        const taken = await indexBatch(wait);
        total += taken;
        if (taken < INDEX_BATCH) break;
      }
      return total;
    },

    /**
     * Queues the documents an older tokenizer wrote, so they are written again the current way. Two
     * ranges rather than <>, which the tokenizer_version index (migration 0042) cannot answer.
     */
    queueOutdated: (): Promise<void> =>
      db.asPlatform(async (tx) => {
        await tx.execute(sql`
          INSERT INTO search_pending (source, record_id, tenant_id)
          SELECT source, record_id, tenant_id FROM search_documents
          WHERE tokenizer_version < ${TOKENIZER_VERSION} OR tokenizer_version > ${TOKENIZER_VERSION}`);
      }),

    /**
     * After a large change: the queue's dead rows cleared and fresh planner statistics. PGlite has no
     * autovacuum: the queue's index kept every row ever taken (after 100,000 records, 275 pages read
     * by the emptiness check of every search), and a plan made for an empty index would read a large
     * one the slow way. VACUUM cannot run in a transaction: a statement of its own.
     */
    analyze: async () => {
      takenSinceMaintenance = 0;
      await db.admin.exec('VACUUM search_pending');
      await db.admin.exec('ANALYZE search_documents, search_index, search_pending');
    },

    /** Queue rows taken by this instance since the last analyze(). */
    takenSinceMaintenance: () => takenSinceMaintenance,

    /** Whether anything waits to be indexed, across the platform. */
    hasPending: (): Promise<boolean> =>
      db.asPlatform(async (tx) => {
        const [row] = rowsOf(await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM search_pending) AS pending`));
        return row?.pending === true;
      }),
  };
};

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
