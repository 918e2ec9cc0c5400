import type { PublicKeyAnswer } from '@uniwim/contracts/client';
import type { ApiClient } from '../../lib/api';
import { encryptWithPublicKey } from '../../lib/rsa-encrypt';
import { type KeyValueStorage, SessionStorageKeys } from '../../lib/storage-keys';

export type PasswordEncryptor = (plaintext: string) => Promise<string>;

/**
 * Fetches the server's current public key (GET /ump/key), keeps it in session storage as the spec
 * asks, and encrypts with it. The key is fetched for every sign-in attempt: the server may rotate it.
 */
export const fetchPasswordEncryptor = async (
  client: ApiClient,
  session: KeyValueStorage,
  encrypt: (pem: string, text: string) => Promise<string> = encryptWithPublicKey,
): Promise<PasswordEncryptor> => {
  const answer = await client.get<PublicKeyAnswer | null>('/ump/key');
  if (!answer?.publicKey) throw new Error('The server sent no public key');
  session.setItem(SessionStorageKeys.publicKey, answer.publicKey);
  return (plaintext) => encrypt(answer.publicKey, plaintext);
};
