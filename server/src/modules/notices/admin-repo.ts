import {
  type NoticeRow,
  type NoticeStatus,
  noticesResource,
  type PlatformNoticeRow,
  platformNoticesResource,
  type StoredFile,
} from '@uniwim/contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  derivedColumn,
  derivedListPage,
  derivedRow,
  type FieldSql,
  type ListQuery,
} from '../../platform/admin/list-sql';
import type { Tx } from '../../platform/db/database';
import { isoOrNull } from '../../platform/db/raw-values';
import { audienceCount, readCounts, shownStatus } from './notice-sql';

type RawRow = Record<string, unknown>;
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The administrator's view of the tenant's notices, aliased `n`, with the shown status and counts. */
const tenantNoticesOf = (tenantId: string): SQL => sql`
  SELECT n.*, ${shownStatus('n')} AS shown_status, ${readCounts('n')}, ${audienceCount} AS audience_count
  FROM notices n WHERE n.tenant_id = ${tenantId}`;

const platformNoticesFrom: SQL = sql`
  SELECT n.*, ${shownStatus('n')} AS shown_status, ${readCounts('n')} FROM platform_notices n`;

const fields: FieldSql = {
  title: derivedColumn('title'),
  type: derivedColumn('type'),
  level: derivedColumn('level'),
  status: derivedColumn('shown_status'),
  publishAt: derivedColumn('publish_at'),
  expiresAt: derivedColumn('expires_at'),
  readCount: derivedColumn('read_count'),
  createdAt: derivedColumn('created_at'),
  updatedAt: derivedColumn('updated_at'),
};

const commonOf = (row: RawRow) => {
  const attachments = (row.attachments ?? []) as StoredFile[];
  return {
    id: String(row.id),
    title: String(row.title),
    type: row.type as NoticeRow['type'],
    level: row.level as NoticeRow['level'],
    body: String(row.body),
    attachmentIds: attachments.map((file) => file.id),
    attachments,
    status: row.shown_status as NoticeStatus,
    publishAt: isoOrNull(row.publish_at),
    expiresAt: isoOrNull(row.expires_at),
    pinned: row.pinned === true,
    mustRead: row.must_read === true,
    createdByName: row.created_by_name === null ? null : String(row.created_by_name),
    publishedAt: isoOrNull(row.published_at),
    revokedAt: isoOrNull(row.revoked_at),
    readCount: Number(row.read_count ?? 0),
    confirmedCount: Number(row.confirmed_count ?? 0),
    createdAt: isoOrNull(row.created_at)!,
    updatedAt: isoOrNull(row.updated_at)!,
    version: Number(row.version),
  };
};

const tenantRowOf = (row: RawRow): NoticeRow => ({
  ...commonOf(row),
  audienceKind: row.audience_kind as NoticeRow['audienceKind'],
  departmentIds: list(row.department_ids),
  includeSubDepartments: row.include_sub_departments === true,
  roleIds: list(row.role_ids),
  accountIds: list(row.account_ids),
  audienceCount: Number(row.audience_count ?? 0),
  remindedAt: isoOrNull(row.reminded_at),
});

/** The admin pages' reads of notices, in the transaction the framework opened. */
export const noticeAdminRepo = {
  tenantList: async (tx: Tx, tenantId: string, query: ListQuery) => {
    const page = await derivedListPage(tx, {
      from: tenantNoticesOf(tenantId),
      declaration: noticesResource,
      fields,
      query,
    });
    return { items: page.items.map(tenantRowOf), total: page.total };
  },
  tenantOne: async (tx: Tx, tenantId: string, id: string): Promise<NoticeRow | undefined> => {
    const row = await derivedRow(tx, tenantNoticesOf(tenantId), id);
    return row ? tenantRowOf(row) : undefined;
  },
  platformList: async (tx: Tx, query: ListQuery) => {
    const page = await derivedListPage(tx, {
      from: platformNoticesFrom,
      declaration: platformNoticesResource,
      fields,
      query,
    });
    return { items: page.items.map(commonOf) as PlatformNoticeRow[], total: page.total };
  },
  platformOne: async (tx: Tx, id: string): Promise<PlatformNoticeRow | undefined> => {
    const row = await derivedRow(tx, platformNoticesFrom, id);
    return row ? commonOf(row) : undefined;
  },
};
