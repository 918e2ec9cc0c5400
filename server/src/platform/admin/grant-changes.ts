import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database';

/**
 * The admin framework's database: each of its transactions (resource writes, resources' own routes,
 * imports, jobs) reads, before committing, the flag the grant triggers raise (migration 0046:
 * members' roles, role grants and codes, memberships, empowerment), and once committed announces
 * the change with the transaction's tenant (null: the platform scope). So a grant change made by
 * any admin write takes effect on the holders' next request, on every instance, without each write
 * path having to remember to announce it.
 */
export const announcingGrantChanges = (
  db: Database,
  announce: (tenantId: string | null) => Promise<void>,
): Database => {
  const flagged = async <T>(
    tenantId: string | null,
    run: (work: (tx: Tx) => Promise<T>) => Promise<T>,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> => {
    let changed = false;
    const result = await run(async (tx) => {
      const value = await work(tx);
      const flag = (await tx.execute(
        sql`SELECT current_setting('app.grants_changed', true) AS changed`,
      )) as unknown as { rows: { changed: string | null }[] };
      changed = flag.rows[0]?.changed === 'on';
      return value;
    });
    if (changed) await announce(tenantId);
    return result;
  };
  return {
    kind: db.kind,
    admin: db.admin,
    withTenant: (tenantId, work) => flagged(tenantId, (w) => db.withTenant(tenantId, w), work),
    asPlatform: (work) => flagged(null, (w) => db.asPlatform(w), work),
    insertAsPlatform: (table, rows) => db.insertAsPlatform(table, rows),
    withNoTenant: (work) => db.withNoTenant(work),
    readInScope: (tenantId, statement, settings, options) =>
      db.readInScope(tenantId, statement, settings, options),
    ping: () => db.ping(),
    close: () => db.close(),
  };
};
