import { type SQL, sql } from 'drizzle-orm';

/*
 * The SQL of notices in one place: the status a notice shows, whether it is live, and above all
 * whether a member (a tenant_memberships row aliased `m`) is in a notice's audience (aliased `n`).
 */

/** The shown status: draft and revoked as done, published split by the publish time and the expiry. */
export const shownStatus = (alias: string): SQL =>
  sql.raw(`CASE WHEN ${alias}.status = 'published' AND ${alias}.publish_at > now() THEN 'scheduled'
    WHEN ${alias}.status = 'published' AND ${alias}.expires_at IS NOT NULL AND ${alias}.expires_at <= now()
      THEN 'expired'
    ELSE ${alias}.status END`);

/** Published, its time come, not expired, not revoked. */
export const isLive = (alias: string): SQL =>
  sql.raw(`(${alias}.status = 'published' AND ${alias}.publish_at <= now()
    AND (${alias}.expires_at IS NULL OR ${alias}.expires_at > now()))`);

/**
 * Whether the member `m` is in the audience of the tenant notice `n`: everyone; a chosen user; a
 * holder of a chosen role; a member of a chosen department, or with sub-departments of any
 * department below it (departments.path is the chain of ids from the root, "a/b/c/"). Always
 * within the notice's own tenant.
 */
const IN_AUDIENCE = `(m.tenant_id = n.tenant_id AND (
  n.audience_kind = 'all'
  OR (n.audience_kind = 'users' AND n.account_ids @> jsonb_build_array(m.account_id))
  OR (n.audience_kind = 'roles' AND EXISTS (
    SELECT 1 FROM membership_roles mr
    WHERE mr.tenant_id = m.tenant_id AND mr.account_id = m.account_id
      AND n.role_ids @> jsonb_build_array(mr.role_id)))
  OR (n.audience_kind = 'departments' AND m.department_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM departments md, departments d
    WHERE md.tenant_id = m.tenant_id AND md.id = m.department_id
      AND d.tenant_id = m.tenant_id AND n.department_ids @> jsonb_build_array(d.id)
      AND (md.id = d.id OR (n.include_sub_departments AND left(md.path, length(d.path)) = d.path))))
))`;
export const inAudience: SQL = sql.raw(IN_AUDIENCE);

/** Active members of the notice's tenant its audience covers. */
export const audienceCount = sql.raw(`(SELECT count(*)::int FROM tenant_memberships m
  WHERE m.tenant_id = n.tenant_id AND m.status = 'active' AND ${IN_AUDIENCE})`);

/** Reads of the notice `alias` (the transaction's scope decides whose: a tenant's, or everyone's). */
export const readCounts = (alias: string): SQL =>
  sql.raw(`(SELECT count(*)::int FROM notice_reads r WHERE r.notice_id = ${alias}.id) AS read_count,
    (SELECT count(*)::int FROM notice_reads r WHERE r.notice_id = ${alias}.id AND r.confirmed_at IS NOT NULL)
      AS confirmed_count`);
