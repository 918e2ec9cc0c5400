-- Dictionaries and parameters (issue 14, /umpDict and /umpParameters), with real inheritance.
--
-- Until now a dictionary was one jsonb list per code, and a tenant's dictionary of the same code
-- replaced the platform's as a whole; provisioning copied the platform's rows into every new tenant
-- (marked `inherited`, migration 0020). Now the platform's types and items are read by every tenant
-- directly, and a tenant keeps only what it changed:
--  - its own types (a code the platform does not use) with their items;
--  - its own items on a platform type the platform made `extendable`;
--  - overrides of a platform item the platform did not lock (label, English label, sort, colour,
--    status: a tenant may switch an item off for itself, never change its value).
-- Parameters: the platform defines each one (type, default, who may read or change it); a tenant
-- keeps only its override of the value. A secret's value lives in its own column that no answer
-- selects.

-- Type codes are lower case (issue 14: ^[a-z][a-z0-9_]*$): deviceType becomes device_type.
CREATE FUNCTION uniwim_dictionary_code(legacy text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN converted ~ '^[a-z]' THEN converted ELSE 'd_' || converted END
  FROM (
    SELECT left(lower(regexp_replace(
      regexp_replace(legacy, '([a-z0-9])([A-Z])', '\1_\2', 'g'), '[^A-Za-z0-9_]', '_', 'g')), 60) AS converted
  ) c
$$;

CREATE TABLE platform_dictionary_types (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z][a-z0-9_]*$' AND length(code) <= 64),
  name text NOT NULL,
  name_en text,
  remark text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- Tenants may add their own items to it.
  extendable boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- No cascade from a type: a type that still has items cannot be deleted (the app says so first).
CREATE TABLE platform_dictionary_items (
  id text PRIMARY KEY,
  type_id text NOT NULL REFERENCES platform_dictionary_types (id),
  value text NOT NULL,
  label text NOT NULL,
  label_en text,
  sort integer NOT NULL DEFAULT 0,
  color text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- Tenants cannot change it.
  locked boolean NOT NULL DEFAULT false,
  remark text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (type_id, value)
);

CREATE TABLE tenant_dictionary_types (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9_]*$' AND length(code) <= 64),
  name text NOT NULL,
  name_en text,
  remark text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code)
);
SELECT uniwim_enable_tenant_isolation('tenant_dictionary_types');

-- A tenant's own item belongs to exactly one type: one of its own, or an extendable platform type.
-- A value is unique within its type; against the platform's items of the same type the app checks
-- it (under an advisory lock on the type, taken by both sides).
CREATE TABLE tenant_dictionary_items (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  platform_type_id text REFERENCES platform_dictionary_types (id),
  tenant_type_id text,
  value text NOT NULL,
  label text NOT NULL,
  label_en text,
  sort integer NOT NULL DEFAULT 0,
  color text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  remark text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, tenant_type_id) REFERENCES tenant_dictionary_types (tenant_id, id),
  CHECK ((platform_type_id IS NULL) <> (tenant_type_id IS NULL)),
  UNIQUE (tenant_id, platform_type_id, value),
  UNIQUE (tenant_id, tenant_type_id, value)
);
SELECT uniwim_enable_tenant_isolation('tenant_dictionary_items');
CREATE INDEX tenant_dictionary_items_platform_type_idx ON tenant_dictionary_items (platform_type_id)
  WHERE platform_type_id IS NOT NULL;

-- A tenant's change to a platform item it may change; a null field follows the platform. The row
-- stays when the tenant goes back to the platform's values (all null), so its version keeps counting.
CREATE TABLE tenant_dictionary_overrides (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  item_id text NOT NULL REFERENCES platform_dictionary_items (id) ON DELETE CASCADE,
  label text,
  label_en text,
  sort integer,
  color text,
  status text CHECK (status IN ('active', 'disabled')),
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, item_id)
);
SELECT uniwim_enable_tenant_isolation('tenant_dictionary_overrides');
CREATE INDEX tenant_dictionary_overrides_item_idx ON tenant_dictionary_overrides (item_id);

CREATE TABLE platform_parameters (
  id text PRIMARY KEY,
  key text NOT NULL UNIQUE CHECK (key ~ '^[A-Za-z][A-Za-z0-9_.-]{0,63}$'),
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('text', 'number', 'boolean', 'choice', 'json', 'secret')),
  -- The platform default as text; a secret keeps its value in secret_value instead.
  value text,
  secret_value text,
  choices jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(choices) = 'array'),
  description text,
  builtin boolean NOT NULL DEFAULT false,
  -- GET /ump/param/get answers it (never a secret).
  client_readable boolean NOT NULL DEFAULT false,
  -- Tenants may set their own value (opened by the platform, parameter by parameter).
  tenant_editable boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((type = 'secret') = (value IS NULL)),
  CHECK (type = 'secret' OR secret_value IS NULL),
  CHECK (type <> 'secret' OR NOT client_readable)
);

-- A tenant's value of a platform parameter; both null: the tenant follows the platform default.
CREATE TABLE tenant_parameter_values (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  parameter_id text NOT NULL REFERENCES platform_parameters (id),
  value text,
  secret_value text,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, parameter_id)
);
SELECT uniwim_enable_tenant_isolation('tenant_parameter_values');
CREATE INDEX tenant_parameter_values_parameter_idx ON tenant_parameter_values (parameter_id)
  WHERE value IS NOT NULL OR secret_value IS NOT NULL;

-- What existing installations hold moves over. The platform's dictionaries: every one extendable,
-- since tenants could add values before.
INSERT INTO platform_dictionary_types (id, code, name, extendable, created_at, updated_at)
SELECT 'dt-' || md5(code), uniwim_dictionary_code(code), name, true, updated_at, updated_at
FROM platform_dictionaries;

INSERT INTO platform_dictionary_items (id, type_id, value, label, sort)
SELECT DISTINCT ON (d.code, item ->> 'value')
  'di-' || md5(d.code || '/' || (item ->> 'value')), 'dt-' || md5(d.code), item ->> 'value',
  coalesce(item ->> 'name', item ->> 'value'), coalesce((item ->> 'sort')::int, position::int)
FROM platform_dictionaries d, jsonb_array_elements(d.items) WITH ORDINALITY AS e (item, position)
WHERE item ->> 'value' IS NOT NULL
ORDER BY d.code, item ->> 'value', position;

-- A tenant's own dictionary of a platform code: its values the platform has are overrides, the
-- others its own items, and the platform's values it left out are switched off for it.
INSERT INTO tenant_dictionary_overrides (tenant_id, item_id, label, sort, status)
SELECT t.tenant_id, pi.id,
       CASE WHEN ti.item IS NULL OR ti.item ->> 'name' = pi.label THEN NULL ELSE ti.item ->> 'name' END,
       CASE WHEN ti.item IS NULL OR (ti.item ->> 'sort')::int = pi.sort THEN NULL ELSE (ti.item ->> 'sort')::int END,
       CASE WHEN ti.item IS NULL THEN 'disabled' END
FROM tenant_dictionaries t
JOIN platform_dictionaries p ON p.code = t.code
JOIN platform_dictionary_items pi ON pi.type_id = 'dt-' || md5(p.code)
LEFT JOIN LATERAL (
  SELECT item FROM jsonb_array_elements(t.items) AS e (item) WHERE item ->> 'value' = pi.value LIMIT 1
) ti ON true
WHERE NOT t.inherited;
DELETE FROM tenant_dictionary_overrides
WHERE label IS NULL AND label_en IS NULL AND sort IS NULL AND color IS NULL AND status IS NULL;

INSERT INTO tenant_dictionary_items (tenant_id, id, platform_type_id, value, label, sort)
SELECT DISTINCT ON (t.tenant_id, t.code, item ->> 'value')
  t.tenant_id, 'tdi-' || md5(t.tenant_id || '/' || t.code || '/' || (item ->> 'value')), 'dt-' || md5(t.code),
  item ->> 'value', coalesce(item ->> 'name', item ->> 'value'), coalesce((item ->> 'sort')::int, position::int)
FROM tenant_dictionaries t
JOIN platform_dictionaries p ON p.code = t.code,
  jsonb_array_elements(t.items) WITH ORDINALITY AS e (item, position)
WHERE NOT t.inherited AND item ->> 'value' IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p.items) AS pe (pitem) WHERE pitem ->> 'value' = item ->> 'value')
ORDER BY t.tenant_id, t.code, item ->> 'value', position;

-- A tenant's dictionary of a code the platform does not have: the tenant's own type.
INSERT INTO tenant_dictionary_types (tenant_id, id, code, name, created_at, updated_at)
SELECT t.tenant_id, 'tdt-' || md5(t.tenant_id || '/' || t.code), uniwim_dictionary_code(t.code), t.name,
       t.updated_at, t.updated_at
FROM tenant_dictionaries t
WHERE NOT EXISTS (SELECT 1 FROM platform_dictionaries p WHERE p.code = t.code)
ON CONFLICT (tenant_id, code) DO NOTHING;

INSERT INTO tenant_dictionary_items (tenant_id, id, tenant_type_id, value, label, sort)
SELECT DISTINCT ON (t.tenant_id, t.code, item ->> 'value')
  t.tenant_id, 'tdi-' || md5(t.tenant_id || '/' || t.code || '/' || (item ->> 'value')),
  'tdt-' || md5(t.tenant_id || '/' || t.code), item ->> 'value', coalesce(item ->> 'name', item ->> 'value'),
  coalesce((item ->> 'sort')::int, position::int)
FROM tenant_dictionaries t, jsonb_array_elements(t.items) WITH ORDINALITY AS e (item, position)
WHERE item ->> 'value' IS NOT NULL
  AND EXISTS (SELECT 1 FROM tenant_dictionary_types tt
              WHERE tt.tenant_id = t.tenant_id AND tt.id = 'tdt-' || md5(t.tenant_id || '/' || t.code))
ORDER BY t.tenant_id, t.code, item ->> 'value', position;

-- Parameters: every existing one stays readable by clients, as GET /ump/param/get answered them all,
-- and open to tenants' own values, as it was.
INSERT INTO platform_parameters (id, key, name, type, value, description, client_readable, tenant_editable, updated_at)
SELECT 'p-' || md5(key), key, coalesce(nullif(description, ''), key), 'text', value, description, true, true, updated_at
FROM platform_params;
-- A tenant's parameter the platform does not define becomes a platform parameter with an empty
-- default, so the tenant keeps its value as an override.
INSERT INTO platform_parameters (id, key, name, type, value, description, client_readable, tenant_editable)
SELECT DISTINCT ON (t.key) 'p-' || md5(t.key), t.key, coalesce(nullif(t.description, ''), t.key), 'text', '',
       t.description, true, true
FROM tenant_params t
WHERE NOT t.inherited AND NOT EXISTS (SELECT 1 FROM platform_params p WHERE p.key = t.key)
ORDER BY t.key;
INSERT INTO tenant_parameter_values (tenant_id, parameter_id, value, updated_at)
SELECT tenant_id, 'p-' || md5(key), value, updated_at FROM tenant_params WHERE NOT inherited;

DROP TABLE tenant_dictionaries;
DROP TABLE platform_dictionaries;
DROP TABLE tenant_params;
DROP TABLE platform_params;
DROP FUNCTION uniwim_dictionary_code(text);

-- The platform's own pages: /umpDict and /umpParameters in the platform's scope.
INSERT INTO admin_menu_items (id, parent_id, name, link, sort, platform_only, permission) VALUES
  ('am-platform-dictionaries', 'am-system', '平台数据字典', '/umpDict?scope=dmp', 10, true, 'platform-dictionary:list'),
  ('am-platform-parameters', 'am-system', '平台参数配置', '/umpParameters?scope=dmp', 11, true, 'platform-parameter:list');
