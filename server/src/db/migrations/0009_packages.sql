-- Packages (/dmpEmpower, issue 12): sets of menu items of the global catalogue that tenants hold,
-- each tenant for its own dates and seat limit. What a tenant may use is the union of the packages
-- current on the day; applying it writes tenant_applications and role_menu_grants, whose triggers
-- (0004) bump the tenant's menu version, so menu caches follow.

CREATE TABLE packages (
  id text PRIMARY KEY,
  name text NOT NULL,
  remark text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- A plain unique column: the database's refusal names it ("Key (name)=..."), which the admin
  -- framework turns into 409 DUPLICATE on the field.
  CONSTRAINT packages_name_key UNIQUE (name)
);
CREATE INDEX packages_created_idx ON packages (created_at DESC, id);

-- The menu items a package includes. An item leaving the catalogue leaves every package.
CREATE TABLE package_menu_items (
  package_id text NOT NULL REFERENCES packages (id) ON DELETE CASCADE,
  menu_id text NOT NULL REFERENCES menu_items (id) ON DELETE CASCADE,
  PRIMARY KEY (package_id, menu_id)
);
CREATE INDEX package_menu_items_menu_idx ON package_menu_items (menu_id);

-- The packages a tenant holds. No cascade from packages: a package in use cannot be deleted (the
-- pages answer 409 IN_USE before the key would refuse it).
CREATE TABLE tenant_packages (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  package_id text NOT NULL REFERENCES packages (id),
  starts_on date NOT NULL,
  ends_on date,
  seat_limit integer CHECK (seat_limit IS NULL OR seat_limit > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, package_id),
  CHECK (ends_on IS NULL OR ends_on >= starts_on)
);
-- Not led by tenant_id: a package's change finds the tenants holding it (platform code paths only).
CREATE INDEX tenant_packages_package_idx ON tenant_packages (package_id);
SELECT uniwim_enable_tenant_isolation('tenant_packages');
