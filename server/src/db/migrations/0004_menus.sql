-- Menu trees of the application shell: the admin console's menu, and version counters that tell
-- every server instance when a cached menu tree is out of date.

-- The admin console's menu (admin.html), one tree for the whole platform. Links are built-in routes
-- of page.html (spec section 2, "Shell and admin routes"). platform_only items (tenant management,
-- the application catalogue) are shown to platform administrators only; tenant administrators see
-- the rest. Product structure rather than demo data, so it ships here and reaches existing databases.
CREATE TABLE admin_menu_items (
  id text PRIMARY KEY,
  parent_id text REFERENCES admin_menu_items (id) ON DELETE CASCADE,
  name text NOT NULL,
  link text,
  sort integer NOT NULL DEFAULT 0,
  platform_only boolean NOT NULL DEFAULT false,
  target text,
  menu_style integer,
  visible_condition text,
  disabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Version counters. A cached tree is labelled with the versions it was read with (in the same query
-- as its rows, so label and content always agree); a tree is current while neither counter moved.
-- The catalogue counter covers what every tenant shares (applications, menu items, the admin menu);
-- the tenant counter covers what one tenant owns (empowered applications, roles' grants, members'
-- roles). Triggers bump them, so no write path can forget to.
CREATE TABLE menu_catalogue_version (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO menu_catalogue_version (singleton, version) VALUES (true, 0);

-- No foreign key to tenants: deleting a tenant cascades into its memberships, whose triggers would
-- then write a counter for a tenant that no longer exists. An orphaned counter is harmless.
CREATE TABLE tenant_menu_versions (
  tenant_id text PRIMARY KEY,
  version bigint NOT NULL DEFAULT 0
);
SELECT uniwim_enable_tenant_isolation('tenant_menu_versions');

CREATE FUNCTION uniwim_bump_menu_catalogue_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE menu_catalogue_version SET version = version + 1;
  RETURN NULL;
END $$;

-- Runs as the writer (row-level security applies): a tenant-scoped write can only bump its own tenant.
CREATE FUNCTION uniwim_bump_tenant_menu_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed_tenant text := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
BEGIN
  INSERT INTO tenant_menu_versions (tenant_id, version) VALUES (changed_tenant, 1)
  ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_menu_versions.version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER applications_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();
CREATE TRIGGER menu_items_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();
CREATE TRIGGER admin_menu_items_menu_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_menu_items
  FOR EACH STATEMENT EXECUTE FUNCTION uniwim_bump_menu_catalogue_version();

CREATE TRIGGER tenant_applications_menu_version AFTER INSERT OR UPDATE OR DELETE ON tenant_applications
  FOR EACH ROW EXECUTE FUNCTION uniwim_bump_tenant_menu_version();
CREATE TRIGGER role_menu_grants_menu_version AFTER INSERT OR UPDATE OR DELETE ON role_menu_grants
  FOR EACH ROW EXECUTE FUNCTION uniwim_bump_tenant_menu_version();
CREATE TRIGGER membership_roles_menu_version AFTER INSERT OR UPDATE OR DELETE ON membership_roles
  FOR EACH ROW EXECUTE FUNCTION uniwim_bump_tenant_menu_version();
-- A disabled membership loses its roles' menus.
CREATE TRIGGER tenant_memberships_menu_version AFTER UPDATE OR DELETE ON tenant_memberships
  FOR EACH ROW EXECUTE FUNCTION uniwim_bump_tenant_menu_version();

INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only) VALUES
  ('am-tenants', NULL, '租户管理', NULL, 0, true),
  ('am-tenant-manage', 'am-tenants', '租户管理', '/dmpTenantManage', 0, true),
  ('am-empower', 'am-tenants', '应用授权', '/dmpEmpower', 1, true),
  ('am-interface-authorization', 'am-tenants', '接口授权', '/dmpInterfaceAuthorization', 2, true),
  ('am-platform-users', 'am-tenants', '平台用户', '/dmpUser', 3, true),
  ('am-sys-config', 'am-tenants', '系统配置管理', '/dmpSysConfigManagement', 4, true),
  ('am-tenant-ledger', 'am-tenants', '租户台账', '/tenantLedger', 5, true),
  ('am-applications', NULL, '应用管理', NULL, 1, true),
  ('am-application-manager', 'am-applications', '应用管理', '/umpApplicationManager', 0, true),
  ('am-application-menu', 'am-applications', '应用菜单', '/umpApplicationMenu', 1, true),
  ('am-versioning', 'am-applications', '版本管理', '/umpVersioning', 2, true),
  ('am-organisation', NULL, '组织权限', NULL, 2, false),
  ('am-tenant-settings', 'am-organisation', '租户设置', '/tenantSettings', 0, false),
  ('am-users', 'am-organisation', '用户管理', '/umpUser', 1, false),
  ('am-roles', 'am-organisation', '角色管理', '/umpRoleManager', 2, false),
  ('am-user-ledger', 'am-organisation', '用户台账', '/userLedger', 3, false),
  ('am-system', NULL, '系统设置', NULL, 3, false),
  ('am-dictionaries', 'am-system', '数据字典', '/umpDict', 0, false),
  ('am-parameters', 'am-system', '参数配置', '/umpParameters', 1, false),
  ('am-search-settings', 'am-system', '搜索设置', '/searchSet', 2, false),
  ('am-resources', 'am-system', '资源管理', '/resourceManagement', 3, false),
  ('am-messages', NULL, '消息通知', NULL, 4, false),
  ('am-notices', 'am-messages', '通知公告', '/umpNotice', 0, false),
  ('am-message-templates', 'am-messages', '消息模板', '/messageMessageTemplate', 1, false),
  ('am-message-classes', 'am-messages', '消息分类', '/messageMessageClass', 2, false),
  ('am-todos', 'am-messages', '待办事项', '/todoList', 3, false),
  ('am-logs', NULL, '日志统计', NULL, 5, false),
  ('am-login-log', 'am-logs', '登录日志', '/loginLog', 0, false),
  ('am-access-logs', 'am-logs', '访问日志', '/accessLogs', 1, false),
  ('am-water-log', 'am-logs', '操作日志', '/ump/waterLog', 2, false),
  ('am-login-statistics', 'am-logs', '登录统计', '/loginStatistics', 3, false),
  ('am-visit-statistics', 'am-logs', '系统访问统计', '/systemVisitStatistics', 4, false),
  ('am-downloads', NULL, '下载中心', '/downloadPage', 6, false);
