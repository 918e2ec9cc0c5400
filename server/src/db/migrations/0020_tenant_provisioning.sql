-- A new tenant's starting data is copied from the platform's (issue 12: the provisioning template):
-- its dictionaries and parameters. Until issue 12 a tenant read the platform's rows at read time and
-- kept only its own overrides, so a platform change reached every tenant that had not overridden
-- the entry. A plain copy would freeze that: `inherited` marks a copy the tenant has not changed.
-- While it is set, the platform's current value is served (later platform changes still reach the
-- tenant); if the platform drops the entry, the copy stays the tenant's own. A tenant's own write
-- stores the row with inherited = false, and from then on the tenant's value wins.
ALTER TABLE tenant_dictionaries ADD COLUMN inherited boolean NOT NULL DEFAULT false;
ALTER TABLE tenant_params ADD COLUMN inherited boolean NOT NULL DEFAULT false;

-- Tenants created before this migration get the same starting copies (nothing they own is touched).
INSERT INTO tenant_dictionaries (tenant_id, code, name, items, inherited)
SELECT t.id, p.code, p.name, p.items, true FROM tenants t CROSS JOIN platform_dictionaries p
ON CONFLICT (tenant_id, code) DO NOTHING;
INSERT INTO tenant_params (tenant_id, key, value, description, inherited)
SELECT t.id, p.key, p.value, p.description, true FROM tenants t CROSS JOIN platform_params p
ON CONFLICT (tenant_id, key) DO NOTHING;

-- The platform's entry to every tenant's user register (issue 13, /userLedger in the platform scope).
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-user-ledger', 'am-tenants', '用户台账', '/userLedger?scope=dmp', 6, true, 'user-ledger:list-all');

-- Members' last sign-in time and address are now kept on tenant_memberships at every sign-in (the
-- login log's writer): only a status change (or a removal) takes a member's menus away, so only
-- those bump the tenant's menu version; a sign-in must not drop every menu cache of its tenant.
DROP TRIGGER tenant_memberships_menu_version ON tenant_memberships;
CREATE TRIGGER tenant_memberships_menu_version AFTER UPDATE OF status OR DELETE ON tenant_memberships
  FOR EACH ROW EXECUTE FUNCTION uniwim_bump_tenant_menu_version();
