/** Hosts where plain http is allowed: only this machine, which is where the test fakes listen. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Vendor endpoints come only from settings, so this rule is the allow-list: https everywhere,
 * because codes and credentials-derived signatures travel in the request; http only to loopback.
 */
export const isAllowedEndpoint = (value: string): boolean => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
};

export const ENDPOINT_RULE = 'must be an https:// address (plain http:// only for 127.0.0.1 or localhost)';
