import { sql } from 'drizzle-orm';
import { type MemberGrants, memberGrantsSql } from '../../platform/admin/member-grants';
import type { Database } from '../../platform/db/database';

export interface PlatformGrants {
  /** The built-in super administrator: every platform code. */
  isPlatformAdmin: boolean;
  name: string;
  /** Codes held through platform roles. */
  codes: string[];
  /** The standing in the tenant asked about (null: not an active member, or no tenant asked). */
  member: MemberGrants | null;
}

/**
 * What an account holds on the platform and, when a tenant is named, in that tenant (its active
 * membership, department and roles): read in one statement on every admin request, so a change to
 * a role counts from its holders' next request on every instance.
 */
export const createPlatformAccessRepo = (db: Database) => ({
  grantsOf: (accountId: string, tenantId: string | null = null): Promise<PlatformGrants | undefined> =>
    db.asPlatform(async (tx) => {
      const result = await tx.execute(sql`
        SELECT a.is_platform_admin AS "isPlatformAdmin", a.name,
          coalesce((
            SELECT array_agg(DISTINCT granted.code) FROM account_platform_roles ar
            JOIN platform_roles r ON r.id = ar.role_id, unnest(r.permissions) AS granted(code)
            WHERE ar.account_id = a.id
          ), '{}') AS codes,
          ${tenantId === null ? sql`NULL::json` : memberGrantsSql(tenantId, sql`a.id`)} AS "member"
        FROM accounts a WHERE a.id = ${accountId} AND a.status = 'active'`);
      return (result as unknown as { rows: PlatformGrants[] }).rows[0];
    }),
});

export type PlatformAccessRepo = ReturnType<typeof createPlatformAccessRepo>;
