-- The application role and the helper that puts a tenant-owned table under row-level security.
-- Queries run as uniwim_app (never a superuser, never BYPASSRLS) through SET LOCAL ROLE; a
-- transaction sees a tenant's rows only when app.tenant_id names that tenant, or all rows when
-- app.scope is 'platform' (platform-admin code paths). Nothing set means no rows: it fails closed.

DO $$
BEGIN
  CREATE ROLE uniwim_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;

DO $$
BEGIN
  EXECUTE format('GRANT uniwim_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL; -- superusers need no membership; others must be granted it by a DBA
END $$;

CREATE FUNCTION uniwim_enable_tenant_isolation(table_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', table_name);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', table_name);
  EXECUTE format(
    'CREATE POLICY tenant_isolation ON %I USING (%s) WITH CHECK (%s)',
    table_name,
    'tenant_id = current_setting(''app.tenant_id'', true) OR current_setting(''app.scope'', true) = ''platform''',
    'tenant_id = current_setting(''app.tenant_id'', true) OR current_setting(''app.scope'', true) = ''platform'''
  );
END $$;
