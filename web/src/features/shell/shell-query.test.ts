import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/test-doubles';
import { adoptQueryToken, readShellQuery, searchWithoutToken } from './shell-query';

describe('readShellQuery', () => {
  it('reads menuId, preview, source=App, admin=1 and tenant', () => {
    expect(readShellQuery('?menuId=m-device-list&preview=1&source=App&admin=1&tenant=water')).toEqual({
      menuId: 'm-device-list',
      preview: true,
      fromApp: true,
      token: null,
      admin: true,
      tenant: 'water',
    });
  });

  it('has nothing on for an empty query', () => {
    expect(readShellQuery('')).toEqual({
      menuId: null,
      preview: false,
      fromApp: false,
      token: null,
      admin: false,
      tenant: null,
    });
  });

  it('takes the token from uniwater_utoken, else from token', () => {
    expect(readShellQuery('?uniwater_utoken=abc&token=def').token).toBe('abc');
    expect(readShellQuery('?token=def').token).toBe('def');
  });

  it('treats "null", "undefined" and empty tokens as no token (spec section 4, Frame ready)', () => {
    expect(readShellQuery('?uniwater_utoken=null').token).toBeNull();
    expect(readShellQuery('?uniwater_utoken=&token=undefined').token).toBeNull();
    // An unusable uniwater_utoken does not hide a usable token.
    expect(readShellQuery('?uniwater_utoken=null&token=xyz').token).toBe('xyz');
  });

  it('only the value App marks the app as the source; preview=0 is off', () => {
    expect(readShellQuery('?source=app').fromApp).toBe(false);
    expect(readShellQuery('?preview=0').preview).toBe(false);
    expect(readShellQuery('?preview').preview).toBe(true);
    expect(readShellQuery('?menuId=%20%20').menuId).toBeNull();
  });
});

describe('adoptQueryToken', () => {
  it('stores the token under UniWimAuthorization and uniwater_utoken', () => {
    const storage = createMemoryStorage({ phoneShowYinuo: '1' });
    adoptQueryToken(storage, 'handed-over');
    expect(storage.snapshot()).toEqual({
      phoneShowYinuo: '1',
      UniWimAuthorization: 'handed-over',
      uniwater_utoken: 'handed-over',
    });
  });

  it('drops the refresh data of another session, so a refresh cannot bring the old token back', () => {
    const storage = createMemoryStorage({
      UniWimAuthorization: 'old',
      uniwater_utoken: 'old',
      UniWimRefreshToken: 'old-refresh',
      tokenTime: '1',
      UniWimExpire: '7200',
    });
    adoptQueryToken(storage, 'new');
    expect(storage.snapshot()).toEqual({ UniWimAuthorization: 'new', uniwater_utoken: 'new' });
  });

  it('keeps the session data when the handed-over token is the stored one', () => {
    const storage = createMemoryStorage({ UniWimAuthorization: 'same', UniWimRefreshToken: 'r' });
    adoptQueryToken(storage, 'same');
    expect(storage.getItem('UniWimRefreshToken')).toBe('r');
  });
});

describe('searchWithoutToken', () => {
  it('removes both token parameters and keeps the others', () => {
    expect(searchWithoutToken('?uniwater_utoken=a&menuId=m1&token=b')).toBe('?menuId=m1');
    expect(searchWithoutToken('?token=b')).toBe('');
  });
});
