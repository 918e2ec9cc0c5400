import { randomBytes, timingSafeEqual } from 'node:crypto';
import { CLIENT_ACCESS_TOKEN_PREFIX, CLIENT_SECRET_PREFIX } from '@uniwim/contracts';
import { hashToken } from '../../platform/crypto/tokens';

/**
 * Client ids, secrets and access tokens of API credentials.
 *
 * Secrets are 256 random bits generated here, never chosen by a person, so their SHA-256 is as safe
 * to keep as an argon2id hash: there is no dictionary to try and 2^256 guesses to make. A slow hash
 * would add nothing against guessing, and would let anyone who knows a client id burn tens of
 * milliseconds of CPU per request at the token endpoint. The same reasoning as the session tokens
 * (architecture: only their SHA-256 is stored).
 */
export const newClientId = (): string => `uwc_${randomBytes(10).toString('hex')}`;
export const newClientSecret = (): string =>
  `${CLIENT_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
export const newClientAccessToken = (): string =>
  `${CLIENT_ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;

export const isClientAccessToken = (token: string): boolean => token.startsWith(CLIENT_ACCESS_TOKEN_PREFIX);

export const hashSecret = hashToken;

/** Compares hex digests in constant time: how long a refusal takes tells nothing about the secret. */
export const secretMatches = (secret: string, storedHash: string | null): boolean => {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};
