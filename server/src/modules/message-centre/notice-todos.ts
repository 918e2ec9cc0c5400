import { TODO_PLATFORM_SOURCE } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { inAudience, isLive } from '../notices/notice-sql';
import { EVERY_TENANT, noticesDueBetween } from '../notices/schedule-sweep';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** How often an instance looks for must-read notices whose scheduled time came (or that expired). */
const SWEEP_MS = 10_000;
/** On start an instance also catches up on notices that came due while it (or all) was down. */
const CATCH_UP_MS = 60 * 60_000;

/** The to-do of a must-read notice for one member: the key that makes issuing it twice harmless. */
export const noticeTodoKey = (noticeId: string, accountId: string) => `notice:${noticeId}:${accountId}`;
/** The page a notice's to-do opens in the shell. */
export const noticeTodoLink = (noticeId: string) => `/umpNoticeDetail?id=${encodeURIComponent(noticeId)}`;
export const NOTICE_TODO_TITLE_PREFIX = '请阅读并确认通知公告：';

const notConfirmed = (alias: string) =>
  sql.raw(`NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.tenant_id = m.tenant_id
    AND r.account_id = m.account_id AND r.notice_id = ${alias}.id AND r.confirmed_at IS NOT NULL)`);

const todoValues = (alias: string) =>
  sql.raw(`m.tenant_id, 'td-' || gen_random_uuid()::text, m.account_id, '${TODO_PLATFORM_SOURCE}',
    '${TODO_PLATFORM_SOURCE}', 'notice:' || ${alias}.id || ':' || m.account_id,
    left('${NOTICE_TODO_TITLE_PREFIX}' || ${alias}.title, 200), '/umpNoticeDetail?id=' || ${alias}.id`);

/**
 * Each active member of a live must-read notice's audience (the tenant's own, and the platform's)
 * who has not confirmed it gets a platform to-do; the key (notice and member) makes it once only,
 * even when two instances issue at the same moment. Answers the members who got one.
 */
const issue = async (tx: Tx, tenantId: string): Promise<string[]> =>
  rowsOf(
    await tx.execute(sql`
      INSERT INTO todos (tenant_id, id, account_id, source, client_id, external_id, title, link)
      SELECT ${todoValues('n')} FROM notices n
        JOIN tenant_memberships m ON m.tenant_id = n.tenant_id AND m.status = 'active'
        WHERE n.tenant_id = ${tenantId} AND n.must_read AND ${isLive('n')} AND ${inAudience}
          AND ${notConfirmed('n')}
      UNION ALL
      SELECT ${todoValues('p')} FROM platform_notices p
        JOIN tenant_memberships m ON m.tenant_id = ${tenantId} AND m.status = 'active'
        WHERE p.must_read AND ${isLive('p')} AND ${notConfirmed('p')}
      ON CONFLICT DO NOTHING
      RETURNING account_id`),
  ).map((row) => String(row.account_id));

/**
 * Open to-dos of notices no longer waiting for the member: revoked, expired, deleted, or confirmed.
 * They are closed (done): nothing is left to do. Answers the members whose to-dos closed.
 */
const close = async (tx: Tx, tenantId: string): Promise<string[]> =>
  rowsOf(
    await tx.execute(sql`
      UPDATE todos t SET status = 'done', done_at = now(), version = t.version + 1, updated_at = now()
      WHERE t.tenant_id = ${tenantId} AND t.client_id = ${TODO_PLATFORM_SOURCE} AND t.status = 'open'
        AND t.external_id LIKE 'notice:%'
        AND NOT EXISTS (
          SELECT 1 FROM tenant_memberships m, notices n
          WHERE m.tenant_id = t.tenant_id AND m.account_id = t.account_id
            AND n.tenant_id = t.tenant_id AND n.id = split_part(t.external_id, ':', 2)
            AND ${isLive('n')} AND ${notConfirmed('n')})
        AND NOT EXISTS (
          SELECT 1 FROM tenant_memberships m, platform_notices p
          WHERE m.tenant_id = t.tenant_id AND m.account_id = t.account_id
            AND p.id = split_part(t.external_id, ':', 2)
            AND ${isLive('p')} AND ${notConfirmed('p')})
      RETURNING t.account_id`),
  ).map((row) => String(row.account_id));

/**
 * Must-read notices as to-dos (issue 15): publishing one (or its scheduled time coming) gives each
 * member of its audience a platform to-do that opens the notice; confirming it marks the to-do
 * done; revoking (or its expiry) closes them. Every step is idempotent, so the publish hook, the
 * sweep and several instances may all run it.
 */
export const createNoticeTodos = (deps: {
  db: Database;
  /** After committed changes: those members' to-do counts changed. */
  todosChanged(tenantId: string, accountIds: string[]): Promise<void>;
  onError?(error: unknown): void;
  sweepMs?: number;
}) => {
  const reconcileTenant = async (tenantId: string) => {
    const { issued, closed } = await deps.db.withTenant(tenantId, async (tx) => ({
      issued: await issue(tx, tenantId),
      closed: await close(tx, tenantId),
    }));
    await deps.todosChanged(tenantId, [...issued, ...closed]);
    return { issued: issued.length, closed: closed.length };
  };

  const tenantIds = () =>
    deps.db.asPlatform(async (tx) =>
      rowsOf(await tx.execute(sql`SELECT id FROM tenants ORDER BY id`)).map((row) => String(row.id)),
    );

  /** Brings the to-dos of a tenant's notices (null or EVERY_TENANT: a platform notice's, all tenants) in line. */
  const reconcile = async (scope: string | null) => {
    const scopes = scope === null || scope === EVERY_TENANT ? await tenantIds() : [scope];
    let issued = 0;
    let closed = 0;
    for (const tenantId of scopes) {
      const done = await reconcileTenant(tenantId);
      issued += done.issued;
      closed += done.closed;
    }
    return { issued, closed };
  };

  return {
    reconcile,

    /** After a notice was published or revoked (never fails the caller: the sweep retries). */
    noticeChanged: async (scope: string | null) => {
      try {
        await reconcile(scope);
      } catch (error) {
        deps.onError?.(error);
      }
    },

    /** The member confirmed a must-read notice: its to-do is done. */
    confirmed: async (member: { tenantId: string; accountId: string }, noticeId: string) => {
      try {
        const changed = await deps.db.withTenant(member.tenantId, async (tx) =>
          rowsOf(
            await tx.execute(sql`
              UPDATE todos SET status = 'done', done_at = now(), version = version + 1, updated_at = now()
              WHERE tenant_id = ${member.tenantId} AND client_id = ${TODO_PLATFORM_SOURCE}
                AND external_id = ${noticeTodoKey(noticeId, member.accountId)} AND status = 'open'
              RETURNING account_id`),
          ),
        );
        if (changed.length > 0) await deps.todosChanged(member.tenantId, [member.accountId]);
      } catch (error) {
        deps.onError?.(error);
      }
    },

    /** Every few seconds: notices whose scheduled time came or that expired. Answers how to stop. */
    start: () => {
      let since = new Date(Date.now() - CATCH_UP_MS);
      let running = false;
      const timer = setInterval(async () => {
        if (running) return;
        running = true;
        const until = new Date();
        try {
          const scopes = await noticesDueBetween(deps.db, since, until);
          since = until;
          for (const scope of scopes) await reconcile(scope);
        } catch (error) {
          deps.onError?.(error);
        } finally {
          running = false;
        }
      }, deps.sweepMs ?? SWEEP_MS);
      timer.unref();
      return async () => clearInterval(timer);
    },
  };
};

export type NoticeTodos = ReturnType<typeof createNoticeTodos>;
