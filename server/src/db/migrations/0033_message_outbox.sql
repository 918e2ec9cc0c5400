-- The message outbox (issue 15): every message is one row per channel and recipient, written in the
-- transaction of whatever asked for it and delivered by a worker on any instance. A worker claims
-- due rows with FOR UPDATE SKIP LOCKED and holds them for a lease (status 'sending', lease_until):
-- two instances never hold one row, and a row whose instance died is claimed again once its lease
-- ends. Failures are retried at next_attempt_at (exponential backoff with jitter) until 'dead'.
--
-- tenant_id is null only for a platform operator's message to their own phone (a session with no
-- tenant): such rows are seen in the platform scope only.
CREATE TABLE message_outbox (
  id text PRIMARY KEY,
  tenant_id text REFERENCES tenants (id) ON DELETE CASCADE,
  account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('in-app', 'sms')),
  source text NOT NULL CHECK (source IN ('self', 'notice-remind', 'api', 'test')),
  class_id text,
  template_code text,
  template_params jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What is delivered, already filled in: the in-app title and content, or the SMS text and number.
  title text,
  content text NOT NULL,
  link text,
  priority text NOT NULL DEFAULT 'normal' CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  mobile text,
  -- A tenant's own vendor template and its variables ([{name, value}] in the content's order).
  sms_template_id text,
  sms_params jsonb,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_until timestamptz,
  claimed_by text,
  last_error text,
  created_by text,
  sent_at timestamptz,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (channel <> 'sms' OR mobile IS NOT NULL OR status = 'skipped')
);
-- The worker's claim: due rows, and rows held by an instance whose lease ended.
CREATE INDEX message_outbox_due_idx ON message_outbox (next_attempt_at)
  WHERE status IN ('pending', 'failed');
CREATE INDEX message_outbox_lease_idx ON message_outbox (lease_until) WHERE status = 'sending';
-- The administrators' list, newest first; and "is this template in use".
CREATE INDEX message_outbox_tenant_idx ON message_outbox (tenant_id, created_at DESC, id);
CREATE INDEX message_outbox_template_idx ON message_outbox (tenant_id, template_code)
  WHERE template_code IS NOT NULL;
SELECT uniwim_enable_tenant_isolation('message_outbox');
