-- The administration framework (issue 12): the operation log every admin write records in its own
-- transaction, platform roles holding permission codes, and what the tenant pages manage (contact,
-- seat limit, several domains, optimistic locking, the recycle bin).

-- One row per admin write: who, where, what, the changed fields before and after (secrets masked).
-- tenant_id is the tenant acted in (NULL for platform resources): a tenant administrator reads the
-- rows of the tenant only, a platform administrator every row.
CREATE TABLE operation_logs (
  id text PRIMARY KEY,
  tenant_id text,
  operator_id text,
  operator_name text,
  resource text NOT NULL,
  record_id text,
  record_label text,
  action text NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}'::jsonb,
  ip text,
  user_agent text,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_logs_record_idx ON operation_logs (resource, record_id, created_at DESC);
CREATE INDEX operation_logs_time_idx ON operation_logs (created_at DESC, id DESC);
CREATE INDEX operation_logs_operator_idx ON operation_logs (operator_id, created_at DESC);
ALTER TABLE operation_logs ENABLE ROW LEVEL SECURITY;
ALTER TABLE operation_logs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_or_platform ON operation_logs
  USING (tenant_id = current_setting('app.tenant_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true) OR current_setting('app.scope', true) = 'platform');

-- Platform roles: operators of the platform hold the permission codes of their roles. An account
-- with is_platform_admin holds every platform code (the built-in super administrator).
CREATE TABLE platform_roles (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL,
  permissions text[] NOT NULL DEFAULT '{}',
  builtin boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account_platform_roles (
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  role_id text NOT NULL REFERENCES platform_roles (id),
  PRIMARY KEY (account_id, role_id)
);

-- Tenants as the tenant pages manage them.
ALTER TABLE tenants
  ADD COLUMN contact_name text,
  ADD COLUMN contact_phone text,
  ADD COLUMN seat_limit integer CHECK (seat_limit IS NULL OR seat_limit >= 0),
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN deleted_at timestamptz,
  ADD COLUMN deleted_by text,
  ADD COLUMN member_count integer NOT NULL DEFAULT 0;
CREATE INDEX tenants_created_idx ON tenants (created_at DESC, id);
CREATE INDEX tenants_expires_idx ON tenants (expires_at, id);

-- Every domain a tenant's users reach it by, unique across tenants; tenants.domain stays the first
-- (primary) one, which the sign-in page and the seed already use.
CREATE TABLE tenant_domains (
  domain text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tenant_domains_tenant_idx ON tenant_domains (tenant_id);
INSERT INTO tenant_domains (domain, tenant_id) SELECT domain, id FROM tenants WHERE domain IS NOT NULL;

-- The seed and older code paths set tenants.domain: the list follows it.
CREATE FUNCTION tenant_primary_domain_listed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.domain IS NOT NULL THEN
    INSERT INTO tenant_domains (domain, tenant_id) VALUES (NEW.domain, NEW.id) ON CONFLICT (domain) DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tenants_primary_domain_listed AFTER INSERT OR UPDATE OF domain ON tenants
  FOR EACH ROW EXECUTE FUNCTION tenant_primary_domain_listed();

-- A tenant administrator may read the tenant's own domains; platform paths read and write them all.
SELECT uniwim_enable_tenant_isolation('tenant_domains');

-- Seats used, kept by the memberships themselves, so the tenant list sorts and filters by it at
-- 10,000 tenants and a million members without counting them on every request.
CREATE FUNCTION tenant_member_count_follows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tenants SET member_count = member_count + 1 WHERE id = NEW.tenant_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tenants SET member_count = member_count - 1 WHERE id = OLD.tenant_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_memberships_count AFTER INSERT OR DELETE ON tenant_memberships
  FOR EACH ROW EXECUTE FUNCTION tenant_member_count_follows();
UPDATE tenants t SET member_count = (SELECT count(*) FROM tenant_memberships m WHERE m.tenant_id = t.id);
