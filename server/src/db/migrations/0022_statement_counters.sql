-- Bulk writes (an import of 10,000 members, a role given to thousands, a package applied to every
-- tenant) updated the same counter row once per written row, all in one transaction: each update
-- walks the row's earlier versions of that transaction, so the cost grew with the square of the
-- rows (100,000 members took tens of minutes). The counters now move once per statement, from the
-- statement's transition table, as tenant_totals already did (0015). PostgreSQL allows a transition
-- table only on a trigger of one event without a column list: one trigger per event.

DROP TRIGGER tenant_memberships_count ON tenant_memberships;
DROP FUNCTION tenant_member_count_follows();

CREATE FUNCTION tenant_member_count_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenants t SET member_count = t.member_count + added.n
  FROM (SELECT tenant_id, count(*)::int AS n FROM changed_rows GROUP BY tenant_id) added
  WHERE t.id = added.tenant_id;
  RETURN NULL;
END $$;
CREATE FUNCTION tenant_member_count_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tenants t SET member_count = t.member_count - removed.n
  FROM (SELECT tenant_id, count(*)::int AS n FROM changed_rows GROUP BY tenant_id) removed
  WHERE t.id = removed.tenant_id;
  RETURN NULL;
END $$;
CREATE TRIGGER tenant_memberships_count_added AFTER INSERT ON tenant_memberships
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_count_added();
CREATE TRIGGER tenant_memberships_count_removed AFTER DELETE ON tenant_memberships
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_member_count_removed();

-- Runs as the writer (row-level security applies): a tenant-scoped write can only bump its own tenant.
CREATE FUNCTION uniwim_bump_tenant_menu_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_menu_versions (tenant_id, version)
  SELECT DISTINCT tenant_id, 1 FROM changed_rows
  ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_menu_versions.version + 1;
  RETURN NULL;
END $$;

DROP TRIGGER tenant_applications_menu_version ON tenant_applications;
DROP TRIGGER role_menu_grants_menu_version ON role_menu_grants;
DROP TRIGGER membership_roles_menu_version ON membership_roles;
DO $$
DECLARE
  table_name text;
BEGIN
  FOREACH table_name IN ARRAY ARRAY['tenant_applications', 'role_menu_grants', 'membership_roles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_tenant_menu_versions()', table_name || '_menu_version_insert', table_name);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_tenant_menu_versions()', table_name || '_menu_version_update', table_name);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
      FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_tenant_menu_versions()', table_name || '_menu_version_delete', table_name);
  END LOOP;
END $$;

-- Members leaving (a batch delete) by statement; a status change stays a row trigger (a column
-- list rules out a transition table), now only when the status really changed.
DROP TRIGGER tenant_memberships_menu_version ON tenant_memberships;
CREATE TRIGGER tenant_memberships_menu_version_status AFTER UPDATE OF status ON tenant_memberships
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION uniwim_bump_tenant_menu_version();
CREATE TRIGGER tenant_memberships_menu_version_delete AFTER DELETE ON tenant_memberships
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_tenant_menu_versions();
