import { describe, expect, it } from 'vitest';
import { generateRsaKeyPair, oaepEncrypt } from '../../platform/crypto/rsa';
import type { KeysRepo, StoredKeyPair } from './repo';
import { createKeyService } from './service';

/** The repo's contract in memory: one active pair at most, the first insert wins. */
const memoryRepo = (initial?: StoredKeyPair) => {
  let active = initial;
  let inserts = 0;
  const repo: KeysRepo = {
    findActive: async () => active,
    insertIfNoneActive: async (pair) => {
      inserts++;
      active ??= pair;
    },
  };
  return { repo, inserts: () => inserts };
};

describe('the key service at start', () => {
  it('stores the pair generated ahead for a new database, and decrypts with it', async () => {
    const { repo, inserts } = memoryRepo();
    const keys = createKeyService(repo);
    await keys.ensureKeyPair({ likelyNone: true });
    expect(inserts()).toBe(1);
    const stored = await repo.findActive();
    const { publicKey, keyId } = await keys.publicKey();
    expect({ publicKey, keyId }).toEqual({ publicKey: stored?.publicKeyPem, keyId: stored?.id });
    expect(await keys.decrypt(oaepEncrypt(publicKey, 'secret'))).toBe('secret');
  });

  it('keeps the pair the database has when the guess was wrong', async () => {
    const existing = { id: 'key-existing', ...(await generateRsaKeyPair()) };
    const { repo, inserts } = memoryRepo(existing);
    const keys = createKeyService(repo);
    await keys.ensureKeyPair({ likelyNone: true });
    expect(inserts()).toBe(0);
    expect((await keys.publicKey()).publicKey).toBe(existing.publicKeyPem);
  });
});
