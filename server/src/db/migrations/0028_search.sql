-- The header search (issue 14, /searchSet): one index for every source, its queue of changed
-- records, each tenant's search settings and its query figures.

-- One row per searchable record of any source: what the answer shows (title, subtitle, body for the
-- snippet, how the shell opens it). tenant_id NULL is the platform's catalogue (applications, menu
-- items, the admin console), read by every tenant and filtered per user by its source; anything
-- else belongs to one tenant, and row-level security keeps it there.
CREATE TABLE search_documents (
  id bigserial PRIMARY KEY,
  source text NOT NULL,
  record_id text NOT NULL,
  tenant_id text,
  title text NOT NULL,
  subtitle text,
  body text,
  open jsonb NOT NULL,
  tokenizer_version integer NOT NULL,
  indexed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, record_id)
);
ALTER TABLE search_documents ENABLE ROW LEVEL SECURITY;
ALTER TABLE search_documents FORCE ROW LEVEL SECURITY;
CREATE POLICY catalogue_or_tenant ON search_documents
  USING (
    tenant_id IS NULL
    OR tenant_id = (SELECT current_setting('app.tenant_id', true))
    OR (SELECT current_setting('app.scope', true)) = 'platform'
  )
  WITH CHECK (
    tenant_id = (SELECT current_setting('app.tenant_id', true))
    OR (SELECT current_setting('app.scope', true)) = 'platform'
  );

-- The index itself, one row per document: the tsvector the application's one tokenizer wrote
-- (server/src/modules/search/tokens.ts: Chinese bigrams and unigrams, dictionary words, lower-cased
-- Latin words, pinyin of names, and access tags), because PostgreSQL has no Chinese parser, least of
-- all in PGlite: the same SQL then runs on both engines.
-- A table of its own, without row-level security, because a GIN index cannot serve a table under
-- it: @@ is not LEAKPROOF, so the planner must check the policy on every row before the match and
-- reads the whole table (100,000 documents: half a second). Isolation does not rest on it: a
-- tenant's documents carry the tag @tenant:<id> that a search of another tenant never asks for,
-- and a candidate becomes an answer only through search_documents, under its policy. The vector
-- alone holds lexemes and tags, never a document's text.
CREATE TABLE search_index (
  document_id bigint PRIMARY KEY REFERENCES search_documents (id) ON DELETE CASCADE,
  tsv tsvector NOT NULL,
  -- Shorter titles first among equal ranks, without reading the documents of every candidate.
  title_length integer NOT NULL
);
-- fastupdate off: new entries go into the index at once instead of a pending list every search
-- scans until a vacuum merges it; PGlite has no autovacuum, and with the list a search at 100,000
-- documents took ten times as long.
CREATE INDEX search_index_tsv_idx ON search_index USING gin (tsv) WITH (fastupdate = off);

-- Records changed since they were indexed, queued by triggers so no write path can forget to
-- (the menu versions' principle, migration 0004). Any writer may queue, whatever its scope (a
-- tenant administrator's write queues a catalogue record too); only the platform's indexer reads
-- the whole queue and takes rows off it; a tenant sees its own rows and the catalogue's, which is
-- how a search knows whether what it would read is current.
CREATE TABLE search_pending (
  seq bigserial PRIMARY KEY,
  source text NOT NULL,
  record_id text NOT NULL,
  tenant_id text,
  queued_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE search_pending ENABLE ROW LEVEL SECURITY;
ALTER TABLE search_pending FORCE ROW LEVEL SECURITY;
CREATE POLICY anyone_queues ON search_pending FOR INSERT WITH CHECK (true);
CREATE POLICY catalogue_or_tenant_reads ON search_pending FOR SELECT
  USING (
    tenant_id IS NULL
    OR tenant_id = (SELECT current_setting('app.tenant_id', true))
    OR (SELECT current_setting('app.scope', true)) = 'platform'
  );
CREATE POLICY platform_takes ON search_pending FOR DELETE
  USING ((SELECT current_setting('app.scope', true)) = 'platform');

-- Queues the written row for the source named by the trigger's first argument. A source's table
-- gets one line: CREATE TRIGGER ... FOR EACH ROW EXECUTE FUNCTION search_queue_record('notices').
-- The record id is the row's `id`, its tenant the row's `tenant_id` (absent: the catalogue).
CREATE FUNCTION search_queue_record() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  written jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    written := to_jsonb(OLD);
  ELSE
    written := to_jsonb(NEW);
  END IF;
  INSERT INTO search_pending (source, record_id, tenant_id)
  VALUES (TG_ARGV[0], written ->> 'id', written ->> 'tenant_id');
  -- A record whose id changed leaves its old document behind: queue that id too.
  IF TG_OP = 'UPDATE' AND to_jsonb(OLD) ->> 'id' IS DISTINCT FROM written ->> 'id' THEN
    INSERT INTO search_pending (source, record_id, tenant_id)
    VALUES (TG_ARGV[0], to_jsonb(OLD) ->> 'id', to_jsonb(OLD) ->> 'tenant_id');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER applications_search AFTER INSERT OR UPDATE OR DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION search_queue_record('applications');
CREATE TRIGGER menu_items_search AFTER INSERT OR UPDATE OR DELETE ON menu_items
  FOR EACH ROW EXECUTE FUNCTION search_queue_record('menus');
CREATE TRIGGER admin_menu_items_search AFTER INSERT OR UPDATE OR DELETE ON admin_menu_items
  FOR EACH ROW EXECUTE FUNCTION search_queue_record('admin-pages');

-- A menu item's document names its application and its parent: renaming either queues the items
-- that show the name. (A tenant's own public items carry its tenant_id, migration 0024; read through
-- to_jsonb so this holds whichever columns the table has.)
CREATE FUNCTION search_queue_named_children() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'applications' THEN
    INSERT INTO search_pending (source, record_id, tenant_id)
    SELECT 'menus', m.id, to_jsonb(m) ->> 'tenant_id' FROM menu_items m WHERE m.application_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'menu_items' THEN
    INSERT INTO search_pending (source, record_id, tenant_id)
    SELECT 'menus', m.id, to_jsonb(m) ->> 'tenant_id' FROM menu_items m WHERE m.parent_id = NEW.id;
  ELSE
    INSERT INTO search_pending (source, record_id)
    SELECT 'admin-pages', m.id FROM admin_menu_items m WHERE m.parent_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER applications_search_names AFTER UPDATE OF name ON applications
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION search_queue_named_children();
CREATE TRIGGER menu_items_search_names AFTER UPDATE OF name ON menu_items
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION search_queue_named_children();
CREATE TRIGGER admin_menu_items_search_names AFTER UPDATE OF name ON admin_menu_items
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION search_queue_named_children();

-- What exists already is indexed by the first indexer run.
INSERT INTO search_pending (source, record_id) SELECT 'applications', id FROM applications;
INSERT INTO search_pending (source, record_id, tenant_id)
SELECT 'menus', m.id, to_jsonb(m) ->> 'tenant_id' FROM menu_items m;
INSERT INTO search_pending (source, record_id) SELECT 'admin-pages', id FROM admin_menu_items;

-- A tenant's search settings: sources on or off and their weights, synonyms, hot words. No row:
-- every source on at its default weight, nothing else. version counts saves (optimistic locking).
CREATE TABLE search_settings (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  settings jsonb NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
SELECT uniwim_enable_tenant_isolation('search_settings');

-- What a tenant's users searched, per day and normalised query: the settings page's top queries
-- and queries without results. Counted in memory and added here every few seconds.
CREATE TABLE search_query_stats (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  day date NOT NULL,
  query text NOT NULL,
  searches integer NOT NULL DEFAULT 0,
  without_results integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, day, query)
);
SELECT uniwim_enable_tenant_isolation('search_query_stats');
