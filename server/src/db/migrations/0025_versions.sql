-- Application versions (issue 14, /umpVersioning): a version of an application with release notes,
-- a zip package (kept in the files module; its sha256 copied here so it is shown and kept), a
-- minimum supported version and a force-update flag; status draft -> published -> revoked.
-- Platform data: the platform administrators manage it, every tenant reads what is released to it.
CREATE TABLE app_versions (
  id text PRIMARY KEY,
  -- An application leaving the catalogue takes its versions with it.
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  version_number text NOT NULL,
  -- The version's precedence as text in byte order (semverSortKey), compared with COLLATE "C".
  sort_key text NOT NULL,
  release_notes text,
  package_file_id text,
  package_name text,
  package_size bigint,
  package_sha256 text,
  package_entries integer,
  min_supported_version text,
  force_update boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'revoked')),
  revoked_at timestamptz,
  revoked_by text,
  created_by text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Led by the number, so the database's refusal names that field (409 DUPLICATE on versionNumber).
  CONSTRAINT app_versions_version_number_key UNIQUE (version_number, application_id),
  CHECK ((package_file_id IS NULL) = (package_sha256 IS NULL))
);
CREATE INDEX app_versions_application_idx ON app_versions (application_id, sort_key COLLATE "C");
CREATE INDEX app_versions_created_idx ON app_versions (created_at DESC, id);

-- Every publish is an entry here, never changed afterwards: the first publish, a grey release
-- widened, a rollback (an older version published again). What a tenant runs is the newest entry
-- covering it (scope 'all', or a row for it below) whose version is not revoked. `seq` orders
-- entries of the same instant.
CREATE TABLE app_version_releases (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  version_id text NOT NULL REFERENCES app_versions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('publish', 'rollback')),
  scope text NOT NULL CHECK (scope IN ('all', 'tenants')),
  remark text,
  published_by text,
  published_by_name text,
  published_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT app_version_releases_seq_key UNIQUE (seq)
);
CREATE INDEX app_version_releases_application_idx ON app_version_releases (application_id, seq DESC);
CREATE INDEX app_version_releases_version_idx ON app_version_releases (version_id, seq DESC);

-- The chosen tenants of a grey release. A tenant sees only its own rows: enough to know which
-- releases cover it, never whom else a release went to.
CREATE TABLE app_version_release_tenants (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  release_id text NOT NULL REFERENCES app_version_releases (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, release_id)
);
CREATE INDEX app_version_release_tenants_release_idx ON app_version_release_tenants (release_id);
SELECT uniwim_enable_tenant_isolation('app_version_release_tenants');

-- The shell's menu trees carry each application's version (_v): a release or a revocation changes
-- it, so both bump the catalogue counter of 0004 and cached trees are rebuilt on their next request.
CREATE TRIGGER app_version_releases_menu_version AFTER INSERT OR DELETE ON app_version_releases
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();
CREATE TRIGGER app_versions_menu_version AFTER UPDATE OF status OR DELETE ON app_versions
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();

UPDATE admin_menu_items SET permission = 'version:list' WHERE id = 'am-versioning';
