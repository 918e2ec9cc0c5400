import { describe, expect, it } from 'vitest';
import { applyRememberChoice, readRememberedAccount } from './remember-account';
import { createRecordingCookieJar } from './test-doubles';

const EXPIRED = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0';

describe('applyRememberChoice', () => {
  it('remembers the account for 10 days and never the password', () => {
    const jar = createRecordingCookieJar();
    applyRememberChoice('water.admin', true, jar);
    expect(jar.writes).toEqual([
      `uniwim_username=water.admin; max-age=${10 * 24 * 3600}; path=/; SameSite=Lax`,
      `uniwim_password=; ${EXPIRED}; path=/`,
    ]);
    expect(jar.writes.join('\n')).not.toMatch(/uniwim_password=[^;]/);
  });

  it('encodes accounts that are not plain ASCII', () => {
    const jar = createRecordingCookieJar();
    applyRememberChoice('王 管理;', true, jar);
    expect(jar.writes[0]).toMatch(/^uniwim_username=%E7%8E%8B%20%E7%AE%A1%E7%90%86%3B;/);
  });

  it('forgets the account, and a password the legacy product left, when not remembering', () => {
    const jar = createRecordingCookieJar('uniwim_username=water.admin; uniwim_password=c2VjcmV0');
    applyRememberChoice('water.admin', false, jar);
    expect(jar.writes).toEqual([
      `uniwim_username=; ${EXPIRED}; path=/`,
      `uniwim_password=; ${EXPIRED}; path=/`,
    ]);
  });
});

describe('readRememberedAccount', () => {
  it('pre-fills from the cookie', () => {
    expect(readRememberedAccount(createRecordingCookieJar('a=1; uniwim_username=%E7%8E%8B'))).toBe('王');
  });

  it('gives null without a usable cookie', () => {
    expect(readRememberedAccount(createRecordingCookieJar(''))).toBeNull();
    expect(readRememberedAccount(createRecordingCookieJar('uniwim_username=%20'))).toBeNull();
  });
});
