import type { Invitation } from '@uniwim/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';

interface InvitationRow {
  tenant_id: string;
  tenant_name: string;
  department_name: string | null;
  role_names: string[] | null;
  invited_at: Date | string;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * Invitations of an account to tenants (memberships with status 'invited'): only the account's
 * holder, signed in, answers them. Accepting makes the membership active with the roles the
 * administrator chose; declining removes it. A tenant that admits nobody offers none.
 */
export const createInvitations = (deps: {
  db: Database;
  /** Sign-in keeps accounts and memberships in memory: every instance drops its copy. */
  accountsChanged(): Promise<void>;
  /** A membership became active or went: every instance drops the grants it keeps for the tenant. */
  grantsChanged(tenantId: string): Promise<void>;
}) => ({
  mine: (accountId: string): Promise<Invitation[]> =>
    deps.db.asPlatform(async (tx) =>
      rowsOf<InvitationRow>(
        await tx.execute(sql`
          SELECT m.tenant_id, t.name AS tenant_name, d.name AS department_name,
                 (SELECT array_agg(r.name ORDER BY r.sort, r.name) FROM membership_roles mr
                    JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
                   WHERE mr.tenant_id = m.tenant_id AND mr.account_id = m.account_id) AS role_names,
                 m.created_at AS invited_at
          FROM tenant_memberships m
          JOIN tenants t ON t.id = m.tenant_id
          LEFT JOIN departments d ON d.tenant_id = m.tenant_id AND d.id = m.department_id
          WHERE m.account_id = ${accountId} AND m.status = 'invited'
            AND t.status = 'active' AND t.deleted_at IS NULL
            AND (t.expires_at IS NULL OR t.expires_at > now())
          ORDER BY m.created_at DESC
          LIMIT 50`),
      ).map((row) => ({
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        departmentName: row.department_name,
        roleNames: row.role_names ?? [],
        invitedAt: new Date(row.invited_at).toISOString(),
      })),
    ),

  accept: async (accountId: string, tenantId: string): Promise<void> => {
    const accepted = await deps.db.withTenant(tenantId, async (tx) =>
      rowsOf(
        await tx.execute(sql`
          UPDATE tenant_memberships SET status = 'active', version = version + 1, updated_at = now()
          WHERE tenant_id = ${tenantId} AND account_id = ${accountId} AND status = 'invited'
            AND EXISTS (SELECT 1 FROM tenants t WHERE t.id = ${tenantId} AND t.status = 'active'
                          AND t.deleted_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now()))
          RETURNING account_id`),
      ),
    );
    if (accepted.length === 0) throw new AppError('INVITATION_NOT_FOUND');
    await Promise.all([deps.accountsChanged(), deps.grantsChanged(tenantId)]);
  },

  decline: async (accountId: string, tenantId: string): Promise<void> => {
    const declined = await deps.db.withTenant(tenantId, async (tx) => {
      const removed = rowsOf(
        await tx.execute(sql`
          DELETE FROM tenant_memberships
          WHERE tenant_id = ${tenantId} AND account_id = ${accountId} AND status = 'invited'
          RETURNING account_id`),
      );
      if (removed.length > 0)
        await tx.execute(
          sql`DELETE FROM membership_roles WHERE tenant_id = ${tenantId} AND account_id = ${accountId}`,
        );
      return removed;
    });
    if (declined.length === 0) throw new AppError('INVITATION_NOT_FOUND');
    await Promise.all([deps.accountsChanged(), deps.grantsChanged(tenantId)]);
  },
});

export type Invitations = ReturnType<typeof createInvitations>;
