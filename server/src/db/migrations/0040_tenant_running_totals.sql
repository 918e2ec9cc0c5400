-- Issue 16: the all-tenant ranking of the statistics pages summed 90 days × every active tenant
-- (about 900,000 rollup rows at ten million logs). Each tenant's running totals since its first
-- day make any period one difference: the totals through the period's end minus those before it.
-- kind 'login': value = successes, secondary = attempts; kind 'visit': value = views,
-- secondary = downloads. Dense: every rollup day has a row for every tenant seen on or before it
-- (carried forward), so one day's rows hold every tenant's totals and a ranking reads two days.
CREATE TABLE tenant_running_totals (
  kind text NOT NULL,
  tenant_id text NOT NULL,
  day date NOT NULL,
  value bigint NOT NULL,
  secondary bigint NOT NULL,
  PRIMARY KEY (kind, tenant_id, day)
);
-- A day's rows, read whole (index-only) by a ranking and replaced by a rebuild.
CREATE INDEX tenant_running_totals_day_idx ON tenant_running_totals (kind, day)
  INCLUDE (tenant_id, value, secondary);
SELECT uniwim_enable_tenant_isolation('tenant_running_totals');

WITH days AS (SELECT DISTINCT day FROM login_daily_stats),
firsts AS (SELECT tenant_id, min(day) AS first FROM login_daily_stats WHERE tenant_id IS NOT NULL GROUP BY 1),
grid AS (SELECT f.tenant_id, d.day FROM firsts f JOIN days d ON d.day >= f.first)
INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
SELECT 'login', g.tenant_id, g.day,
  sum(coalesce(s.successes, 0)) OVER w, sum(coalesce(s.attempts, 0)) OVER w
FROM grid g LEFT JOIN login_daily_stats s ON s.tenant_id = g.tenant_id AND s.day = g.day
WINDOW w AS (PARTITION BY g.tenant_id ORDER BY g.day);

WITH days AS (SELECT DISTINCT day FROM visit_daily_stats),
firsts AS (SELECT tenant_id, min(day) AS first FROM visit_daily_stats WHERE tenant_id IS NOT NULL GROUP BY 1),
grid AS (SELECT f.tenant_id, d.day FROM firsts f JOIN days d ON d.day >= f.first)
INSERT INTO tenant_running_totals (kind, tenant_id, day, value, secondary)
SELECT 'visit', g.tenant_id, g.day,
  sum(coalesce(s.views, 0)) OVER w, sum(coalesce(s.downloads, 0)) OVER w
FROM grid g LEFT JOIN visit_daily_stats s ON s.tenant_id = g.tenant_id AND s.day = g.day
WINDOW w AS (PARTITION BY g.tenant_id ORDER BY g.day);

-- The ranking no longer scans the days; the running totals replace these indexes.
DROP INDEX IF EXISTS login_daily_stats_rank_idx;
DROP INDEX IF EXISTS visit_daily_stats_rank_idx;
