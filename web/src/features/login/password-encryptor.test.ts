import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../lib/api';
import { createFakeServer, createMemoryStorage, ok } from '../../lib/test-doubles';
import { fetchPasswordEncryptor } from './password-encryptor';

describe('fetchPasswordEncryptor', () => {
  it('fetches the public key, keeps it in session storage and encrypts with it', async () => {
    const server = createFakeServer({
      'GET /ump/key': ok({ publicKey: 'PEM-1', keyId: 'k1', algorithm: 'RSA-OAEP-256' }),
    });
    const session = createMemoryStorage();
    const encrypt = vi.fn(async (pem: string, text: string) => `${pem}(${text})`);
    const encryptor = await fetchPasswordEncryptor(
      createApiClient({ fetch: server.fetch }),
      session,
      encrypt,
    );
    await expect(encryptor('secret')).resolves.toBe('PEM-1(secret)');
    expect(session.snapshot()).toEqual({ publicKey: 'PEM-1' });
  });

  it('fails when the server sends no key', async () => {
    const server = createFakeServer({ 'GET /ump/key': ok(null) });
    await expect(
      fetchPasswordEncryptor(createApiClient({ fetch: server.fetch }), createMemoryStorage()),
    ).rejects.toThrow();
  });
});
