import { base64ToBytes, bytesToBase64 } from './base64';

/** Thrown where WebCrypto is missing: browsers offer crypto.subtle only on HTTPS and localhost. */
export class InsecureContextError extends Error {
  override readonly name = 'InsecureContextError';
}

const pemBody = (pem: string): string =>
  pem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');

const subtleCrypto = (): SubtleCrypto => {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new InsecureContextError('WebCrypto is not available on this page');
  return subtle;
};

export const importPublicKey = (pem: string, subtle: SubtleCrypto = subtleCrypto()): Promise<CryptoKey> =>
  subtle.importKey(
    'spki',
    base64ToBytes(pemBody(pem)).buffer as ArrayBuffer,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );

/**
 * The server's password encoding (GET /ump/key answers algorithm "RSA-OAEP-256"): base64 of the
 * RSA-OAEP (SHA-256) ciphertext of the UTF-8 text, made with the SPKI PEM public key.
 */
export const encryptWithPublicKey = async (
  pem: string,
  text: string,
  subtle: SubtleCrypto = subtleCrypto(),
): Promise<string> => {
  const key = await importPublicKey(pem, subtle);
  const ciphertext = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return bytesToBase64(new Uint8Array(ciphertext));
};
