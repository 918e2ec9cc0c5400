-- Log rows the database refused (issue 11): a batch writer (login logs, usage logs) sets such a row
-- aside here with the reason and carries on with the rows behind it, instead of retrying it forever.
-- The row is kept as JSON with NUL characters and lone surrogates escaped as text (\u0000), so it can
-- always be stored. No foreign keys and no tenant_id column: a dead letter outlives whatever it names,
-- and it is platform data, read by platform administrators only (GET /dmp/admin/log-dead-letters).
CREATE TABLE log_dead_letters (
  id text PRIMARY KEY,
  writer text NOT NULL,
  sql_state text,
  reason text NOT NULL,
  row_data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX log_dead_letters_time_idx ON log_dead_letters (created_at DESC, id DESC);

-- Rows of every tenant sit together here, with user names and addresses in them. Rather than rely on
-- every query remembering that, the table is under forced row-level security with a policy that
-- admits the platform scope only: a tenant transaction (app.tenant_id set, app.scope 'tenant') or
-- one with nothing set sees and writes no row at all, like tenant-owned tables fail closed.
ALTER TABLE log_dead_letters ENABLE ROW LEVEL SECURITY;
ALTER TABLE log_dead_letters FORCE ROW LEVEL SECURITY;
CREATE POLICY platform_only ON log_dead_letters
  USING (current_setting('app.scope', true) = 'platform')
  WITH CHECK (current_setting('app.scope', true) = 'platform');
