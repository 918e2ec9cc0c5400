import { describe, expect, it, vi } from 'vitest';
import { type LogoutEnvironment, logout } from './logout';
import { createMemoryStorage } from './test-doubles';

const environment = (fetch: LogoutEnvironment['fetch'] = vi.fn(async () => ({}))) => {
  const env = {
    localStorage: createMemoryStorage({
      UniWimAuthorization: 'tok-1',
      UniWimRefreshToken: 'ref-1',
      tokenTime: '1',
      phoneShowYinuo: '1',
      UniWimLanguage: 'en-US',
    }),
    sessionStorage: createMemoryStorage({ publicKey: 'PEM' }),
    fetch,
    navigate: vi.fn(),
  };
  return env;
};

describe('logout', () => {
  it('tells the server with the token and the web channel, clears storage, goes to sign-in', async () => {
    const env = environment();
    await logout({}, env);
    expect(env.fetch).toHaveBeenCalledWith('/uniwim/ump/loginLog/logOut', {
      method: 'GET',
      headers: { Accept: 'application/json', FROM_CHANNEL: 'web', Authorization: 'Bearer tok-1' },
    });
    expect(env.localStorage.snapshot()).toEqual({ phoneShowYinuo: '1', UniWimLanguage: 'en-US' });
    expect(env.sessionStorage.snapshot()).toEqual({});
    expect(env.navigate).toHaveBeenCalledWith('/login.html');
  });

  it('ignores a failed server call and uses the token it is given', async () => {
    const env = environment(vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await logout({ token: 'removed-token', loginHref: '../login.html' }, env);
    expect(env.fetch).toHaveBeenCalledWith(
      '/uniwim/ump/loginLog/logOut',
      expect.objectContaining({
        headers: expect.objectContaining({ Authorization: 'Bearer removed-token' }),
      }),
    );
    expect(env.navigate).toHaveBeenCalledWith('../login.html');
  });
});
