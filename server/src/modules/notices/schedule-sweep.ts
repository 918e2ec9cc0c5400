import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

type RawRow = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** The scope of a platform notice's change: every tenant. */
export const EVERY_TENANT = '*';

/**
 * The tenants (EVERY_TENANT for a platform notice) whose notices came due or expired in
 * (since, until]: a scheduled notice reaches the open shells when its time comes, with no write.
 */
export const noticesDueBetween = (db: Database, since: Date, until: Date): Promise<string[]> =>
  db.asPlatform(async (tx) =>
    rowsOf(
      await tx.execute(sql`
        SELECT DISTINCT tenant_id AS scope FROM notices
        WHERE status = 'published'
          AND ((publish_at > ${since.toISOString()} AND publish_at <= ${until.toISOString()})
            OR (expires_at > ${since.toISOString()} AND expires_at <= ${until.toISOString()}))
        UNION
        SELECT ${EVERY_TENANT} AS scope FROM platform_notices
        WHERE status = 'published'
          AND ((publish_at > ${since.toISOString()} AND publish_at <= ${until.toISOString()})
            OR (expires_at > ${since.toISOString()} AND expires_at <= ${until.toISOString()}))`),
    ).map((row) => String(row.scope)),
  );
