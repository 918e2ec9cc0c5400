-- Password sign-in: login log, restricted sessions (password change only), legacy-system sign-in.

CREATE TABLE login_logs (
  tenant_id text,
  id text NOT NULL,
  account_id text,
  username text NOT NULL,
  mode text NOT NULL,
  result text NOT NULL CHECK (result IN ('success', 'failure')),
  error_code text,
  ip text,
  user_agent text,
  channel text NOT NULL DEFAULT 'web',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id)
);
-- Attempts without a known tenant keep tenant_id NULL and are visible on platform paths only.
CREATE INDEX login_logs_tenant_time_idx ON login_logs (tenant_id, created_at DESC);
CREATE INDEX login_logs_account_idx ON login_logs (account_id, created_at DESC);
SELECT uniwim_enable_tenant_isolation('login_logs');

-- 'full' sessions use the product; 'change_password' sessions may only change the password.
ALTER TABLE sessions ADD COLUMN purpose text NOT NULL DEFAULT 'full' CHECK (purpose IN ('full', 'change_password'));

ALTER TABLE tenants ADD COLUMN legacy_bulletin_url text;
