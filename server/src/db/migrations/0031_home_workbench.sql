-- Issue 15: the user's home (/homepage) and the SaaS workbench (/saasWorkbench).

-- The KPI cards a tenant chose for its members' homepage, in order. No row: the default cards.
CREATE TABLE home_widget_settings (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  widgets jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(widgets) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);
SELECT uniwim_enable_tenant_isolation('home_widget_settings');

-- A member's arrangement of the workbench: application ids in the order shown, and favourites.
-- No row: the default order (the menu tree's). Ids of applications the member lost are kept and
-- ignored, so a grant given back restores the place.
CREATE TABLE workbench_layouts (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  application_order jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(application_order) = 'array'),
  favourites jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(favourites) = 'array'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, account_id)
);
SELECT uniwim_enable_tenant_isolation('workbench_layouts');

-- "Recently visited": one member's latest application openings without reading the tenant's others.
CREATE INDEX usage_logs_member_recent_idx ON usage_logs (tenant_id, account_id, created_at DESC)
  WHERE type = 1 AND account_id IS NOT NULL;

-- "Sign-ins today": counted from the index alone (the tenant's successful sign-ins since midnight).
CREATE INDEX login_logs_tenant_success_time_idx ON login_logs (tenant_id, created_at)
  WHERE result = 'success';
