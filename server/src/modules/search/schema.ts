import {
  bigint,
  bigserial,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** A tsvector written as its literal text (the tokenizer's output); read back as text. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Migration 0028: one row per searchable record of any source (tenant_id null: the catalogue). */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').notNull(),
    recordId: text('record_id').notNull(),
    tenantId: text('tenant_id'),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    body: text('body'),
    open: jsonb('open').notNull(),
    tokenizerVersion: integer('tokenizer_version').notNull(),
    indexedAt: timestamp('indexed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.source, t.recordId)],
);

/** Migration 0028: the tsvector of each document (no row-level security: see the migration). */
export const searchIndex = pgTable('search_index', {
  documentId: bigint('document_id', { mode: 'number' }).primaryKey(),
  tsv: tsvector('tsv').notNull(),
  titleLength: integer('title_length').notNull(),
  /** Migration 0039: the access tag every viewer who may find the document holds (see source.ts). */
  scope: text('scope'),
});

/** Migration 0028: records changed since they were indexed, queued by triggers. */
export const searchPending = pgTable('search_pending', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  source: text('source').notNull(),
  recordId: text('record_id').notNull(),
  tenantId: text('tenant_id'),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Migration 0028: a tenant's search settings (sources, weights, synonyms, hot words). */
export const searchSettings = pgTable('search_settings', {
  tenantId: text('tenant_id').primaryKey(),
  settings: jsonb('settings').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Migration 0028: searches per tenant, day and normalised query. */
export const searchQueryStats = pgTable(
  'search_query_stats',
  {
    tenantId: text('tenant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    withoutResults: integer('without_results').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.query] })],
);
