-- Issue 16, /loginLog: where and on what each sign-in (and each usage log) came from, parsed once
-- as the row is written (server/src/modules/client-info: region from the offline ip2region database,
-- device, operating system and browser from the User-Agent). Migration 0038 adds the same columns with
-- IF NOT EXISTS, so either order works.
ALTER TABLE login_logs
  ADD COLUMN IF NOT EXISTS region_country text,
  ADD COLUMN IF NOT EXISTS region_province text,
  ADD COLUMN IF NOT EXISTS region_city text,
  ADD COLUMN IF NOT EXISTS device_type text,
  ADD COLUMN IF NOT EXISTS os text,
  ADD COLUMN IF NOT EXISTS browser text,
  ADD COLUMN IF NOT EXISTS client text,
  -- 'new-region', 'new-device', 'failure-burst': rows that look wrong, set at write time.
  ADD COLUMN IF NOT EXISTS flags text[] NOT NULL DEFAULT '{}';
ALTER TABLE usage_logs
  ADD COLUMN IF NOT EXISTS region_country text,
  ADD COLUMN IF NOT EXISTS region_province text,
  ADD COLUMN IF NOT EXISTS region_city text,
  ADD COLUMN IF NOT EXISTS device_type text,
  ADD COLUMN IF NOT EXISTS os text,
  ADD COLUMN IF NOT EXISTS browser text,
  ADD COLUMN IF NOT EXISTS client text;

-- The regions and devices each account has signed in from (successful sign-ins only): a sign-in
-- from a pair not yet here is flagged, once the account has any. One primary-key probe per account
-- and batch, instead of a scan of the account's past sign-ins; it also outlives the log's retention.
-- Accounts are the platform's (an account may belong to several tenants): platform scope only.
CREATE TABLE login_footprints (
  account_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('region', 'device')),
  key text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, kind, key)
);
ALTER TABLE login_footprints ENABLE ROW LEVEL SECURITY;
ALTER TABLE login_footprints FORCE ROW LEVEL SECURITY;
CREATE POLICY platform_only ON login_footprints
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');

-- Bursts of failures: the recent failures of one account name or one address, read with LIMIT 5.
CREATE INDEX login_logs_failure_name_idx ON login_logs (lower(username), created_at)
  WHERE result = 'failure';
CREATE INDEX login_logs_failure_ip_idx ON login_logs (ip, created_at) WHERE result = 'failure';

-- The list's first page: newest first within the tenant (login_logs_tenant_time_idx, migration 0002)
-- or across tenants (below); the common narrowing filters get their own ordered index so a rare
-- value does not walk the whole time range.
CREATE INDEX login_logs_time_idx ON login_logs (created_at DESC, id DESC);
CREATE INDEX login_logs_tenant_result_time_idx ON login_logs (tenant_id, result, created_at DESC);
CREATE INDEX login_logs_tenant_name_time_idx ON login_logs (tenant_id, lower(username), created_at DESC);
CREATE INDEX login_logs_tenant_flagged_time_idx ON login_logs (tenant_id, created_at DESC)
  WHERE flags <> '{}';

-- The page's menu entries: the tenant's (opened by its first code) and the platform's, every tenant.
UPDATE admin_menu_items SET permission = 'login-log:list' WHERE id = 'am-login-log';
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-login-log', 'am-logs', '登录日志（全部租户）', '/loginLog?scope=dmp', 5, true, 'login-log:list-all');
