import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

export interface PlatformGrants {
  /** The built-in super administrator: every platform code. */
  isPlatformAdmin: boolean;
  name: string;
  /** Codes held through platform roles. */
  codes: string[];
}

/** What an account holds on the platform, read in one statement on every admin request. */
export const createPlatformAccessRepo = (db: Database) => ({
  grantsOf: (accountId: string): Promise<PlatformGrants | undefined> =>
    db.asPlatform(async (tx) => {
      const result = await tx.execute(sql`
        SELECT a.is_platform_admin AS "isPlatformAdmin", a.name,
          coalesce((
            SELECT array_agg(DISTINCT granted.code) FROM account_platform_roles ar
            JOIN platform_roles r ON r.id = ar.role_id, unnest(r.permissions) AS granted(code)
            WHERE ar.account_id = a.id
          ), '{}') AS codes
        FROM accounts a WHERE a.id = ${accountId} AND a.status = 'active'`);
      return (result as unknown as { rows: PlatformGrants[] }).rows[0];
    }),
});

export type PlatformAccessRepo = ReturnType<typeof createPlatformAccessRepo>;
