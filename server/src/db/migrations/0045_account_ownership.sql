-- Issue 24: a tenant acts on an account's credentials (password, lock-out) only when the account
-- belongs to that tenant alone. Row-level security shows a tenant its own memberships only, so
-- this one question is answered across tenants by a function that tells nothing but yes or no.
-- An invitation not yet accepted makes nobody an owner.
CREATE FUNCTION account_owned_by_tenant(p_account_id text, p_tenant_id text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
           SELECT 1 FROM tenant_memberships
           WHERE account_id = p_account_id AND tenant_id = p_tenant_id AND status <> 'invited')
     AND NOT EXISTS (
           SELECT 1 FROM tenant_memberships
           WHERE account_id = p_account_id AND tenant_id <> p_tenant_id AND status <> 'invited')
     AND NOT EXISTS (
           SELECT 1 FROM accounts WHERE id = p_account_id AND is_platform_admin)
     AND NOT EXISTS (
           SELECT 1 FROM account_platform_roles WHERE account_id = p_account_id)
$$;

REVOKE ALL ON FUNCTION account_owned_by_tenant(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION account_owned_by_tenant(text, text) TO uniwim_app;

-- An existing account added by an administrator waits as 'invited' until its holder accepts:
-- it grants nothing meanwhile (every check reads status = 'active').
ALTER TABLE tenant_memberships DROP CONSTRAINT tenant_memberships_status_check;
ALTER TABLE tenant_memberships ADD CONSTRAINT tenant_memberships_status_check
  CHECK (status IN ('active', 'disabled', 'invited'));
