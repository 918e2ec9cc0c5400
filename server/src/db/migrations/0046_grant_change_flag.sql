-- Issue 24: a grant change takes effect on the next request on every instance, whatever code made it.
-- The triggers that bump a tenant's menu version (members' roles, role grants, memberships,
-- empowerment) also raise a flag for the rest of the transaction, and so do changes of roles
-- themselves (their codes, administrator flag, status). The admin framework reads the flag before
-- committing and announces the change to every instance (platform/admin/grant-changes.ts), so no
-- write path can forget to. set_config(…, true) follows the transaction: a savepoint rolled back
-- takes its flag with it.
CREATE OR REPLACE FUNCTION uniwim_bump_tenant_menu_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant text := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
BEGIN
  INSERT INTO tenant_menu_versions (tenant_id, version) VALUES (changed_tenant, 1)
  ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_menu_versions.version + 1;
  PERFORM set_config('app.grants_changed', 'on', true);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION uniwim_bump_tenant_menu_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO tenant_menu_versions (tenant_id, version)
  SELECT DISTINCT tenant_id, 1 FROM changed_rows
  ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_menu_versions.version + 1;
  IF FOUND THEN
    PERFORM set_config('app.grants_changed', 'on', true);
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION uniwim_flag_grants_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.grants_changed', 'on', true);
  RETURN NULL;
END $$;

CREATE TRIGGER roles_grants_changed_update AFTER UPDATE OF permissions, is_admin, status, data_scope ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_flag_grants_changed();
CREATE TRIGGER roles_grants_changed_delete AFTER DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_flag_grants_changed();
