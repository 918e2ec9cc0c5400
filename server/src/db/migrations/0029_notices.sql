-- Notices (issue 15, /umpNotice and /umpNoticeDetail). A tenant's notices reach the members of its
-- audience; the platform's notices (platform_notices) reach every member of every tenant. The body
-- is kept as sanitised HTML only (the server's allow-list runs before every write). status is what
-- the administrator did (draft, published, revoked); "scheduled" and "expired" follow from
-- publish_at and expires_at at read time, so nothing has to run when the time comes.
CREATE TABLE notices (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('notice', 'announcement')),
  level text NOT NULL CHECK (level IN ('normal', 'important', 'urgent')),
  body text NOT NULL,
  -- The attached files as the files module described them (id, name, type, size, url).
  attachments jsonb NOT NULL DEFAULT '[]',
  audience_kind text NOT NULL CHECK (audience_kind IN ('all', 'departments', 'roles', 'users')),
  department_ids jsonb NOT NULL DEFAULT '[]',
  include_sub_departments boolean NOT NULL DEFAULT true,
  role_ids jsonb NOT NULL DEFAULT '[]',
  account_ids jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'revoked')),
  publish_at timestamptz,
  expires_at timestamptz,
  pinned boolean NOT NULL DEFAULT false,
  must_read boolean NOT NULL DEFAULT false,
  created_by text,
  created_by_name text,
  published_at timestamptz,
  revoked_at timestamptz,
  -- When those who had not read it were last reminded (at most once in ten minutes).
  reminded_at timestamptz,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (expires_at IS NULL OR publish_at IS NULL OR expires_at > publish_at)
);
CREATE INDEX notices_live_idx ON notices (tenant_id, status, publish_at DESC);
SELECT uniwim_enable_tenant_isolation('notices');

CREATE TABLE platform_notices (
  id text PRIMARY KEY,
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('notice', 'announcement')),
  level text NOT NULL CHECK (level IN ('normal', 'important', 'urgent')),
  body text NOT NULL,
  -- The attached files as the files module described them (id, name, type, size, url).
  attachments jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'revoked')),
  publish_at timestamptz,
  expires_at timestamptz,
  pinned boolean NOT NULL DEFAULT false,
  must_read boolean NOT NULL DEFAULT false,
  created_by text,
  created_by_name text,
  published_at timestamptz,
  revoked_at timestamptz,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at IS NULL OR publish_at IS NULL OR expires_at > publish_at)
);
CREATE INDEX platform_notices_live_idx ON platform_notices (status, publish_at DESC);

-- Who read which notice (a platform notice's reads are kept in the reader's tenant), and when a
-- must-read notice was confirmed.
CREATE TABLE notice_reads (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  notice_id text NOT NULL,
  account_id text NOT NULL,
  read_at timestamptz NOT NULL DEFAULT now(),
  confirmed_at timestamptz,
  PRIMARY KEY (tenant_id, notice_id, account_id)
);
CREATE INDEX notice_reads_account_idx ON notice_reads (tenant_id, account_id);
SELECT uniwim_enable_tenant_isolation('notice_reads');

-- The tenant's page (its menu entry since migration 0004) now asks for its code; the platform's own.
UPDATE admin_menu_items SET permission = 'notice:list' WHERE id = 'am-notices';
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-notices', 'am-system', '平台通知公告', '/umpNotice?scope=dmp', 12, true, 'platform-notice:list');
