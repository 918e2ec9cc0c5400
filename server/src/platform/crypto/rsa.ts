import { constants, createPrivateKey, generateKeyPair, privateDecrypt, publicEncrypt } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

export interface RsaKeyPairPem {
  publicKeyPem: string;
  privateKeyPem: string;
}

export const generateRsaKeyPair = async (): Promise<RsaKeyPairPem> => {
  const { publicKey, privateKey } = await generate('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
};

/** Decrypts base64 RSA-OAEP (SHA-256) ciphertext as the browser's WebCrypto makes it; null if it is not. */
export const makeOaepDecryptor = (privateKeyPem: string) => {
  const key = createPrivateKey(privateKeyPem);
  return (ciphertextBase64: string): string | null => {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(ciphertextBase64)) return null;
    try {
      return privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(ciphertextBase64, 'base64'),
      ).toString('utf8');
    } catch {
      return null;
    }
  };
};

/** The server never needs this; tests and tools use it to play the browser's part. */
export const oaepEncrypt = (publicKeyPem: string, plaintext: string): string =>
  publicEncrypt(
    { key: publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plaintext, 'utf8'),
  ).toString('base64');
