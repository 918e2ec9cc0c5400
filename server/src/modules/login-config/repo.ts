import type { LoginConfigOverride } from '@uniwim/contracts';
import { eq, sql } from 'drizzle-orm';
import { platformSettings, tenantLoginConfigs } from '../../db/schema';
import type { Database } from '../../platform/db/database';

const PLATFORM_LOGIN_CONFIG_KEY = 'login_config';

export const createLoginConfigRepo = (db: Database) => ({
  getPlatformDefault: (): Promise<unknown> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx
        .select({ value: platformSettings.value })
        .from(platformSettings)
        .where(eq(platformSettings.key, PLATFORM_LOGIN_CONFIG_KEY));
      return row?.value ?? {};
    }),

  setPlatformDefault: (config: LoginConfigOverride): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx
        .insert(platformSettings)
        .values({ key: PLATFORM_LOGIN_CONFIG_KEY, value: config })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value: config, updatedAt: sql`now()` } });
    }),

  /** The tenant's override, read inside the tenant's own scope (row-level security applies). */
  getTenantOverride: (tenantId: string): Promise<unknown> =>
    db.withTenant(tenantId, async (tx) => {
      const [row] = await tx.select({ config: tenantLoginConfigs.config }).from(tenantLoginConfigs);
      return row?.config ?? {};
    }),

  setTenantOverride: (tenantId: string, config: LoginConfigOverride): Promise<void> =>
    db.withTenant(tenantId, async (tx) => {
      await tx
        .insert(tenantLoginConfigs)
        .values({ tenantId, config })
        .onConflictDoUpdate({ target: tenantLoginConfigs.tenantId, set: { config, updatedAt: sql`now()` } });
    }),
});

export type LoginConfigRepo = ReturnType<typeof createLoginConfigRepo>;
