-- Issue 25: menus in English. A menu item's English name beside its Chinese one: the shell shows
-- it when the page is in English, and the Chinese name where none is given. The admin console's
-- items are the product's own, so their English names ship here; an application's items get theirs
-- from whoever keeps the application (the menu editor, an import, the seed).

ALTER TABLE admin_menu_items ADD COLUMN name_en text;
ALTER TABLE menu_items ADD COLUMN name_en text;

UPDATE admin_menu_items AS i SET name_en = v.name_en
FROM (VALUES
  ('am-tenants', 'Tenants'),
  ('am-tenant-manage', 'Tenant management'),
  ('am-empower', 'Application grants'),
  ('am-interface-authorization', 'API credentials'),
  ('am-platform-users', 'Platform users'),
  ('am-sys-config', 'System configuration'),
  ('am-tenant-ledger', 'Tenant register'),
  ('am-platform-user-ledger', 'User register (all tenants)'),
  ('am-platform-files', 'Platform files'),
  ('am-applications', 'Applications'),
  ('am-application-manager', 'Application management'),
  ('am-application-menu', 'Application menus'),
  ('am-versioning', 'Versions'),
  ('am-organisation', 'Organisation'),
  ('am-tenant-settings', 'Tenant settings'),
  ('am-users', 'Users'),
  ('am-roles', 'Roles'),
  ('am-user-ledger', 'User register'),
  ('am-system', 'System settings'),
  ('am-dictionaries', 'Dictionaries'),
  ('am-parameters', 'Parameters'),
  ('am-search-settings', 'Search settings'),
  ('am-resources', 'Files'),
  ('am-tenant-menus', 'Public menus'),
  ('am-platform-dictionaries', 'Platform dictionaries'),
  ('am-platform-parameters', 'Platform parameters'),
  ('am-platform-notices', 'Platform notices'),
  ('am-messages', 'Messages'),
  ('am-notices', 'Notices'),
  ('am-message-templates', 'Message templates'),
  ('am-message-classes', 'Message classes'),
  ('am-todos', 'To-dos'),
  ('am-logs', 'Logs and statistics'),
  ('am-login-log', 'Login log'),
  ('am-access-logs', 'Access log'),
  ('am-water-log', 'Watermark log'),
  ('am-login-statistics', 'Login statistics'),
  ('am-visit-statistics', 'Visit statistics'),
  ('am-platform-login-log', 'Login log (all tenants)'),
  ('am-platform-access-logs', 'Access log (all tenants)'),
  ('am-platform-water-log', 'Watermark log (all tenants)'),
  ('am-platform-login-statistics', 'Login statistics (all tenants)'),
  ('am-platform-visit-statistics', 'Visit statistics (all tenants)'),
  ('am-downloads', 'Downloads')
) AS v (id, name_en)
WHERE i.id = v.id;
