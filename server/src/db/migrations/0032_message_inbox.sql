-- The message centre (issue 15, the header's 消息): each in-app message a member received, written
-- by the outbox when it delivers the in-app channel of a message (one row per recipient), read by
-- the member's message centre. outbox_id ties a row to the outbox row that wrote it, so a delivery
-- retried after a restart finds its row instead of writing a second one.
CREATE TABLE user_messages (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id text NOT NULL,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  class_id text,
  template_code text,
  outbox_id text,
  title text NOT NULL,
  content text NOT NULL,
  link text,
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, account_id) REFERENCES tenant_memberships (tenant_id, account_id) ON DELETE CASCADE
);
-- A member's centre newest first, and their unread count for the header.
CREATE INDEX user_messages_account_idx ON user_messages (tenant_id, account_id, created_at DESC, id);
CREATE INDEX user_messages_unread_idx ON user_messages (tenant_id, account_id) WHERE read_at IS NULL;
CREATE UNIQUE INDEX user_messages_outbox_idx ON user_messages (tenant_id, outbox_id) WHERE outbox_id IS NOT NULL;
SELECT uniwim_enable_tenant_isolation('user_messages');

-- A member's choice per message class (only classes with user_switchable may be switched off).
CREATE TABLE message_preferences (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  class_id text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, account_id, class_id),
  FOREIGN KEY (tenant_id, class_id) REFERENCES message_classes (tenant_id, id) ON DELETE CASCADE
);
SELECT uniwim_enable_tenant_isolation('message_preferences');
