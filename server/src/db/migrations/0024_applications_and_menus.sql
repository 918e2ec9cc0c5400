-- Issue 14: the application catalogue (/umpApplicationManager) and the menu tree editor
-- (/umpApplicationMenu). Applications gain what the catalogue page shows and a lifecycle; menu
-- items gain every field of spec section 3 the shell did not store yet, optimistic locking, button
-- items carrying permission codes, and an owner: NULL for the platform's global catalogue, a tenant
-- for the public items a tenant adds for itself.

-- Applications. `version` stays the application's version text (the shell's _v); the admin page's
-- optimistic lock is `row_version`. Files (icon, operating manual) are kept by the files module;
-- the row keeps the file's id and the address the shell and the pages show.
ALTER TABLE applications
  ADD COLUMN category text,
  ADD COLUMN description text,
  ADD COLUMN owner text,
  ADD COLUMN icon text,
  ADD COLUMN icon_file_id text,
  ADD COLUMN manual_file_id text,
  -- draft: being prepared, shown to nobody; published: in the shells of empowered tenants;
  -- offline: withdrawn, shown to nobody, its menus and grants kept for a return.
  ADD COLUMN status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'offline')),
  ADD COLUMN row_version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Applications that existed before the lifecycle are in use.
UPDATE applications SET status = 'published';
CREATE INDEX applications_category_idx ON applications (category);
-- The catalogue counts an application's tenants, and its guards ask whether any tenant uses it.
CREATE INDEX tenant_applications_application_idx ON tenant_applications (application_id);

-- Menu items.
ALTER TABLE menu_items
  ADD COLUMN tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  -- The address a frame loads, when it is not the link behind the network address (computed then).
  ADD COLUMN full_link text,
  -- The item's own version (the frame's _v); NULL: the application's.
  ADD COLUMN menu_version text,
  -- A button item's permission code (type 'button'): granted with the item, checked by the application.
  ADD COLUMN permission text,
  ADD COLUMN effect_drawing_file_id text,
  ADD COLUMN manual_file_id text,
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT menu_items_type_check CHECK (type IS NULL OR type IN ('panel', 'button')),
  ADD CONSTRAINT menu_items_button_permission_check CHECK (type IS NOT DISTINCT FROM 'button' OR permission IS NULL);
CREATE INDEX menu_items_tenant_idx ON menu_items (tenant_id, application_id) WHERE tenant_id IS NOT NULL;
CREATE INDEX menu_items_parent_idx ON menu_items (parent_id);
-- Who holds an item, across tenants: the editor's grant counts, impact previews and delete
-- confirmations, and the cascade when an item goes (which scanned every grant until now).
CREATE INDEX role_menu_grants_menu_idx ON role_menu_grants (menu_id);

-- Row-level security with two kinds of rows: every scope reads the global catalogue (tenant_id
-- NULL) and its own tenant's items; only the platform scope writes global items, and a tenant
-- scope writes only its own. A tenant administrator's write to a global or another tenant's item
-- changes no row, whatever the code above it does.
ALTER TABLE menu_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE menu_items FORCE ROW LEVEL SECURITY;
CREATE POLICY menu_items_read ON menu_items FOR SELECT USING (
  tenant_id IS NULL
  OR tenant_id = (SELECT current_setting('app.tenant_id', true))
  OR (SELECT current_setting('app.scope', true)) = 'platform'
);
CREATE POLICY menu_items_write ON menu_items FOR ALL USING (
  tenant_id = (SELECT current_setting('app.tenant_id', true))
  OR (SELECT current_setting('app.scope', true)) = 'platform'
) WITH CHECK (
  tenant_id = (SELECT current_setting('app.tenant_id', true))
  OR (SELECT current_setting('app.scope', true)) = 'platform'
);

-- Menu versions: a change to the global catalogue moves the catalogue counter (every tenant's
-- trees), a change to a tenant's own items only that tenant's counter. Once per statement, from
-- the statement's rows (as 0022 does for grants).
CREATE FUNCTION uniwim_bump_menu_item_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows WHERE tenant_id IS NULL) THEN
    UPDATE menu_catalogue_version SET version = version + 1;
  END IF;
  INSERT INTO tenant_menu_versions (tenant_id, version)
  SELECT DISTINCT tenant_id, 1 FROM changed_rows WHERE tenant_id IS NOT NULL
  ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_menu_versions.version + 1;
  RETURN NULL;
END $$;
DROP TRIGGER menu_items_menu_version ON menu_items;
CREATE TRIGGER menu_items_menu_version_insert AFTER INSERT ON menu_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_item_versions();
CREATE TRIGGER menu_items_menu_version_update AFTER UPDATE ON menu_items
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_item_versions();
CREATE TRIGGER menu_items_menu_version_delete AFTER DELETE ON menu_items
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_item_versions();
CREATE TRIGGER menu_items_menu_version_truncate AFTER TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();

-- The catalogue page's usage figures (users and opens of the last 30 days, per application): one
-- index range per application, answered from the index alone.
CREATE INDEX usage_logs_application_time_idx ON usage_logs (application_id, created_at)
  INCLUDE (type, account_id, visitor_id);

-- The console's entries: the platform pages open with their list codes (platform operators), and a
-- tenant's administrators get the page of the tenant's own public items.
UPDATE admin_menu_items SET permission = 'application:list' WHERE id = 'am-application-manager';
UPDATE admin_menu_items SET permission = 'menu:list' WHERE id = 'am-application-menu';
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only) VALUES
  ('am-tenant-menus', 'am-system', '公共菜单', '/umpApplicationMenu?scope=ump', 4, false);
