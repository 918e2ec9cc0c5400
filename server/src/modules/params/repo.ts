import { and, eq } from 'drizzle-orm';
import { platformParams, tenantParams } from '../../db/schema';
import type { Database, Tx } from '../../platform/db/database';

export interface StoredParam {
  key: string;
  value: string;
}

export const createParamsRepo = (db: Database) => ({
  /**
   * Platform defaults and, for a tenant, the tenant's own values, in one transaction under the
   * tenant's row-level security; `key` narrows both to one parameter. The platform scope reads defaults.
   */
  find: (
    tenantId: string | null,
    key?: string,
  ): Promise<{ platform: StoredParam[]; tenant: StoredParam[] }> => {
    const readPlatform = (tx: Tx) =>
      tx
        .select({ key: platformParams.key, value: platformParams.value })
        .from(platformParams)
        .where(key === undefined ? undefined : eq(platformParams.key, key));
    if (!tenantId) return db.asPlatform(async (tx) => ({ platform: await readPlatform(tx), tenant: [] }));
    return db.withTenant(tenantId, async (tx) => ({
      platform: await readPlatform(tx),
      tenant: await tx
        .select({ key: tenantParams.key, value: tenantParams.value })
        .from(tenantParams)
        .where(
          and(eq(tenantParams.tenantId, tenantId), key === undefined ? undefined : eq(tenantParams.key, key)),
        ),
    }));
  },
});

export type ParamsRepo = ReturnType<typeof createParamsRepo>;
