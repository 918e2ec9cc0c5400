import { eq } from 'drizzle-orm';
import { rsaKeys } from '../../db/schema';
import type { Database } from '../../platform/db/database';

export interface StoredKeyPair {
  id: string;
  publicKeyPem: string;
  privateKeyPem: string;
}

export const createKeysRepo = (db: Database) => ({
  findActive: (): Promise<StoredKeyPair | undefined> =>
    db.asPlatform(async (tx) => {
      const [row] = await tx
        .select({ id: rsaKeys.id, publicKeyPem: rsaKeys.publicKeyPem, privateKeyPem: rsaKeys.privateKeyPem })
        .from(rsaKeys)
        .where(eq(rsaKeys.active, true))
        .limit(1);
      return row;
    }),

  /** Inserts unless another instance already stored an active pair; the partial unique index decides. */
  insertIfNoneActive: (pair: StoredKeyPair): Promise<void> =>
    db.asPlatform(async (tx) => {
      await tx
        .insert(rsaKeys)
        .values({ ...pair, active: true })
        .onConflictDoNothing();
    }),
});

export type KeysRepo = ReturnType<typeof createKeysRepo>;
