import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a signed link may live, and the default when none is asked for. */
export const LINK_MAX_SECONDS = 7 * 24 * 3600;
export const LINK_DEFAULT_SECONDS = 24 * 3600;

const signatureOf = (secret: string, fileId: string, expires: number): string =>
  createHmac('sha256', secret).update(`file-link\n${fileId}\n${expires}`).digest('base64url');

/**
 * An expiring link to a file: its expiry (unix seconds) and an HMAC of the file and the expiry, so it
 * cannot be stretched or moved to another file. Anyone holding it may read the file until then.
 */
export const signFileLink = (secret: string, fileId: string, expires: number) => ({
  expires,
  signature: signatureOf(secret, fileId, expires),
});

export type LinkCheck = 'valid' | 'expired' | 'invalid';

export const checkFileLink = (
  secret: string,
  fileId: string,
  expires: number,
  signature: string,
  nowSeconds: number,
): LinkCheck => {
  const expected = Buffer.from(signatureOf(secret, fileId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires < nowSeconds ? 'expired' : 'valid';
};
