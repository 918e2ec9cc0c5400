import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createRecordingCookieJar } from '../../lib/test-doubles';
import { resetClientStateForLoginPage } from './page-load';

describe('resetClientStateForLoginPage', () => {
  it('expires target_sys and clears the previous session from local storage', () => {
    const storage = createMemoryStorage({
      UniWimAuthorization: 'token',
      UniWimRefreshToken: 'refresh',
      uniwater_utoken: 'token',
      phoneShowYinuo: '1',
      UniWimSmsTime: '1700000000000',
      leftover: 'x',
    });
    const cookies = createRecordingCookieJar('target_sys=abc');
    resetClientStateForLoginPage({ storage, cookies, path: '/login.html' });
    expect(cookies.writes).toEqual(['target_sys=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/']);
    expect(storage.snapshot()).toEqual({ phoneShowYinuo: '1', UniWimSmsTime: '1700000000000' });
  });
});
