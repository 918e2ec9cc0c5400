-- Background jobs (issue 12): exports above the synchronous limit, large imports, and the files the
-- download centre serves. Any instance claims a queued job with FOR UPDATE SKIP LOCKED; a job whose
-- instance stopped sending heartbeats is claimed again. tenant_id is the tenant the job acts in
-- (NULL for platform resources): a tenant sees its own jobs, platform code paths every job.
CREATE TABLE jobs (
  id text PRIMARY KEY,
  tenant_id text,
  kind text NOT NULL,
  scope text NOT NULL,
  resource text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0,
  total integer,
  result jsonb,
  error text,
  file_path text,
  file_name text,
  file_size bigint,
  file_expires_at timestamptz,
  requested_by text NOT NULL,
  requested_by_name text,
  attempts integer NOT NULL DEFAULT 0,
  claimed_by text,
  heartbeat_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
-- The claim looks for the oldest queued job, and for running jobs whose heartbeat went stale.
CREATE INDEX jobs_queued_idx ON jobs (created_at, id) WHERE status = 'queued';
CREATE INDEX jobs_running_idx ON jobs (heartbeat_at) WHERE status = 'running';
CREATE INDEX jobs_requester_idx ON jobs (requested_by, created_at DESC);
CREATE INDEX jobs_file_expiry_idx ON jobs (file_expires_at) WHERE file_path IS NOT NULL;
ALTER TABLE jobs ENABLE ROW LEVEL SECURITY;
ALTER TABLE jobs FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_or_platform ON jobs
  USING (tenant_id = current_setting('app.tenant_id', true) OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (tenant_id = current_setting('app.tenant_id', true) OR current_setting('app.scope', true) = 'platform');
