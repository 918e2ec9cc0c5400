import { MOBILE_CONFIRM_ROUTE, MOBILE_PAGE_PATH, QR_SOCKET_PATH } from './qr-constants';

/** The socket of the panel: same host, ws for http pages and wss for https ones (spec section 7). */
export const qrSocketUrl = (page: { protocol: string; host: string }, tenant?: string): string => {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = tenant ? `?tenant=${encodeURIComponent(tenant)}` : '';
  return `${scheme}//${page.host}${QR_SOCKET_PATH}${query}`;
};

/** What the QR image encodes: the mobile page's confirm screen for this code. */
export const mobileConfirmUrl = (origin: string, uid: string): string =>
  `${origin}${MOBILE_PAGE_PATH}#${MOBILE_CONFIRM_ROUTE}?uid=${encodeURIComponent(uid)}`;

/** The server's codes are 32 random bytes in base64url (43 characters); its API accepts 16 to 100. */
const UID_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export const isQrUid = (value: string): boolean => UID_PATTERN.test(value);

/**
 * The code in what a phone scanned or a user pasted: the confirm link (uid in the hash route's query,
 * or in the query string), or a bare uid. Null when there is none.
 */
export const uidFromScannedText = (text: string): string | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (isQrUid(trimmed)) return trimmed;
  let url: URL;
  try {
    // The base makes "/mobile/index.html#/qr?uid=..." parse too; absolute links ignore it.
    url = new URL(trimmed, 'http://localhost/');
  } catch {
    return null;
  }
  const hashQueryStart = url.hash.indexOf('?');
  const fromHash =
    hashQueryStart < 0 ? null : new URLSearchParams(url.hash.slice(hashQueryStart + 1)).get('uid');
  const uid = fromHash ?? url.searchParams.get('uid');
  return uid !== null && isQrUid(uid) ? uid : null;
};
