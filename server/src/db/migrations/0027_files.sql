-- Files (issue 14, /resourceManagement): every upload of the product goes through one module. The
-- content lives in the file storage (DATA_DIR or an S3-compatible bucket) under storage_key; this
-- table holds what is known about it. tenant_id NULL is the platform's own files (manuals, packages).
-- content_type is decided from the bytes when the file arrives, never from its name.
CREATE TABLE files (
  id text PRIMARY KEY,
  tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  sha256 text NOT NULL,
  storage_key text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('image', 'document', 'package', 'attachment')),
  -- Uploaded to the file library itself (the files page): never cleaned up as unused.
  kept boolean NOT NULL DEFAULT false,
  uploaded_by text,
  uploaded_by_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the file was deleted: it is no longer served or counted; the sweep removes its content.
  deleted_at timestamptz
);
CREATE INDEX files_tenant_created_idx ON files (tenant_id, created_at DESC, id) WHERE deleted_at IS NULL;
CREATE INDEX files_deleted_idx ON files (deleted_at) WHERE deleted_at IS NOT NULL;
SELECT uniwim_enable_tenant_isolation('files');

-- Which records use a file: a file in use cannot be deleted, and a file nothing uses is cleaned up
-- after a grace period. tenant_id is the scope of the record (NULL for a platform record).
CREATE TABLE file_references (
  tenant_id text,
  file_id text NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  resource text NOT NULL,
  record_id text NOT NULL,
  field text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (file_id, resource, record_id, field)
);
CREATE INDEX file_references_record_idx ON file_references (resource, record_id);
SELECT uniwim_enable_tenant_isolation('file_references');

-- A tenant's storage in use, kept by every upload and delete in the same transaction: the quota is
-- checked and taken in one statement, so two uploads at once cannot both pass the last free bytes.
-- quota_bytes NULL: the installation's default (FILES_TENANT_QUOTA_BYTES).
CREATE TABLE file_usage (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  used_bytes bigint NOT NULL DEFAULT 0 CHECK (used_bytes >= 0),
  file_count integer NOT NULL DEFAULT 0 CHECK (file_count >= 0),
  quota_bytes bigint CHECK (quota_bytes IS NULL OR quota_bytes >= 0)
);
SELECT uniwim_enable_tenant_isolation('file_usage');

-- The key that signs expiring links to files, shared by every instance (platform data, no tenant).
CREATE TABLE file_link_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The platform's own files (manuals, packages, its sign-in images) on the same page in the platform's
-- scope; tenants reach /resourceManagement through their console's 资源管理 (am-resources).
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-files', 'am-tenants', '平台文件', '/resourceManagement?scope=dmp', 7, true, 'file:list');
