import type { PublicKeyAnswer } from '@uniwim/contracts';
import { generateRsaKeyPair, makeOaepDecryptor } from '../../platform/crypto/rsa';
import { newId } from '../../platform/crypto/tokens';
import { ok } from '../../platform/http/envelope';
import type { KeysRepo } from './repo';

/**
 * The RSA-OAEP key pair browsers encrypt passwords with. Created once and stored in the database,
 * so every instance answers with the same public key and can decrypt what any page sent.
 */
export const createKeyService = (repo: KeysRepo) => {
  let loaded:
    | Promise<{ answer: PublicKeyAnswer; answerJson: string; decrypt: (c: string) => string | null }>
    | undefined;
  /** A pair generated before knowing whether the database has one (see ensureKeyPair). */
  let generatedAhead: ReturnType<typeof generateRsaKeyPair> | undefined;

  const load = async () => {
    let pair = await repo.findActive();
    if (!pair) {
      const generated = await (generatedAhead ?? generateRsaKeyPair());
      await repo.insertIfNoneActive({ id: newId('key-'), ...generated });
      pair = await repo.findActive();
      if (!pair) throw new Error('no active RSA key pair after creating one');
    }
    const answer = { publicKey: pair.publicKeyPem, keyId: pair.id, algorithm: 'RSA-OAEP-256' as const };
    return { answer, answerJson: JSON.stringify(ok(answer)), decrypt: makeOaepDecryptor(pair.privateKeyPem) };
  };

  const current = () => {
    loaded ??= load().catch((error) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };

  return {
    /**
     * Makes sure the pair exists (main.ts calls it once the server listens, so the first sign-in does
     * not pay for it). When the database is likely new, the pair (a few hundred ms in the thread
     * pool) is generated while the database is asked for one; it is dropped if one was there after all.
     */
    ensureKeyPair: async (options: { likelyNone?: boolean } = {}): Promise<void> => {
      if (options.likelyNone && !loaded) {
        generatedAhead ??= generateRsaKeyPair();
        generatedAhead.catch(() => undefined); // awaited by load() when needed
      }
      await current();
    },
    publicKey: async (): Promise<PublicKeyAnswer> => (await current()).answer,
    /** The whole GET /ump/key answer as JSON text, serialised once: every sign-in page asks for it. */
    publicKeyEnvelopeJson: async (): Promise<string> => (await current()).answerJson,
    /** Plaintext of a base64 OAEP ciphertext, or null when it cannot be decrypted. */
    decrypt: async (ciphertextBase64: string): Promise<string | null> =>
      (await current()).decrypt(ciphertextBase64),
  };
};

export type KeyService = ReturnType<typeof createKeyService>;
