-- Issue 16 (statistics and retention): login_logs and usage_logs partitioned by month, daily rollups
-- the statistics pages read, per-tenant retention and the record of each cleanup and rollup run.

-- The client columns the login log's parser fills (issue 16; also added by migration 0036, so either
-- order works).
ALTER TABLE login_logs
  ADD COLUMN IF NOT EXISTS region_country text,
  ADD COLUMN IF NOT EXISTS region_province text,
  ADD COLUMN IF NOT EXISTS region_city text,
  ADD COLUMN IF NOT EXISTS device_type text,
  ADD COLUMN IF NOT EXISTS os text,
  ADD COLUMN IF NOT EXISTS browser text,
  ADD COLUMN IF NOT EXISTS client text,
  ADD COLUMN IF NOT EXISTS flags text[] NOT NULL DEFAULT '{}';
ALTER TABLE usage_logs
  ADD COLUMN IF NOT EXISTS region_country text,
  ADD COLUMN IF NOT EXISTS region_province text,
  ADD COLUMN IF NOT EXISTS region_city text,
  ADD COLUMN IF NOT EXISTS device_type text,
  ADD COLUMN IF NOT EXISTS os text,
  ADD COLUMN IF NOT EXISTS browser text,
  ADD COLUMN IF NOT EXISTS client text;

-- One month's partition of a log table (UTC month bounds), with the tenant isolation every partition
-- carries too. Rows of that month already caught by the default partition move into it, so a month
-- created late loses nothing. Answers false when the partition was there already.
CREATE FUNCTION uniwim_log_partition_create(parent text, month_start date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  part text := parent || '_p' || to_char(month_start, 'YYYYMM');
  low timestamptz := (date_trunc('month', month_start)::timestamp AT TIME ZONE 'UTC');
  high timestamptz := ((date_trunc('month', month_start) + interval '1 month')::timestamp AT TIME ZONE 'UTC');
  strays bigint;
BEGIN
  IF to_regclass(quote_ident(part)) IS NOT NULL THEN
    RETURN false;
  END IF;
  PERFORM set_config('app.scope', 'platform', true);
  EXECUTE format('SELECT count(*) FROM %I WHERE created_at >= $1 AND created_at < $2', parent || '_default')
    INTO strays USING low, high;
  IF strays > 0 THEN
    EXECUTE format('CREATE TEMP TABLE uniwim_log_strays ON COMMIT DROP AS SELECT * FROM %I WHERE created_at >= $1 AND created_at < $2', parent || '_default')
      USING low, high;
    EXECUTE format('DELETE FROM %I WHERE created_at >= $1 AND created_at < $2', parent || '_default') USING low, high;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', part, parent, low, high);
  PERFORM uniwim_enable_tenant_isolation(part);
  IF strays > 0 THEN
    EXECUTE format('INSERT INTO %I SELECT * FROM uniwim_log_strays', parent);
    DROP TABLE uniwim_log_strays;
  END IF;
  RETURN true;
END $$;

-- Rebuilds a log table as a partitioned one with the same columns, defaults, checks and indexes (the
-- live list, whatever earlier migrations added): the primary key becomes (id, created_at) because a
-- partitioned table's unique keys must hold the partition key. Months from the oldest row to three
-- ahead get partitions; a default partition catches anything else.
CREATE FUNCTION uniwim_partition_log_table(parent text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  old text := parent || '_unpartitioned';
  index_definitions text[];
  definition text;
  first_month date;
  month date;
BEGIN
  PERFORM set_config('app.scope', 'platform', true);
  SELECT coalesce(array_agg(indexdef), '{}') INTO index_definitions FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = parent AND indexname <> parent || '_pkey';
  EXECUTE format('ALTER TABLE %I RENAME TO %I', parent, old);
  EXECUTE format('ALTER TABLE %I RENAME CONSTRAINT %I TO %I', old, parent || '_pkey', old || '_pkey');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (created_at)', parent, old);
  EXECUTE format('ALTER TABLE %I ADD PRIMARY KEY (id, created_at)', parent);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I DEFAULT', parent || '_default', parent);
  PERFORM uniwim_enable_tenant_isolation(parent || '_default');
  EXECUTE format('SELECT (min(created_at) AT TIME ZONE ''UTC'')::date FROM %I', old) INTO first_month;
  month := date_trunc('month', least(coalesce(first_month, current_date), current_date))::date;
  WHILE month <= (date_trunc('month', current_date) + interval '3 months')::date LOOP
    PERFORM uniwim_log_partition_create(parent, month);
    month := (month + interval '1 month')::date;
  END LOOP;
  EXECUTE format('INSERT INTO %I SELECT * FROM %I', parent, old);
  EXECUTE format('DROP TABLE %I', old);
  FOREACH definition IN ARRAY index_definitions LOOP
    EXECUTE definition;
  END LOOP;
  PERFORM uniwim_enable_tenant_isolation(parent);
END $$;

SELECT uniwim_partition_log_table('login_logs');
SELECT uniwim_partition_log_table('usage_logs');

-- Daily rollups, one row per tenant and day (Asia/Shanghai days); tenant_id NULL is the row of all
-- tenants together (tenantless attempts included), which platform pages read without summing
-- thousands of tenants. dims holds the splits: {"mode": {"password": 3}, "hour": {"9": 2}, ...}.
CREATE TABLE login_daily_stats (
  tenant_id text,
  day date NOT NULL,
  attempts integer NOT NULL,
  successes integer NOT NULL,
  failures integer NOT NULL,
  locked integer NOT NULL,
  users integer NOT NULL,
  new_users integer NOT NULL,
  weekly_users integer NOT NULL,
  monthly_users integer NOT NULL,
  dims jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX login_daily_stats_key ON login_daily_stats (day, (coalesce(tenant_id, '')));
CREATE INDEX login_daily_stats_tenant_day_idx ON login_daily_stats (tenant_id, day) INCLUDE (successes, attempts);
-- The all-tenant page's ranking: tenants by sign-ins over a period, read from this index alone.
CREATE INDEX login_daily_stats_rank_idx ON login_daily_stats (day, tenant_id) INCLUDE (successes, attempts)
  WHERE tenant_id IS NOT NULL AND attempts > 0;
SELECT uniwim_enable_tenant_isolation('login_daily_stats');

CREATE TABLE visit_daily_stats (
  tenant_id text,
  day date NOT NULL,
  views integer NOT NULL,
  downloads integer NOT NULL,
  visitors integer NOT NULL,
  dims jsonb NOT NULL DEFAULT '{}'
);
CREATE UNIQUE INDEX visit_daily_stats_key ON visit_daily_stats (day, (coalesce(tenant_id, '')));
CREATE INDEX visit_daily_stats_tenant_day_idx ON visit_daily_stats (tenant_id, day) INCLUDE (views);
CREATE INDEX visit_daily_stats_rank_idx ON visit_daily_stats (day, tenant_id) INCLUDE (views, downloads)
  WHERE tenant_id IS NOT NULL AND views + downloads > 0;
SELECT uniwim_enable_tenant_isolation('visit_daily_stats');

-- Opens per application (function_id '') and per menu (function_id set) and day.
CREATE TABLE visit_daily_items (
  tenant_id text,
  day date NOT NULL,
  application_id text NOT NULL,
  function_id text NOT NULL DEFAULT '',
  name text,
  opens integer NOT NULL,
  users integer NOT NULL
);
CREATE UNIQUE INDEX visit_daily_items_key ON visit_daily_items (day, (coalesce(tenant_id, '')), application_id, function_id);
CREATE INDEX visit_daily_items_tenant_day_idx ON visit_daily_items (tenant_id, day);
SELECT uniwim_enable_tenant_isolation('visit_daily_items');

-- The accounts that signed in successfully on a day, per tenant: weekly and monthly active users are
-- counted from it, also after the raw rows are gone.
CREATE TABLE daily_active_accounts (
  tenant_id text NOT NULL,
  day date NOT NULL,
  account_id text NOT NULL,
  PRIMARY KEY (tenant_id, day, account_id)
);
CREATE INDEX daily_active_accounts_day_idx ON daily_active_accounts (day);
SELECT uniwim_enable_tenant_isolation('daily_active_accounts');

-- The days rolled up, and when: the nightly job catches up on days it missed.
CREATE TABLE log_rollup_days (
  day date PRIMARY KEY,
  built_at timestamptz NOT NULL DEFAULT now(),
  rows_written integer NOT NULL
);

-- Each cleanup and rollup run, for the pages' "last cleanup ..., removed N rows".
CREATE TABLE log_maintenance_runs (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('cleanup', 'rollup')),
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  rows_removed bigint NOT NULL DEFAULT 0,
  rows_written bigint NOT NULL DEFAULT 0,
  partitions_dropped text[] NOT NULL DEFAULT '{}',
  days text[] NOT NULL DEFAULT '{}',
  error text
);
CREATE INDEX log_maintenance_runs_kind_idx ON log_maintenance_runs (kind, started_at DESC);

-- A tenant's own retention, within the platform's maximums (platform settings, logRetention).
CREATE TABLE tenant_log_retention (
  tenant_id text PRIMARY KEY REFERENCES tenants (id) ON DELETE CASCADE,
  login_log_days integer NOT NULL CHECK (login_log_days BETWEEN 1 AND 3650),
  usage_log_days integer NOT NULL CHECK (usage_log_days BETWEEN 1 AND 3650),
  updated_at timestamptz NOT NULL DEFAULT now()
);
SELECT uniwim_enable_tenant_isolation('tenant_log_retention');

-- New members per day (the statistics' 新增用户), today's counted live.
CREATE INDEX tenant_memberships_joined_day_idx ON tenant_memberships (created_at);

-- The statistics pages' permission.
UPDATE admin_menu_items SET permission = 'statistics:view' WHERE id IN ('am-login-statistics', 'am-visit-statistics');
-- Platform operators see every tenant's figures (the same pages in the platform's scope).
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-login-statistics', 'am-logs', '登录统计（全部租户）', '/loginStatistics?scope=dmp', 5, true, 'statistics:view'),
  ('am-platform-visit-statistics', 'am-logs', '系统访问统计（全部租户）', '/systemVisitStatistics?scope=dmp', 6, true, 'statistics:view');
