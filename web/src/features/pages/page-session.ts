import { isUsableToken, type KeyValueStorage, readStoredToken } from '../../lib/storage-keys';
import { adoptQueryToken, TOKEN_QUERY_NAMES } from '../shell/shell-query';

/**
 * The token a frame address hands over. The shell appends uniwater_utoken to both the query and the
 * hash part of page.html#/route (spec section 2); either place counts, the real query first, and
 * "token" is the older name of the same parameter.
 */
export const tokenFromPageAddress = (search: string, hash: string): string | null => {
  const hashQueryAt = hash.indexOf('?');
  const sources = [search, hashQueryAt < 0 ? '' : hash.slice(hashQueryAt)];
  for (const source of sources) {
    const params = new URLSearchParams(source);
    for (const name of TOKEN_QUERY_NAMES) {
      const value = params.get(name);
      if (isUsableToken(value)) return value;
    }
  }
  return null;
};

/**
 * Spec section 4 "Frame ready": a token from the address is saved, so the page's calls go out as the
 * user it was opened for. In the shell's frame (same origin, same storage) a stored session wins: the
 * frame's address was built when its tab opened, and a later reload of that address must not put an
 * older token over the shell's current one (after a refresh or a tenant switch). The address keeps
 * its parameters: pages framed by the shell are identified by them. Returns the token in use.
 */
export const startPageSession = (
  address: { search: string; hash: string },
  storage: KeyValueStorage,
  framed: boolean,
): string | null => {
  const handedOver = tokenFromPageAddress(address.search, address.hash);
  if (handedOver && !(framed && readStoredToken(storage))) adoptQueryToken(storage, handedOver);
  return readStoredToken(storage);
};

/** A page shown inside the shell's frame gets its title and chrome from the shell's tab. */
export const isFramed = (win: Window = window): boolean => {
  try {
    return win.self !== win.top;
  } catch {
    // A cross-origin parent cannot even be compared: certainly framed.
    return true;
  }
};
