import type { DictionaryItem } from '@uniwim/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { platformDictionaries, tenantDictionaries } from '../../db/schema';
import type { Database, Tx } from '../../platform/db/database';

export interface StoredDictionary {
  code: string;
  items: DictionaryItem[];
}

export const createDictionaryRepo = (db: Database) => ({
  /**
   * The platform's dictionaries and, for a tenant, the tenant's own ones of the same codes, read in
   * one transaction under the tenant's row-level security. The platform scope reads defaults only.
   */
  findByCodes: (
    tenantId: string | null,
    codes: string[],
  ): Promise<{ platform: StoredDictionary[]; tenant: StoredDictionary[] }> => {
    const readPlatform = (tx: Tx) =>
      tx
        .select({ code: platformDictionaries.code, items: platformDictionaries.items })
        .from(platformDictionaries)
        .where(inArray(platformDictionaries.code, codes)) as Promise<StoredDictionary[]>;
    if (!tenantId) return db.asPlatform(async (tx) => ({ platform: await readPlatform(tx), tenant: [] }));
    return db.withTenant(tenantId, async (tx) => ({
      platform: await readPlatform(tx),
      tenant: (await tx
        .select({ code: tenantDictionaries.code, items: tenantDictionaries.items })
        .from(tenantDictionaries)
        .where(
          and(eq(tenantDictionaries.tenantId, tenantId), inArray(tenantDictionaries.code, codes)),
        )) as StoredDictionary[],
    }));
  },
});

export type DictionaryRepo = ReturnType<typeof createDictionaryRepo>;
