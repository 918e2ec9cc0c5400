-- Platform users (issue 12): accounts edited on the platform-users page carry a version for
-- optimistic locking, like every editable admin record.
ALTER TABLE accounts ADD COLUMN version integer NOT NULL DEFAULT 0;
CREATE INDEX sessions_account_created_idx ON sessions (account_id, created_at DESC);

-- The admin console's platform pages name the permission that shows them: a platform operator sees
-- the pages whose code one of their roles grants (the super administrator sees every page).
ALTER TABLE admin_menu_items ADD COLUMN permission text;
UPDATE admin_menu_items SET permission = 'tenant:list' WHERE id = 'am-tenant-manage';
UPDATE admin_menu_items SET permission = 'package:list' WHERE id = 'am-empower';
UPDATE admin_menu_items SET permission = 'api-client:list' WHERE id = 'am-interface-authorization';
UPDATE admin_menu_items SET permission = 'platform-user:list' WHERE id = 'am-platform-users';
UPDATE admin_menu_items SET permission = 'platform-settings:read' WHERE id = 'am-sys-config';
UPDATE admin_menu_items SET permission = 'tenant-ledger:list' WHERE id = 'am-tenant-ledger';
