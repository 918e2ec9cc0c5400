import type { TokenAnswer } from '@uniwim/contracts/client';
import { isUsableToken, type KeyValueStorage, LocalStorageKeys } from './storage-keys';

/** The keys a sign-in writes; a failed refresh removes exactly these. */
const TOKEN_KEYS = [
  LocalStorageKeys.token,
  LocalStorageKeys.expire,
  LocalStorageKeys.refreshToken,
  LocalStorageKeys.tenantId,
  LocalStorageKeys.utoken,
  LocalStorageKeys.tokenTime,
  LocalStorageKeys.tenantUser,
] as const;

/**
 * Spec section 3 "Client storage" and section 9: the token under UniWimAuthorization and
 * uniwater_utoken, expire as sent (seconds), and tokenTime = now + expire seconds, as a time.
 */
export const storeTokenData = (
  storage: KeyValueStorage,
  answer: TokenAnswer,
  now: number = Date.now(),
): void => {
  storage.setItem(LocalStorageKeys.token, answer.token);
  storage.setItem(LocalStorageKeys.expire, String(answer.expire));
  storage.setItem(LocalStorageKeys.refreshToken, answer.refreshToken);
  if (answer.tenantId) storage.setItem(LocalStorageKeys.tenantId, answer.tenantId);
  else storage.removeItem(LocalStorageKeys.tenantId);
  storage.setItem(LocalStorageKeys.utoken, answer.token);
  storage.setItem(LocalStorageKeys.tokenTime, String(now + answer.expire * 1000));
};

export const clearTokenData = (storage: KeyValueStorage): void => {
  for (const key of TOKEN_KEYS) storage.removeItem(key);
};

export const readRefreshToken = (storage: Pick<KeyValueStorage, 'getItem'>): string | null => {
  const value = storage.getItem(LocalStorageKeys.refreshToken);
  return isUsableToken(value) ? value : null;
};

/** When the token expires (ms since the epoch), or null when unknown. */
export const readTokenTime = (storage: Pick<KeyValueStorage, 'getItem'>): number | null => {
  const value = Number(storage.getItem(LocalStorageKeys.tokenTime) ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : null;
};

/** A token answer with a usable token; anything else counts as an empty answer. */
export const isTokenAnswer = (value: unknown): value is TokenAnswer =>
  typeof value === 'object' &&
  value !== null &&
  isUsableToken((value as { token?: unknown }).token as string | undefined) &&
  typeof (value as { expire?: unknown }).expire === 'number' &&
  typeof (value as { refreshToken?: unknown }).refreshToken === 'string';
