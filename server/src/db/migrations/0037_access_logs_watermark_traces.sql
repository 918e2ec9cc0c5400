-- Issue 16: the access log pages (/accessLogs) and the watermark log (/ump/waterLog).

-- Watermark trace ids: one row per watermarked view (a shell page, a notice, a file preview) or
-- export, issued when it opens. The id is the 8-character Crockford base32 code drawn in the
-- watermark's text and dot pattern; searching it finds who saw what, when and from where.
-- tenant_id NULL: a view on the platform's own pages (platform paths only, like login_logs).
-- No foreign keys: a trace outlives the account, page or file it names.
CREATE TABLE watermark_traces (
  tenant_id text,
  id text PRIMARY KEY CHECK (id ~ '^[0-9A-HJKMNP-TV-Z]{8}$'),
  account_id text NOT NULL,
  user_name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('page', 'notice', 'file', 'export')),
  target text NOT NULL,
  target_label text,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX watermark_traces_tenant_time_idx ON watermark_traces (tenant_id, created_at DESC);
CREATE INDEX watermark_traces_account_time_idx ON watermark_traces (account_id, created_at DESC);
SELECT uniwim_enable_tenant_isolation('watermark_traces');

-- API calls: the scope the route asked of the credential (NULL for the token endpoint).
ALTER TABLE api_access_logs ADD COLUMN scope text;

-- The access log's first page with a tenant, a time range and one more filter stays an index range
-- at ten million rows: by application, and failures (rare, so a small partial index) per tenant.
-- By type the tenant/time index serves (downloads are one row in nine). The list counts its matches
-- up to 10,001 from these indexes too, without visiting the rows.
CREATE INDEX usage_logs_tenant_application_time_idx ON usage_logs (tenant_id, application_id, created_at DESC);
CREATE INDEX usage_logs_tenant_failure_time_idx ON usage_logs (tenant_id, created_at DESC) WHERE result = 0;
-- By member (migration 0031's index holds openings only, type 1).
CREATE INDEX usage_logs_tenant_account_time_idx ON usage_logs (tenant_id, account_id, created_at DESC)
  WHERE account_id IS NOT NULL;
-- The platform's list of every tenant, newest first.
CREATE INDEX usage_logs_time_idx ON usage_logs (created_at DESC);
-- The operation log in a tenant, newest first.
CREATE INDEX operation_logs_tenant_time_idx ON operation_logs (tenant_id, created_at DESC, id DESC);
CREATE INDEX api_access_logs_time_idx ON api_access_logs (created_at DESC);

-- The menu: the tenant's pages open for the holders of their codes; the platform's own entries
-- open every tenant's rows. /ump/waterLog is the watermark log (the seed had named it 操作日志,
-- which is a tab of /accessLogs).
UPDATE admin_menu_items SET permission = 'access-log:list' WHERE id = 'am-access-logs';
UPDATE admin_menu_items SET permission = 'watermark-log:list', name = '水印日志' WHERE id = 'am-water-log';
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-access-logs', 'am-logs', '全部访问日志', '/accessLogs?scope=dmp', 11, true, 'access-log:list-all'),
  ('am-platform-water-log', 'am-logs', '全部水印日志', '/ump/waterLog?scope=dmp', 12, true, 'watermark-log:list-all');
