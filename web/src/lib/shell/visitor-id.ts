import { type CasualUser, TOURIST_USER_PREFIX, VISITOR_ID_PATTERN } from '@uniwim/contracts/client';
import type { KeyValueStorage } from '../storage-keys';

/**
 * Spec sections 3 and 4: a visitor (no token) is logged under "tourist-" and a visitor id, obtained
 * first if unknown. The id comes from GET /ump/user/getCasualUser, fetched once and kept in local
 * storage; the browser fingerprint is sent along (and stands in when the server cannot be reached),
 * so the same browser keeps the same identity.
 */
export const VISITOR_ID_STORAGE_KEY = 'UniWimVisitorId';
export const CASUAL_USER_PATH = '/ump/user/getCasualUser';

export const isVisitorId = (value: string | null | undefined): value is string =>
  typeof value === 'string' && VISITOR_ID_PATTERN.test(value);

export const touristUserName = (visitorId: string): string => `${TOURIST_USER_PREFIX}${visitorId}`;

/** Browser traits that stay the same between visits of one browser and differ between machines. */
export interface FingerprintTraits {
  userAgent: string;
  language: string;
  languages: readonly string[];
  platform: string;
  hardwareConcurrency: number;
  screen: string;
  timeZone: string;
}

export const browserTraits = (): FingerprintTraits => ({
  userAgent: navigator.userAgent,
  language: navigator.language,
  languages: navigator.languages ?? [],
  platform: navigator.platform ?? '',
  hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
  screen: `${screen.width}x${screen.height}x${screen.colorDepth}@${globalThis.devicePixelRatio ?? 1}`,
  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone ?? '',
});

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('');

/** The fingerprint: the first 128 bits of SHA-256 over the traits, as 32 hex characters (a valid visitor id). */
export const fingerprintOf = async (traits: FingerprintTraits): Promise<string> => {
  const text = JSON.stringify([
    traits.userAgent,
    traits.language,
    [...traits.languages],
    traits.platform,
    traits.hardwareConcurrency,
    traits.screen,
    traits.timeZone,
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return hex(digest).slice(0, 32);
};

export interface VisitorIdSource {
  storage: Pick<KeyValueStorage, 'getItem' | 'setItem'>;
  /** GET /ump/user/getCasualUser with the fingerprint. */
  fetchCasualUser: (fingerprint: string) => Promise<CasualUser>;
  fingerprint: () => Promise<string>;
}

/** One request at a time per storage: several usage logs at page start must not make several visitors. */
const pending = new WeakMap<object, Promise<string>>();

const obtain = async (source: VisitorIdSource): Promise<string> => {
  const fingerprint = await source.fingerprint();
  let visitorId = fingerprint;
  try {
    const casual = await source.fetchCasualUser(fingerprint);
    if (isVisitorId(casual?.visitorId)) visitorId = casual.visitorId;
  } catch {
    // The fingerprint is a valid visitor id on its own: logging must not depend on this call.
  }
  source.storage.setItem(VISITOR_ID_STORAGE_KEY, visitorId);
  return visitorId;
};

/** The kept visitor id, or a new one (fetched once, then kept). */
export const getVisitorId = (source: VisitorIdSource): Promise<string> => {
  const stored = source.storage.getItem(VISITOR_ID_STORAGE_KEY);
  if (isVisitorId(stored)) return Promise.resolve(stored);
  let request = pending.get(source.storage);
  if (!request) {
    request = obtain(source).finally(() => pending.delete(source.storage));
    pending.set(source.storage, request);
  }
  return request;
};

/** The page's visitor id source: local storage, the API client's GET, this browser's traits. */
export const browserVisitorIdSource = (
  get: (path: string, query: Record<string, string>) => Promise<unknown>,
) =>
  ({
    storage: localStorage,
    fetchCasualUser: async (fingerprint) => (await get(CASUAL_USER_PATH, { fingerprint })) as CasualUser,
    fingerprint: () => fingerprintOf(browserTraits()),
  }) satisfies VisitorIdSource;
