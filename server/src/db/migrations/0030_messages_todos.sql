-- To-dos (issue 15, /todoList): one inbox per member of a tenant for what asks them to act, created
-- by the platform or by applications through their API credential (client-credentials token with
-- the scope todo:write). external_id is the application's own key: posting it again answers the
-- to-do already there instead of a second one.
CREATE TABLE todos (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- Who created it: the platform, or an API credential (its id, and its application if it has one).
  source text NOT NULL,
  client_id text,
  application_id text,
  external_id text,
  title text NOT NULL,
  link text,
  due_at timestamptz,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
  done_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, account_id) REFERENCES tenant_memberships (tenant_id, account_id) ON DELETE CASCADE
);
-- A member's inbox by status, newest first; and their open count for the header.
CREATE INDEX todos_account_status_idx ON todos (tenant_id, account_id, status, created_at DESC, id);
CREATE UNIQUE INDEX todos_external_idx ON todos (tenant_id, client_id, external_id)
  WHERE external_id IS NOT NULL;
SELECT uniwim_enable_tenant_isolation('todos');

-- Message classes (/messageMessageClass): a tenant's groups of messages, their default channels,
-- priority, and whether members may switch a class off for themselves.
CREATE TABLE message_classes (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  name text NOT NULL,
  channels text[] NOT NULL CHECK (cardinality(channels) > 0 AND channels <@ ARRAY['in-app', 'sms']),
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  user_switchable boolean NOT NULL DEFAULT false,
  description text,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, name)
);
SELECT uniwim_enable_tenant_isolation('message_classes');

-- Message templates (/messageMessageTemplate): code fixed once created, its class (which cannot be
-- deleted while templates use it), content per channel with {param} placeholders, status.
CREATE TABLE message_templates (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  class_id text NOT NULL,
  in_app_title text,
  in_app_content text,
  sms_template_id text,
  sms_content text,
  status text NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'disabled')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  UNIQUE (tenant_id, code),
  FOREIGN KEY (tenant_id, class_id) REFERENCES message_classes (tenant_id, id)
);
CREATE INDEX message_templates_class_idx ON message_templates (tenant_id, class_id);
SELECT uniwim_enable_tenant_isolation('message_templates');
