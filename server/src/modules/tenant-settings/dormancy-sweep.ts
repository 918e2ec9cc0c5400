import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';

const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * "Disable dormant accounts after N days" of each tenant's security policy (issue 13): memberships
 * nobody has signed in with (or, never signed in, joined) for that long are disabled, hourly on every
 * instance (the update is idempotent, so instances racing do no harm). Sign-in checks the same rule at
 * once (service.signInGate). Members holding an administrator role are kept: the rule must never lock
 * a tenant out of its own administration.
 */
export const disableDormantMembers = (db: Database): Promise<{ tenantId: string; accountId: string }[]> =>
  db.asPlatform(async (tx) => {
    const days = sql`CASE WHEN jsonb_typeof(p.policy->'dormantDisableDays') = 'number'
      THEN floor((p.policy->>'dormantDisableDays')::numeric)::int ELSE 0 END`;
    const result = await tx.execute(sql`
      UPDATE tenant_memberships m SET status = 'disabled', updated_at = now()
      FROM tenant_security_policies p
      WHERE p.tenant_id = m.tenant_id
        AND m.status = 'active'
        AND ${days} > 0
        AND coalesce(m.last_sign_in_at, m.created_at) < now() - make_interval(days => ${days})
        AND NOT EXISTS (
          SELECT 1 FROM membership_roles mr
          JOIN roles r ON r.tenant_id = mr.tenant_id AND r.id = mr.role_id
          WHERE mr.tenant_id = m.tenant_id AND mr.account_id = m.account_id AND r.is_admin AND r.status = 'active'
        )
      RETURNING m.tenant_id AS "tenantId", m.account_id AS "accountId"`);
    return (result as unknown as { rows: { tenantId: string; accountId: string }[] }).rows;
  });

export const createDormancySweep = (deps: {
  db: Database;
  /** Sign-in reads memberships from cached accounts: they must see the change. */
  announceAccountsChange(): Promise<void>;
  onError(error: unknown): void;
}) => {
  const sweep = async () => {
    const disabled = await disableDormantMembers(deps.db);
    if (disabled.length > 0) await deps.announceAccountsChange();
    return disabled;
  };
  return {
    sweep,
    /** Starts sweeping; answers the function that stops it. */
    start: async () => {
      let running: Promise<unknown> = Promise.resolve();
      const run = () => {
        running = sweep().catch(deps.onError);
      };
      const first = setTimeout(run, 5_000);
      const timer = setInterval(run, SWEEP_INTERVAL_MS);
      first.unref();
      timer.unref();
      return async () => {
        clearTimeout(first);
        clearInterval(timer);
        await running;
      };
    },
  };
};
