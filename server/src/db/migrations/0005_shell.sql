-- The shell's server calls: usage logs, dictionaries and parameters.

-- One row per application opened (type 1) or package downloaded (type 2). Signed-in users' rows carry
-- their account and the session's tenant; visitors' rows carry their visitor id and the tenant of the
-- page they were on, or none. Rows without a tenant are visible on platform paths only (like login_logs).
-- No foreign keys: a log outlives the account, tenant or application it names.
CREATE TABLE usage_logs (
  tenant_id text,
  id text NOT NULL,
  account_id text,
  visitor_id text,
  user_name text NOT NULL,
  source text NOT NULL,
  type smallint NOT NULL CHECK (type IN (1, 2)),
  application_id text NOT NULL,
  application_name text,
  function_id text,
  function_name text,
  path text,
  result smallint NOT NULL CHECK (result IN (0, 1)),
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id),
  CHECK ((account_id IS NULL) <> (visitor_id IS NULL))
);
CREATE INDEX usage_logs_tenant_time_idx ON usage_logs (tenant_id, created_at DESC);
SELECT uniwim_enable_tenant_isolation('usage_logs');

-- Dictionaries: the platform's defaults, and a tenant's own dictionary of the same code replacing the
-- default as a whole. items is a JSON array of {value, name, sort}, validated by the code that writes it.
CREATE TABLE platform_dictionaries (
  code text PRIMARY KEY,
  name text NOT NULL,
  items jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(items) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_dictionaries (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  items jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(items) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, code)
);
SELECT uniwim_enable_tenant_isolation('tenant_dictionaries');

-- Parameters (GET /ump/param/get): platform defaults, overridden per tenant key by key.
CREATE TABLE platform_params (
  key text PRIMARY KEY,
  value text NOT NULL,
  description text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenant_params (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL,
  description text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, key)
);
SELECT uniwim_enable_tenant_isolation('tenant_params');
