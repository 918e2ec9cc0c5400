-- Foundation: platform-level identity and configuration, tenant-owned data under row-level security.
-- Tenant-owned tables keep tenant_id as the leading column of every key and index so they can later
-- be distributed by tenant.

CREATE TABLE tenants (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL UNIQUE,
  domain text UNIQUE,
  cloud text NOT NULL DEFAULT '1',
  sys_type text NOT NULL DEFAULT 's1',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  expires_at timestamptz,
  allow_self_registration boolean NOT NULL DEFAULT false,
  legacy_login_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE accounts (
  id text PRIMARY KEY,
  sn text NOT NULL UNIQUE,
  username text NOT NULL UNIQUE,
  mobile text UNIQUE,
  name text NOT NULL,
  password_hash text,
  password_changed_at timestamptz,
  must_change_password boolean NOT NULL DEFAULT false,
  is_platform_admin boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE platform_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rsa_keys (
  id text PRIMARY KEY,
  public_key_pem text NOT NULL,
  private_key_pem text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one active key: concurrent first starts of several instances agree on one pair.
CREATE UNIQUE INDEX rsa_keys_one_active ON rsa_keys (active) WHERE active;

CREATE TABLE sessions (
  id text PRIMARY KEY,
  family_id text NOT NULL,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  access_token_hash text NOT NULL UNIQUE,
  refresh_token_hash text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  refresh_expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz,
  channel text NOT NULL DEFAULT 'web',
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_account_idx ON sessions (account_id);
CREATE INDEX sessions_family_idx ON sessions (family_id);

CREATE TABLE applications (
  id text PRIMARY KEY,
  app_key text NOT NULL UNIQUE,
  name text NOT NULL,
  version text NOT NULL DEFAULT '1.0.0',
  internal_link text,
  external_link text,
  operating_manual text,
  package_path text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE menu_items (
  id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  parent_id text REFERENCES menu_items (id) ON DELETE CASCADE,
  name text NOT NULL,
  link text,
  effect_drawing text,
  sort integer NOT NULL DEFAULT 0,
  reload boolean NOT NULL DEFAULT false,
  monitor boolean NOT NULL DEFAULT false,
  monitor_url text,
  menu_style integer,
  internal_network text,
  external_network text,
  operating_manual text,
  target text,
  type text,
  visible_condition text,
  disabled boolean NOT NULL DEFAULT false,
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menu_items_application_idx ON menu_items (application_id, parent_id, sort);

-- Tenant-owned tables.

CREATE TABLE tenant_memberships (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, account_id)
);
-- The one index not led by tenant_id: sign-in without a tenant asks which tenants an account is in.
CREATE INDEX tenant_memberships_account_idx ON tenant_memberships (account_id);

CREATE TABLE roles (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);

CREATE TABLE membership_roles (
  tenant_id text NOT NULL,
  account_id text NOT NULL,
  role_id text NOT NULL,
  PRIMARY KEY (tenant_id, account_id, role_id),
  FOREIGN KEY (tenant_id, account_id) REFERENCES tenant_memberships (tenant_id, account_id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, role_id) REFERENCES roles (tenant_id, id) ON DELETE CASCADE
);

CREATE TABLE tenant_login_configs (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  config jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_applications (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, application_id)
);

CREATE TABLE role_menu_grants (
  tenant_id text NOT NULL,
  role_id text NOT NULL,
  menu_id text NOT NULL REFERENCES menu_items (id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, role_id, menu_id),
  FOREIGN KEY (tenant_id, role_id) REFERENCES roles (tenant_id, id) ON DELETE CASCADE
);

SELECT uniwim_enable_tenant_isolation('tenant_memberships');
SELECT uniwim_enable_tenant_isolation('roles');
SELECT uniwim_enable_tenant_isolation('membership_roles');
SELECT uniwim_enable_tenant_isolation('tenant_login_configs');
SELECT uniwim_enable_tenant_isolation('tenant_applications');
SELECT uniwim_enable_tenant_isolation('role_menu_grants');
