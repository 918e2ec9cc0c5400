-- Tenant settings (issue 13, /tenantSettings): a tenant administrator's own settings page.
-- The short name is part of the basics (name, contact and domains already live on tenants).
ALTER TABLE tenants ADD COLUMN short_name text;

-- The security policy values that are not part of the public sign-in configuration (session and
-- refresh lifetimes, the sign-in IP allow-list, password expiry, dormant-account disabling, the
-- watermark): never served to anonymous visitors, so not in tenant_login_configs.
CREATE TABLE tenant_security_policies (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  policy jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT uniwim_enable_tenant_isolation('tenant_security_policies');

-- Every save of a tenant's settings is a numbered version of that tenant, with the whole snapshot and
-- its field-level diff, so any earlier version can be restored (as a new version). The key holds two
-- saves read at the same version apart: the second answers 409.
CREATE TABLE tenant_settings_history (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  action text NOT NULL CHECK (action IN ('update', 'rollback')),
  restored_version integer,
  snapshot jsonb NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}',
  operator_id text,
  operator_name text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, version)
);
SELECT uniwim_enable_tenant_isolation('tenant_settings_history');
