import type { NoticeReceipt, NoticeReceiptsAnswer, NoticeReceiptsQuery } from '@uniwim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { isoOrNull } from '../../platform/db/raw-values';
import { inAudience } from './notice-sql';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/**
 * The receipts of a notice: its audience's active members (a tenant notice's audience, or every
 * member for the platform's, as far as the transaction's scope sees), each with when they read and
 * confirmed it; `read` narrows to those who did or did not.
 */
export const noticeReceipts = async (
  tx: Tx,
  notice: { kind: 'tenant' | 'platform'; noticeId: string; tenantId: string | null },
  query: NoticeReceiptsQuery,
): Promise<NoticeReceiptsAnswer> => {
  const audience: SQL =
    notice.kind === 'tenant'
      ? sql`m.tenant_id = ${notice.tenantId} AND EXISTS (SELECT 1 FROM notices n
          WHERE n.tenant_id = ${notice.tenantId} AND n.id = ${notice.noticeId} AND ${inAudience})`
      : sql`true`;
  const base = sql`FROM tenant_memberships m
    JOIN accounts a ON a.id = m.account_id
    LEFT JOIN departments d ON d.tenant_id = m.tenant_id AND d.id = m.department_id
    LEFT JOIN notice_reads r ON r.tenant_id = m.tenant_id AND r.account_id = m.account_id
      AND r.notice_id = ${notice.noticeId}
    WHERE m.status = 'active' AND ${audience}`;
  const narrowed =
    query.read === undefined
      ? sql``
      : query.read === 'true'
        ? sql` AND r.read_at IS NOT NULL`
        : sql` AND r.read_at IS NULL`;
  const [page, counts] = await Promise.all([
    tx.execute(sql`SELECT m.account_id, a.name, a.username, d.name AS department_name, r.read_at, r.confirmed_at
      ${base}${narrowed}
      ORDER BY r.read_at DESC NULLS LAST, a.username, m.tenant_id
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`),
    tx.execute(sql`SELECT count(*)::int AS audience,
        count(r.read_at)::int AS read, count(r.confirmed_at)::int AS confirmed,
        count(*) FILTER (WHERE true ${narrowed})::int AS listed
      ${base}`),
  ]);
  const [count] = rowsOf(counts);
  const audienceCount = Number(count?.audience ?? 0);
  const readCount = Number(count?.read ?? 0);
  const items: NoticeReceipt[] = rowsOf(page).map((row) => ({
    accountId: String(row.account_id),
    name: String(row.name),
    username: String(row.username),
    departmentName:
      row.department_name === null || row.department_name === undefined ? null : String(row.department_name),
    readAt: isoOrNull(row.read_at),
    confirmedAt: isoOrNull(row.confirmed_at),
  }));
  return {
    items,
    total: Number(count?.listed ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    audienceCount,
    readCount,
    confirmedCount: Number(count?.confirmed ?? 0),
    readRate: audienceCount === 0 ? 0 : readCount / audienceCount,
  };
};

/** The active members of a tenant notice's audience who have not opened it, with their mobile numbers. */
export const unreadMembers = async (
  tx: Tx,
  tenantId: string,
  noticeId: string,
): Promise<{ accountId: string; mobile: string | null }[]> =>
  rowsOf(
    await tx.execute(sql`SELECT m.account_id, a.mobile FROM tenant_memberships m
      JOIN accounts a ON a.id = m.account_id
      WHERE m.tenant_id = ${tenantId} AND m.status = 'active'
        AND EXISTS (SELECT 1 FROM notices n WHERE n.tenant_id = ${tenantId} AND n.id = ${noticeId} AND ${inAudience})
        AND NOT EXISTS (SELECT 1 FROM notice_reads r
          WHERE r.tenant_id = m.tenant_id AND r.account_id = m.account_id AND r.notice_id = ${noticeId})
      ORDER BY m.account_id`),
  ).map((row) => ({
    accountId: String(row.account_id),
    mobile: row.mobile === null || row.mobile === undefined ? null : String(row.mobile),
  }));
