-- Issue 25: one time zone for what a tenant's people read. Every time a page, an export, a notice
-- or a log shows is shown in it, and the statistics count the tenant's days and hours in it (the
-- all-tenant figures in the platform's zone, platform_settings key 'regional'). An IANA name the
-- server checks with Intl.supportedValuesOf('timeZone') before storing it.
ALTER TABLE tenants ADD COLUMN time_zone text NOT NULL DEFAULT 'Asia/Shanghai';
