-- Platform settings (issue 12, /dmpSysConfigManagement): every save of the platform's settings is a
-- numbered version holding the whole snapshot and its field-level diff, so any earlier version can be
-- restored (as a new version). The version number is the key: two saves read at the same version
-- cannot both be stored, the second answers 409.
CREATE TABLE platform_settings_history (
  version integer PRIMARY KEY CHECK (version > 0),
  action text NOT NULL CHECK (action IN ('update', 'rollback')),
  restored_version integer,
  snapshot jsonb NOT NULL,
  changes jsonb NOT NULL DEFAULT '{}',
  operator_id text,
  operator_name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Platform data: only the platform scope reads or writes it, like the other platform-only tables.
ALTER TABLE platform_settings_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE platform_settings_history FORCE ROW LEVEL SECURITY;
CREATE POLICY platform_only ON platform_settings_history
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
