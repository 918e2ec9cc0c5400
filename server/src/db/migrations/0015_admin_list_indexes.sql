-- The tenant list at scale (issue 12's budget: 10,000 tenants, each filter and sort, p95 < 50 ms at
-- 10 clients). Every sort of the live list (deleted_at IS NULL) reads an index in its own order
-- (ORDER BY f ASC|DESC NULLS LAST, id in the same direction), so a page is the first rows of an
-- index and not a sort of every tenant; the counts of the same conditions read the same indexes.

CREATE INDEX tenants_live_code_asc_idx ON tenants (code ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_code_desc_idx ON tenants (code DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_name_asc_idx ON tenants (name ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_name_desc_idx ON tenants (name DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_status_asc_idx ON tenants (status ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_status_desc_idx ON tenants (status DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_members_asc_idx ON tenants (member_count ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_members_desc_idx ON tenants (member_count DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_expires_asc_idx ON tenants (expires_at ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_expires_desc_idx ON tenants (expires_at DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_created_asc_idx ON tenants (created_at ASC NULLS LAST, id ASC) WHERE deleted_at IS NULL;
CREATE INDEX tenants_live_created_desc_idx ON tenants (created_at DESC NULLS LAST, id DESC) WHERE deleted_at IS NULL;
-- The recycle bin (deleted=true) is the few deleted ones.
CREATE INDEX tenants_deleted_idx ON tenants (deleted_at DESC, id) WHERE deleted_at IS NOT NULL;

-- The list's total without a filter (the page as it opens, and every sort) is exact and read from
-- one row: live and deleted tenants counted as rows come and go (statement triggers with transition
-- tables, so an import of thousands is one update per statement; deleting to the recycle bin and
-- restoring move one tenant between the two). Filtered totals count what their indexes find.
CREATE TABLE tenant_totals (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  live integer NOT NULL,
  deleted integer NOT NULL
);
INSERT INTO tenant_totals (live, deleted)
  SELECT count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL) FROM tenants;

CREATE FUNCTION tenant_totals_follow_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  live_delta integer := 0;
  deleted_delta integer := 0;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL)
      INTO live_delta, deleted_delta FROM inserted_tenants;
  ELSE
    SELECT -count(*) FILTER (WHERE deleted_at IS NULL), -count(*) FILTER (WHERE deleted_at IS NOT NULL)
      INTO live_delta, deleted_delta FROM removed_tenants;
  END IF;
  IF live_delta <> 0 OR deleted_delta <> 0 THEN
    UPDATE tenant_totals SET live = live + live_delta, deleted = deleted + deleted_delta;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_totals_insert AFTER INSERT ON tenants
  REFERENCING NEW TABLE AS inserted_tenants FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_follow_rows();
CREATE TRIGGER tenant_totals_delete AFTER DELETE ON tenants
  REFERENCING OLD TABLE AS removed_tenants FOR EACH STATEMENT EXECUTE FUNCTION tenant_totals_follow_rows();

CREATE FUNCTION tenant_totals_follow_bin() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NULL THEN
    UPDATE tenant_totals SET live = live + 1, deleted = deleted - 1;
  ELSE
    UPDATE tenant_totals SET live = live - 1, deleted = deleted + 1;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_totals_bin AFTER UPDATE OF deleted_at ON tenants
  FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION tenant_totals_follow_bin();

-- The domain filter reads one column of tenants: tenant_domains is under row-level security, and
-- ILIKE (not leakproof) cannot use an index below a policy, so a filter over that table reads every
-- domain. A trigger keeps the tenant's domains here, one a line (no domain holds a line break).
ALTER TABLE tenants ADD COLUMN domains_text text NOT NULL DEFAULT '';
CREATE FUNCTION tenant_domains_text_follows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tenants SET domains_text = coalesce((
      SELECT string_agg(d.domain, E'\n' ORDER BY d.domain) FROM tenant_domains d WHERE d.tenant_id = OLD.tenant_id
    ), '') WHERE id = OLD.tenant_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE tenants SET domains_text = coalesce((
      SELECT string_agg(d.domain, E'\n' ORDER BY d.domain) FROM tenant_domains d WHERE d.tenant_id = NEW.tenant_id
    ), '') WHERE id = NEW.tenant_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_domains_text AFTER INSERT OR UPDATE OR DELETE ON tenant_domains
  FOR EACH ROW EXECUTE FUNCTION tenant_domains_text_follows();
UPDATE tenants t SET domains_text = coalesce((
  SELECT string_agg(d.domain, E'\n' ORDER BY d.domain) FROM tenant_domains d WHERE d.tenant_id = t.id
), '');

-- The contains filters (ILIKE '%text%') and the search over code, name and contact: trigram GIN
-- indexes where pg_trgm can be had. PostgreSQL ships it (a trusted extension: the database's owner
-- may create it); the embedded PGlite would need it loaded by every process that opens the files,
-- so there it is not created and those filters scan, which an embedded installation's few tenants
-- afford. Either way the same migration runs, and the queries are the same.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): contains filters scan without trigram indexes', SQLERRM;
END $$;

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX tenants_code_trgm_idx ON tenants USING gin (code gin_trgm_ops);
    CREATE INDEX tenants_name_trgm_idx ON tenants USING gin (name gin_trgm_ops);
    CREATE INDEX tenants_contact_name_trgm_idx ON tenants USING gin (contact_name gin_trgm_ops);
    CREATE INDEX tenants_contact_phone_trgm_idx ON tenants USING gin (contact_phone gin_trgm_ops);
    CREATE INDEX tenants_domains_text_trgm_idx ON tenants USING gin (domains_text gin_trgm_ops);
  END IF;
END $$;
