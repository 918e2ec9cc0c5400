-- API credentials (issue 12, /dmpInterfaceAuthorization): client credentials a platform operator
-- issues to a tenant or an application, the short-lived tokens the OAuth token endpoint
-- (POST /dmp/oauth/token, RFC 6749 section 4.4) hands out for them, calls per day, and the access log
-- of every call made with them.
--
-- Credentials and tokens are platform data, not tenant data: they are issued and managed on platform
-- paths only, and the token endpoint must find a credential before any tenant is known. They hold
-- secret hashes of every tenant, so the tables are under forced row-level security with a policy that
-- admits the platform scope only (as log_dead_letters): a tenant transaction, or one with nothing
-- set, sees and writes no row. The tenant a credential acts for is owner_tenant_id, deliberately not
-- tenant_id: it names the tenant whose data the credential reads, it does not make the row the
-- tenant's.

CREATE TABLE api_clients (
  -- The client id: generated (uwc_ + 20 random hex digits), shown to operators, sent by clients.
  id text PRIMARY KEY,
  name text NOT NULL,
  description text,
  owner_tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  application_id text REFERENCES applications (id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  -- Addresses and CIDR networks (IPv4, IPv6) calls may come from; empty admits any address.
  ip_allow_list text[] NOT NULL DEFAULT '{}',
  rate_per_minute integer NOT NULL CHECK (rate_per_minute > 0),
  token_ttl_seconds integer NOT NULL CHECK (token_ttl_seconds BETWEEN 60 AND 3600),
  expires_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled', 'revoked')),
  -- SHA-256 (hex) of the current secret; the secret itself is shown once and never stored.
  secret_hash text NOT NULL,
  secret_issued_at timestamptz NOT NULL DEFAULT now(),
  -- The secret before the last rotation keeps working until previous_secret_valid_until.
  previous_secret_hash text,
  previous_secret_valid_until timestamptz,
  last_used_at timestamptz,
  last_used_ip text,
  revoked_at timestamptz,
  created_by text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (owner_tenant_id IS NOT NULL OR application_id IS NOT NULL)
);
CREATE INDEX api_clients_created_idx ON api_clients (created_at DESC, id);
CREATE INDEX api_clients_tenant_idx ON api_clients (owner_tenant_id);
CREATE INDEX api_clients_application_idx ON api_clients (application_id);

-- Access tokens of the client-credentials grant: opaque, only their SHA-256 kept. The scopes are
-- those granted at issue (a subset of the credential's); revoking or disabling the credential ends
-- them at once, because every use reads the credential's status beside the token.
CREATE TABLE api_client_tokens (
  token_hash text PRIMARY KEY,
  client_id text NOT NULL REFERENCES api_clients (id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  expires_at timestamptz NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_client_tokens_client_idx ON api_client_tokens (client_id, expires_at);

-- Calls per credential and day (China Standard Time), counted in memory and added here every few
-- seconds, so a call costs no write of its own.
CREATE TABLE api_client_daily_calls (
  client_id text NOT NULL REFERENCES api_clients (id) ON DELETE CASCADE,
  day date NOT NULL,
  calls bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (client_id, day)
);

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['api_clients', 'api_client_tokens', 'api_client_daily_calls'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY platform_only ON %I USING (current_setting(''app.scope'', true) = ''platform'') '
      'WITH CHECK (current_setting(''app.scope'', true) = ''platform'')',
      t
    );
  END LOOP;
END $$;

-- Every call made with a client token, and every token request of a known client: written behind in
-- batches like the login and usage logs. tenant_id is the credential's tenant: these rows are the
-- tenant's data (its access log page reads them later), NULL for a credential of an application only.
-- No foreign keys: a log outlives the credential it names.
CREATE TABLE api_access_logs (
  tenant_id text,
  id text PRIMARY KEY,
  client_id text NOT NULL,
  method text NOT NULL,
  route text NOT NULL,
  path text NOT NULL,
  status smallint NOT NULL,
  duration_ms integer NOT NULL,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_access_logs_tenant_time_idx ON api_access_logs (tenant_id, created_at DESC);
CREATE INDEX api_access_logs_client_time_idx ON api_access_logs (client_id, created_at DESC);
SELECT uniwim_enable_tenant_isolation('api_access_logs');

-- A usage log may now come from an application's credential (scope usage-log:write) instead of a
-- signed-in user or a visitor: exactly one of the three names who sent it.
ALTER TABLE usage_logs ADD COLUMN api_client_id text;
ALTER TABLE usage_logs DROP CONSTRAINT usage_logs_check;
ALTER TABLE usage_logs ADD CONSTRAINT usage_logs_one_sender
  CHECK (num_nonnulls(account_id, visitor_id, api_client_id) = 1);
