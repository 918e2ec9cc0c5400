-- Issue 16: the login log's bounded count (up to 1,001 matches) reads the tenant's time index alone.
-- The filters without an index of their own (account contains, mode, browser, client, device, system,
-- address) are evaluated on the index entries, which lie together, instead of on table rows spread
-- over a page each among other tenants' rows: at ten million rows a 7-day count of the largest tenant
-- read ~9,000 such rows, and their pages are often out of the cache. Replaces the plain time index
-- (the same keys, so the pages walk it as before).
CREATE INDEX login_logs_tenant_time_cover_idx ON login_logs (tenant_id, created_at DESC)
  INCLUDE (username, mode, browser, client, device_type, os, ip);
DROP INDEX login_logs_tenant_time_idx;
