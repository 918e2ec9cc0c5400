import type { MyNotice, MyNoticeDetail, NoticeUnread, StoredFile } from '@uniwim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../platform/db/database';
import { isoOrNull } from '../../platform/db/raw-values';
import { inAudience, isLive } from './notice-sql';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

export interface Member {
  tenantId: string;
  accountId: string;
}

const columns = (alias: string, detail: boolean) =>
  sql.raw(`${alias}.id, ${alias}.title, ${alias}.type, ${alias}.level, ${alias}.publish_at, ${alias}.expires_at,
    ${alias}.pinned, ${alias}.must_read, ${alias}.created_by_name AS publisher_name
    ${detail ? `, ${alias}.body, ${alias}.attachments` : ''}`);

/**
 * The notices a member sees now: the tenant's live ones whose audience includes the member (an
 * active member only), and the platform's live ones; each with the member's read and confirmation.
 */
const visibleTo = (member: Member, detail: boolean): SQL => sql`
  SELECT v.*, r.read_at, r.confirmed_at FROM (
    SELECT 'tenant' AS scope, ${columns('n', detail)} FROM notices n
    WHERE n.tenant_id = ${member.tenantId} AND ${isLive('n')} AND EXISTS (
      SELECT 1 FROM tenant_memberships m
      WHERE m.tenant_id = ${member.tenantId} AND m.account_id = ${member.accountId} AND m.status = 'active'
        AND ${inAudience})
    UNION ALL
    SELECT 'platform' AS scope, ${columns('p', detail)} FROM platform_notices p
    WHERE ${isLive('p')} AND EXISTS (
      SELECT 1 FROM tenant_memberships m
      WHERE m.tenant_id = ${member.tenantId} AND m.account_id = ${member.accountId} AND m.status = 'active')
  ) v
  LEFT JOIN notice_reads r ON r.tenant_id = ${member.tenantId} AND r.account_id = ${member.accountId}
    AND r.notice_id = v.id`;

const noticeOf = (row: RawRow): MyNotice => ({
  id: String(row.id),
  scope: row.scope as MyNotice['scope'],
  title: String(row.title),
  type: row.type as MyNotice['type'],
  level: row.level as MyNotice['level'],
  publishAt: isoOrNull(row.publish_at)!,
  expiresAt: isoOrNull(row.expires_at),
  pinned: row.pinned === true,
  mustRead: row.must_read === true,
  publisherName: row.publisher_name === null ? null : String(row.publisher_name),
  readAt: isoOrNull(row.read_at),
  confirmedAt: isoOrNull(row.confirmed_at),
});

/**
 * The unread counts of many active members of one tenant (among `accountIds`) in one statement.
 * Pairing every member with every live notice made 150,000 rows for 500 members; instead the
 * notices for everyone (the tenant's `all` ones and the platform's) are counted once for all, the
 * targeted ones paired with the members they reach, and each member's reads of what they see
 * subtracted: unread = seen − read, to confirm = must-read seen − confirmed.
 */
const unreadOfManySql = (tenantId: string, accountIds: string[]): SQL => sql`
  WITH m AS (
    SELECT * FROM tenant_memberships
    WHERE tenant_id = ${tenantId} AND status = 'active'
      AND account_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(accountIds)}::jsonb))
  ), live AS MATERIALIZED (
    SELECT * FROM notices n WHERE n.tenant_id = ${tenantId} AND ${isLive('n')}
  ), everyone AS MATERIALIZED (
    SELECT id, must_read FROM live WHERE audience_kind = 'all'
    UNION ALL
    SELECT p.id, p.must_read FROM platform_notices p WHERE ${isLive('p')}
  ), targeted AS (
    SELECT m.account_id, n.id, n.must_read FROM m JOIN live n ON n.audience_kind <> 'all' AND ${inAudience}
  ), seen_reads AS (
    SELECT r.account_id, e.must_read, r.confirmed_at FROM m
    JOIN notice_reads r ON r.tenant_id = ${tenantId} AND r.account_id = m.account_id
    JOIN everyone e ON e.id = r.notice_id
    UNION ALL
    SELECT r.account_id, t.must_read, r.confirmed_at FROM targeted t
    JOIN notice_reads r ON r.tenant_id = ${tenantId} AND r.account_id = t.account_id AND r.notice_id = t.id
  ), totals AS (
    SELECT count(*)::int AS n, (count(*) FILTER (WHERE must_read))::int AS must FROM everyone
  )
  SELECT m.account_id,
    totals.n + coalesce(tc.n, 0) - coalesce(rc.n, 0) AS unread,
    totals.must + coalesce(tc.must, 0) - coalesce(rc.confirmed, 0) AS to_confirm
  FROM m CROSS JOIN totals
  LEFT JOIN (
    SELECT account_id, count(*)::int AS n, (count(*) FILTER (WHERE must_read))::int AS must
    FROM targeted GROUP BY account_id
  ) tc ON tc.account_id = m.account_id
  LEFT JOIN (
    SELECT account_id, count(*)::int AS n,
      (count(*) FILTER (WHERE must_read AND confirmed_at IS NOT NULL))::int AS confirmed
    FROM seen_reads GROUP BY account_id
  ) rc ON rc.account_id = m.account_id`;

/** What members read of notices, each call in the member's tenant scope (row-level security). */
export const createNoticeMemberRepo = (db: Database) => {
  const one = async (tx: Tx, member: Member, id: string) =>
    rowsOf(await tx.execute(sql`SELECT * FROM (${visibleTo(member, true)}) x WHERE x.id = ${id}`))[0];

  return {
    /** Pinned first, then the newest; `unread` narrows to those not opened yet. */
    page: (member: Member, query: { page: number; pageSize: number; unread?: boolean }) =>
      db.withTenant(member.tenantId, async (tx) => {
        const filter = query.unread ? sql`WHERE x.read_at IS NULL` : sql``;
        const [items, counted] = await Promise.all([
          tx.execute(sql`SELECT * FROM (${visibleTo(member, false)}) x ${filter}
            ORDER BY x.pinned DESC, x.publish_at DESC, x.id
            LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
          tx.execute(sql`SELECT count(*)::int AS n FROM (${visibleTo(member, false)}) x ${filter}`),
        ]);
        return { items: rowsOf(items).map(noticeOf), total: Number(rowsOf(counted)[0]?.n ?? 0) };
      }),

    unread: (member: Member): Promise<NoticeUnread> =>
      db.withTenant(member.tenantId, async (tx) => {
        const [row] = rowsOf(
          await tx.execute(sql`SELECT count(*) FILTER (WHERE x.read_at IS NULL)::int AS unread,
              count(*) FILTER (WHERE x.must_read AND x.confirmed_at IS NULL)::int AS to_confirm
            FROM (${visibleTo(member, false)}) x`),
        );
        return { unread: Number(row?.unread ?? 0), toConfirm: Number(row?.to_confirm ?? 0) };
      }),

    /**
     * The counts of many members of one tenant in one statement (the open shells told of a change):
     * the same figures `unread` gives each of them; a member with nothing to read is answered too.
     */
    unreadOfMany: (tenantId: string, accountIds: string[]): Promise<Map<string, NoticeUnread>> =>
      db.withTenant(tenantId, async (tx) => {
        const rows = rowsOf(await tx.execute(unreadOfManySql(tenantId, accountIds)));
        const counts = new Map(accountIds.map((id) => [id, { unread: 0, toConfirm: 0 }]));
        for (const row of rows) {
          counts.set(String(row.account_id), {
            unread: Number(row.unread),
            toConfirm: Number(row.to_confirm),
          });
        }
        return counts;
      }),

    /**
     * The notice as the member may see it, its read recorded (once: the first time counts); with
     * `confirm`, a must-read one's confirmation too. Undefined when the member may not see it.
     */
    open: (member: Member, id: string, confirm: boolean) =>
      db.withTenant(member.tenantId, async (tx): Promise<MyNoticeDetail | undefined | 'not-must-read'> => {
        const found = await one(tx, member, id);
        if (!found) return undefined;
        if (confirm && found.must_read !== true) return 'not-must-read';
        await tx.execute(sql`INSERT INTO notice_reads (tenant_id, notice_id, account_id, confirmed_at)
          VALUES (${member.tenantId}, ${id}, ${member.accountId}, ${confirm ? sql`now()` : sql`NULL`})
          ON CONFLICT (tenant_id, notice_id, account_id) DO UPDATE
            SET confirmed_at = coalesce(notice_reads.confirmed_at, excluded.confirmed_at)`);
        const row = (await one(tx, member, id))!;
        return {
          ...noticeOf(row),
          body: String(row.body),
          attachments: (row.attachments ?? []) as StoredFile[],
        };
      }),
  };
};

export type NoticeMemberRepo = ReturnType<typeof createNoticeMemberRepo>;
