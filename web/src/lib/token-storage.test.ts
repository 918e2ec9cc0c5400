import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './test-doubles';
import {
  clearTokenData,
  isTokenAnswer,
  readRefreshToken,
  readTokenTime,
  storeTokenData,
} from './token-storage';

const answer = { token: 'tok-1', expire: 7200, refreshToken: 'ref-1', tenantId: 't-water' };

describe('storeTokenData', () => {
  it('writes the spec keys, with the expiry as a point in time', () => {
    const storage = createMemoryStorage({ phoneShowYinuo: '1' });
    storeTokenData(storage, answer, 1_700_000_000_000);
    expect(storage.snapshot()).toEqual({
      phoneShowYinuo: '1',
      UniWimAuthorization: 'tok-1',
      uniwater_utoken: 'tok-1',
      UniWimExpire: '7200',
      UniWimRefreshToken: 'ref-1',
      UniWimTenantId: 't-water',
      tokenTime: String(1_700_000_000_000 + 7_200_000),
    });
    expect(readTokenTime(storage)).toBe(1_700_007_200_000);
    expect(readRefreshToken(storage)).toBe('ref-1');
  });

  it('removes a previous tenant id when the new token has none (platform admin)', () => {
    const storage = createMemoryStorage({ UniWimTenantId: 't-old' });
    storeTokenData(storage, { ...answer, tenantId: null }, 0);
    expect(storage.getItem('UniWimTenantId')).toBeNull();
  });
});

describe('clearTokenData', () => {
  it('removes only the token keys', () => {
    const storage = createMemoryStorage({ phoneShowYinuo: '1', UniWimLanguage: 'en-US' });
    storeTokenData(storage, answer, 0);
    storage.setItem('UniWimTenantUser', '1');
    clearTokenData(storage);
    expect(storage.snapshot()).toEqual({ phoneShowYinuo: '1', UniWimLanguage: 'en-US' });
    expect(readTokenTime(storage)).toBeNull();
    expect(readRefreshToken(storage)).toBeNull();
  });
});

describe('isTokenAnswer', () => {
  it('accepts token data and refuses empty or partial answers', () => {
    expect(isTokenAnswer(answer)).toBe(true);
    expect(isTokenAnswer(null)).toBe(false);
    expect(isTokenAnswer({ ...answer, token: '' })).toBe(false);
    expect(isTokenAnswer({ ...answer, token: 'null' })).toBe(false);
    expect(isTokenAnswer({ token: 'x', refreshToken: 'y' })).toBe(false);
  });
});
