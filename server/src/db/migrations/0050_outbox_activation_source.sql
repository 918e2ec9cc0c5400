-- Issue 25: imported users get a way in. An import of new members may send each an activation SMS
-- through the outbox (a template of the platform, not of the tenant): its rows are of source
-- 'activation'.
ALTER TABLE message_outbox DROP CONSTRAINT message_outbox_source_check;
ALTER TABLE message_outbox ADD CONSTRAINT message_outbox_source_check
  CHECK (source IN ('self', 'notice-remind', 'api', 'test', 'activation'));
