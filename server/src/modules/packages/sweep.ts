import type { Database } from '../../platform/db/database';
import { applyDueEntitlements } from './entitlements';

/** A day boundary is crossed within this long of midnight (Asia/Shanghai). */
const SWEEP_INTERVAL_MS = 15 * 60_000;

export interface EntitlementSweepDeps {
  db: Database;
  announceMenuChange(tenantId: string): Promise<void>;
  onError(error: unknown): void;
}

/**
 * Packages start and end by date, with nobody writing anything that day: every instance applies
 * what is due at start and then every quarter hour. The work is idempotent (it writes only what
 * differs), so instances sweeping at the same time agree.
 */
export const createEntitlementSweep = ({ db, announceMenuChange, onError }: EntitlementSweepDeps) => {
  const sweep = async (): Promise<string[]> => {
    const changed = await db.asPlatform((tx) => applyDueEntitlements(tx));
    await Promise.all(changed.map((tenantId) => announceMenuChange(tenantId)));
    return changed;
  };
  return {
    sweep,
    /** Starts sweeping; answers the function that stops it. */
    start: async () => {
      let running: Promise<unknown> = Promise.resolve();
      const run = () => {
        running = sweep().catch(onError);
      };
      const first = setTimeout(run, 1_000);
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
