import { describe, expect, it } from 'vitest';
import {
  CookieNames,
  clearCookie,
  clearLocalStorageExcept,
  clearStorageExcept,
  isUsableToken,
  KEPT_ON_LOGIN_PAGE_LOAD,
  KEPT_ON_LOGOUT,
  LocalStorageKeys,
  readCookie,
  readStoredToken,
  SessionStorageKeys,
} from './storage-keys';
import { createMemoryStorage, createRecordingCookieJar } from './test-doubles';

describe('storage key names', () => {
  it('are the names of spec section 3', () => {
    expect(LocalStorageKeys).toMatchObject({
      token: 'UniWimAuthorization',
      expire: 'UniWimExpire',
      refreshToken: 'UniWimRefreshToken',
      tenantId: 'UniWimTenantId',
      smsTime: 'UniWimSmsTime',
      utoken: 'uniwater_utoken',
      tokenTime: 'tokenTime',
      phoneShowYinuo: 'phoneShowYinuo',
      tenantUser: 'UniWimTenantUser',
    });
    expect(CookieNames).toEqual({
      username: 'uniwim_username',
      password: 'uniwim_password',
      targetSys: 'target_sys',
    });
    expect(SessionStorageKeys.publicKey).toBeTruthy();
  });

  it('keep phoneShowYinuo through logout but no session data', () => {
    expect(KEPT_ON_LOGOUT).toContain('phoneShowYinuo');
    for (const key of [LocalStorageKeys.token, LocalStorageKeys.refreshToken, LocalStorageKeys.utoken]) {
      expect(KEPT_ON_LOGOUT).not.toContain(key);
      expect(KEPT_ON_LOGIN_PAGE_LOAD).not.toContain(key);
    }
  });

  it('keep the SMS countdown through a sign-in page reload', () => {
    expect(KEPT_ON_LOGIN_PAGE_LOAD).toContain('UniWimSmsTime');
  });
});

describe('clearStorageExcept', () => {
  it('removes every key but the kept ones', () => {
    const storage = createMemoryStorage({
      UniWimAuthorization: 't',
      UniWimRefreshToken: 'r',
      phoneShowYinuo: '1',
      other: 'x',
      tokenTime: '123',
    });
    clearStorageExcept(storage, KEPT_ON_LOGOUT);
    expect(storage.snapshot()).toEqual({ phoneShowYinuo: '1' });
  });

  it('copes with an empty storage and with keep keys that are absent', () => {
    const storage = createMemoryStorage();
    clearLocalStorageExcept(['phoneShowYinuo'], storage);
    expect(storage.length).toBe(0);
  });
});

describe('cookies', () => {
  it('reads a cookie by exact name and decodes it', () => {
    const jar = createRecordingCookieJar('a=1; target_sys=abc%20d; target_sys_x=2; empty=');
    expect(readCookie('target_sys', jar)).toBe('abc d');
    expect(readCookie('empty', jar)).toBe('');
    expect(readCookie('missing', jar)).toBeNull();
  });

  it('returns the raw value when it is not valid percent-encoding', () => {
    expect(readCookie('a', createRecordingCookieJar('a=%E0%A4%A'))).toBe('%E0%A4%A');
  });

  it('clears a cookie at the root and at the page directory', () => {
    const jar = createRecordingCookieJar();
    clearCookie('target_sys', jar, '/mobile/index.html');
    expect(jar.writes).toHaveLength(2);
    for (const write of jar.writes) {
      expect(write).toMatch(/^target_sys=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/);
    }
    expect(jar.writes[0]).toMatch(/path=\/$/);
    expect(jar.writes[1]).toMatch(/path=\/mobile$/);
  });

  it('clears a cookie only once for a page at the root', () => {
    const jar = createRecordingCookieJar();
    clearCookie('target_sys', jar, '/login.html');
    expect(jar.writes).toEqual(['target_sys=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/']);
  });
});

describe('tokens', () => {
  it('treats empty, "null" and "undefined" as no token', () => {
    for (const value of [null, undefined, '', '  ', 'null', 'undefined'])
      expect(isUsableToken(value)).toBe(false);
    expect(isUsableToken('abc')).toBe(true);
  });

  it('reads the stored token from UniWimAuthorization', () => {
    expect(readStoredToken(createMemoryStorage({ UniWimAuthorization: 'tok' }))).toBe('tok');
    expect(readStoredToken(createMemoryStorage({ UniWimAuthorization: 'null' }))).toBeNull();
    expect(readStoredToken(createMemoryStorage())).toBeNull();
  });
});
