import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64 } from './base64';
import { encryptWithPublicKey, InsecureContextError } from './rsa-encrypt';

// Node's WebCrypto, the same API the browser offers.
const subtle = globalThis.crypto.subtle;

const generateKeyPair = async () => {
  const pair = await subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await subtle.exportKey('spki', pair.publicKey));
  const body = bytesToBase64(spki).replace(/(.{64})/g, '$1\n');
  return {
    pem: `-----BEGIN PUBLIC KEY-----\n${body}\n-----END PUBLIC KEY-----\n`,
    privateKey: pair.privateKey,
  };
};

describe('encryptWithPublicKey', () => {
  it('makes base64 RSA-OAEP SHA-256 ciphertext the private key opens', async () => {
    const { pem, privateKey } = await generateKeyPair();
    const encrypted = await encryptWithPublicKey(pem, 'Passw0rd!密码', subtle);
    expect(base64ToBytes(encrypted)).toHaveLength(256);
    const plain = await subtle.decrypt(
      { name: 'RSA-OAEP' },
      privateKey,
      base64ToBytes(encrypted).buffer as ArrayBuffer,
    );
    expect(new TextDecoder().decode(plain)).toBe('Passw0rd!密码');
  });

  it('differs on every call (OAEP is randomised)', async () => {
    const { pem } = await generateKeyPair();
    const [a, b] = await Promise.all([
      encryptWithPublicKey(pem, 'same', subtle),
      encryptWithPublicKey(pem, 'same', subtle),
    ]);
    expect(a).not.toBe(b);
  });

  it('says so when the page has no WebCrypto (plain HTTP)', async () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true });
    try {
      await expect(encryptWithPublicKey('x', 'y')).rejects.toBeInstanceOf(InsecureContextError);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});
