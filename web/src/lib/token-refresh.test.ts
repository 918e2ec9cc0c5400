import type { TokenAnswer } from '@uniwim/contracts/client';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCodes } from './api';
import { createMemoryStorage } from './test-doubles';
import { createTokenRefresher, type RefreshFailure, SessionExpiredError } from './token-refresh';
import { storeTokenData } from './token-storage';

const NOW = 1_700_000_000_000;
const fresh: TokenAnswer = { token: 'tok-2', expire: 3600, refreshToken: 'ref-2', tenantId: 't-water' };

/** A session whose token expires `expiresInMs` from NOW. */
const sessionStorageExpiringIn = (expiresInMs: number) => {
  const storage = createMemoryStorage({ phoneShowYinuo: '1' });
  storeTokenData(
    storage,
    { token: 'tok-1', expire: expiresInMs / 1000, refreshToken: 'ref-1', tenantId: 't-water' },
    NOW,
  );
  return storage;
};

const setup = (
  expiresInMs: number,
  requestRefresh: (refreshToken: string) => Promise<TokenAnswer | null> = async () => fresh,
) => {
  const storage = sessionStorageExpiringIn(expiresInMs);
  const failures: RefreshFailure[] = [];
  const request = vi.fn(requestRefresh);
  const refresher = createTokenRefresher({
    storage,
    requestRefresh: request,
    onFailure: (failure) => failures.push(failure),
    isTransient: (error) => error instanceof ApiError && error.isNetworkError,
    now: () => NOW,
    marginMs: 60_000,
  });
  return { storage, failures, request, refresher };
};

describe('token refresh client', () => {
  it('does nothing before a request while the token is far from expiry', async () => {
    const { refresher, request } = setup(3_600_000);
    await refresher.ensureFresh();
    expect(request).not.toHaveBeenCalled();
    expect(refresher.msUntilRefreshDue()).toBe(3_600_000 - 60_000);
  });

  it('refreshes shortly before expiry and stores the new token data', async () => {
    const { refresher, request, storage } = setup(30_000);
    await refresher.ensureFresh();
    expect(request).toHaveBeenCalledWith('ref-1');
    expect(storage.getItem('UniWimAuthorization')).toBe('tok-2');
    expect(storage.getItem('uniwater_utoken')).toBe('tok-2');
    expect(storage.getItem('UniWimRefreshToken')).toBe('ref-2');
    expect(storage.getItem('tokenTime')).toBe(String(NOW + 3_600_000));
  });

  it('shares one refresh between concurrent callers', async () => {
    let release: (answer: TokenAnswer) => void = () => {};
    const { refresher, request } = setup(0, () => new Promise((resolve) => (release = resolve)));
    const callers = [
      refresher.ensureFresh(),
      refresher.recover('tok-1'),
      refresher.refresh(),
      refresher.ensureFresh(),
    ];
    release(fresh);
    const results = await Promise.all(callers);
    expect(request).toHaveBeenCalledOnce();
    expect(results[1]).toBe(true);
    expect(results[2]).toBe(true);
  });

  it('after a 401, retries without refreshing when another caller already stored a new token', async () => {
    const { refresher, request } = setup(3_600_000);
    await expect(refresher.recover('an-older-token')).resolves.toBe(true);
    expect(request).not.toHaveBeenCalled();
    await expect(refresher.recover('tok-1')).resolves.toBe(true);
    expect(request).toHaveBeenCalledOnce();
  });

  it('on a refused refresh removes the token data, reports the server message once and ends the session', async () => {
    const { refresher, storage, failures, request } = setup(0, async () => {
      throw new ApiError(40103, '刷新凭据已过期', 401, 'REFRESH_INVALID');
    });
    const results = await Promise.allSettled([refresher.ensureFresh(), refresher.recover('tok-1')]);
    expect(results.map((result) => result.status === 'rejected' && result.reason)).toEqual([
      expect.any(SessionExpiredError),
      expect.any(SessionExpiredError),
    ]);
    expect(failures).toEqual([{ message: '刷新凭据已过期', token: 'tok-1' }]);
    expect(storage.snapshot()).toEqual({ phoneShowYinuo: '1' });
    // Later requests fail the same way and do not ask again.
    await expect(refresher.ensureFresh()).rejects.toBeInstanceOf(SessionExpiredError);
    expect(request).toHaveBeenCalledOnce();
  });

  it('treats an empty answer as a failure without a message (the page shows its default)', async () => {
    const { refresher, failures } = setup(0, async () => null);
    await expect(refresher.refresh()).resolves.toBe(false);
    expect(failures).toEqual([{ message: null, token: 'tok-1' }]);
  });

  it('keeps the session on a network failure', async () => {
    const { refresher, storage, failures } = setup(0, async () => {
      throw new ApiError(ClientErrorCodes.NETWORK, 'offline', 0, 'NETWORK');
    });
    await expect(refresher.refresh()).resolves.toBe(false);
    expect(failures).toEqual([]);
    expect(storage.getItem('UniWimAuthorization')).toBe('tok-1');
  });

  it('does not try without a refresh token (the sign-in page)', async () => {
    const storage = createMemoryStorage();
    const request = vi.fn(async () => fresh);
    const onFailure = vi.fn();
    const refresher = createTokenRefresher({ storage, requestRefresh: request, onFailure });
    await expect(refresher.recover(null)).resolves.toBe(false);
    await refresher.ensureFresh();
    expect(refresher.msUntilRefreshDue()).toBeNull();
    expect(request).not.toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
  });
});
