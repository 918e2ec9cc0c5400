import { describe, expect, it } from 'vitest';
import { LocalStorageKeys } from '../../lib/storage-keys';
import { createMemoryStorage } from '../../lib/test-doubles';
import { startPageSession, tokenFromPageAddress } from './page-session';

describe('page.html, frame ready (spec section 4)', () => {
  it('takes uniwater_utoken or token from the query or from the hash part', () => {
    expect(tokenFromPageAddress('?uniwater_utoken=a', '')).toBe('a');
    expect(tokenFromPageAddress('?token=b', '#/404')).toBe('b');
    expect(tokenFromPageAddress('', '#/preview?imgUrl=x&uniwater_utoken=c')).toBe('c');
    expect(tokenFromPageAddress('?uniwater_utoken=null&token=', '#/404?token=undefined')).toBeNull();
  });

  it('saves a handed-over token and uses it', () => {
    const storage = createMemoryStorage({
      [LocalStorageKeys.token]: 'old',
      [LocalStorageKeys.refreshToken]: 'r',
    });
    expect(startPageSession({ search: '?uniwater_utoken=new', hash: '' }, storage, false)).toBe('new');
    expect(storage.getItem(LocalStorageKeys.token)).toBe('new');
    expect(storage.getItem(LocalStorageKeys.utoken)).toBe('new');
    // The old session's refresh token belongs to another session.
    expect(storage.getItem(LocalStorageKeys.refreshToken)).toBeNull();
  });

  it('keeps the stored session when the address has no token', () => {
    const storage = createMemoryStorage({
      [LocalStorageKeys.token]: 'kept',
      [LocalStorageKeys.refreshToken]: 'r',
    });
    expect(startPageSession({ search: '', hash: '#/developingPage' }, storage, true)).toBe('kept');
    expect(storage.getItem(LocalStorageKeys.refreshToken)).toBe('r');
  });

  it('in the shell frame keeps the shell session over an older token in the frame address', () => {
    const storage = createMemoryStorage({
      [LocalStorageKeys.token]: 'current',
      [LocalStorageKeys.refreshToken]: 'r',
    });
    expect(startPageSession({ search: '?uniwater_utoken=older', hash: '' }, storage, true)).toBe('current');
    expect(storage.getItem(LocalStorageKeys.refreshToken)).toBe('r');
    const empty = createMemoryStorage();
    expect(startPageSession({ search: '', hash: '#/404?uniwater_utoken=handed' }, empty, true)).toBe(
      'handed',
    );
  });
});
