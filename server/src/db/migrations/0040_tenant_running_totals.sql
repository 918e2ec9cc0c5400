-- Issue 16: the all-tenant ranking of the statistics pages summed 90 days × every active tenant
-- (about 900,000 rollup rows at ten million logs). Each tenant's running totals since its first
-- day make any period two index probes per tenant: total at the period's end minus total before it.
-- kind 'login': value = successes, secondary = attempts; kind 'visit': value = views,
-- secondary = downloads. A row exists for each day the tenant has a rollup row.
CREATE TABLE tenant_running_totals (
  kind text NOT NULL,
  tenant_id text NOT NULL,
  day date NOT NULL,
  value bigint NOT NULL,
  secondary bigint NOT NULL,
  PRIMARY KEY (kind, tenant_id, day)
);
-- A day's own rows (rebuilt whole) and whether any later day exists.
CREATE INDEX tenant_running_totals_day_idx ON tenant_running_totals (kind, day);
SELECT uniwim_enable_tenant_isolation('tenant_running_totals');

INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
SELECT 'login', tenant_id, day,
  sum(successes) OVER (PARTITION BY tenant_id ORDER BY day),
  sum(attempts) OVER (PARTITION BY tenant_id ORDER BY day)
FROM login_daily_stats WHERE tenant_id IS NOT NULL;

INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
SELECT 'visit', tenant_id, day,
  sum(views) OVER (PARTITION BY tenant_id ORDER BY day),
  sum(downloads) OVER (PARTITION BY tenant_id ORDER BY day)
FROM visit_daily_stats WHERE tenant_id IS NOT NULL;

-- The ranking no longer scans the days; the running totals replace these indexes.
DROP INDEX IF EXISTS login_daily_stats_rank_idx;
DROP INDEX IF EXISTS visit_daily_stats_rank_idx;
