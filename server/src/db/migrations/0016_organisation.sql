-- The tenant's organisation (issue 13): the department tree, members placed in it, and roles that
-- carry permission codes and a data scope. Later migrations of the same issue add what a single
-- page needs; this one holds what several pages share.

-- One tree per tenant. `path` is the chain of ids from the root down to the department itself,
-- each followed by '/', so "this department and below" is one index range (path LIKE '<path>%')
-- and a move rewrites the moved subtree's paths in one statement. Five levels and 10,000
-- departments stay one index scan.
CREATE TABLE departments (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  parent_id text,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  path text NOT NULL,
  depth smallint NOT NULL CHECK (depth >= 1),
  sort integer NOT NULL DEFAULT 0,
  leader_account_id text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  remark text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, parent_id) REFERENCES departments (tenant_id, id)
);
-- Sibling names are unique (two "财务部" under one parent would be indistinguishable in a picker).
CREATE UNIQUE INDEX departments_sibling_name_idx ON departments (tenant_id, coalesce(parent_id, ''), name);
CREATE INDEX departments_path_idx ON departments (tenant_id, path text_pattern_ops);
CREATE INDEX departments_children_idx ON departments (tenant_id, parent_id, sort, id);
SELECT uniwim_enable_tenant_isolation('departments');

-- Members in the tree, and what the user pages and the user register show of them.
ALTER TABLE tenant_memberships
  ADD COLUMN department_id text,
  -- How the member came: registration, import, admin, qr (first sign-in by QR), sms (first sign-in by code).
  ADD COLUMN source text NOT NULL DEFAULT 'admin'
    CHECK (source IN ('registration', 'import', 'admin', 'qr', 'sms', 'seed')),
  -- After this moment the member cannot sign in to the tenant (contractors, interns).
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN last_sign_in_at timestamptz,
  ADD COLUMN last_sign_in_ip text,
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id);
CREATE INDEX tenant_memberships_department_idx ON tenant_memberships (tenant_id, department_id);
CREATE INDEX tenant_memberships_created_idx ON tenant_memberships (tenant_id, created_at DESC, account_id);

-- Roles as the role page manages them. `permissions` are the tenant permission codes of the admin
-- console (contracts' PERMISSIONS with scope 'tenant') the role grants; menus of the tenant's
-- applications stay in role_menu_grants. `data_scope` says whose department-owned records the
-- holders see: all; custom (role_departments); department (own); department_and_below; self.
-- A holder of several roles sees the union.
ALTER TABLE roles
  ADD COLUMN sort integer NOT NULL DEFAULT 0,
  ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  ADD COLUMN remark text,
  ADD COLUMN permissions text[] NOT NULL DEFAULT '{}',
  ADD COLUMN data_scope text NOT NULL DEFAULT 'all'
    CHECK (data_scope IN ('all', 'custom', 'department', 'department_and_below', 'self')),
  ADD COLUMN builtin boolean NOT NULL DEFAULT false,
  ADD COLUMN version integer NOT NULL DEFAULT 0,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE roles SET builtin = true WHERE is_admin;

CREATE TABLE role_departments (
  tenant_id text NOT NULL,
  role_id text NOT NULL,
  department_id text NOT NULL,
  PRIMARY KEY (tenant_id, role_id, department_id),
  FOREIGN KEY (tenant_id, role_id) REFERENCES roles (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, department_id) REFERENCES departments (tenant_id, id) ON DELETE CASCADE
);
SELECT uniwim_enable_tenant_isolation('role_departments');

-- Every existing tenant gets its root department, named after the company, and its members are
-- placed in it (a tenant created from now on gets one in the same transaction as the tenant).
INSERT INTO departments (tenant_id, id, parent_id, name, path, depth, sort)
SELECT t.id, 'd-' || t.id, NULL, left(t.name, 64), 'd-' || t.id || '/', 1, 0 FROM tenants t;
UPDATE tenant_memberships SET department_id = 'd-' || tenant_id WHERE department_id IS NULL;
