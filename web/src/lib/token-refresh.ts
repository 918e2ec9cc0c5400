import type { TokenAnswer } from '@uniwim/contracts/client';
import { type KeyValueStorage, readStoredToken } from './storage-keys';
import {
  clearTokenData,
  isTokenAnswer,
  readRefreshToken,
  readTokenTime,
  storeTokenData,
} from './token-storage';

/** How long before tokenTime a token counts as about to expire. */
export const REFRESH_MARGIN_MS = 60_000;

/**
 * Requests fail with this once a refresh was refused: the session is over and the alert of
 * spec section 4 ("Token refresh failure") leads to the logout, so callers must not log out themselves.
 */
export class SessionExpiredError extends Error {
  override readonly name = 'SessionExpiredError';
}

export interface RefreshFailure {
  /** The server's Message, or null when the answer gave none (the page then shows its default). */
  message: string | null;
  /** The token that was stored before the failure removed it, for the logout call. */
  token: string | null;
}

export interface TokenRefresherOptions {
  storage: KeyValueStorage;
  /** POST /dmp/refreshToken {refreshToken}; rejects with the server's error. */
  requestRefresh: (refreshToken: string) => Promise<TokenAnswer | null | undefined>;
  /** Called once per failed refresh, after the token data is removed: alert, then log out. */
  onFailure: (failure: RefreshFailure) => void;
  /** Transient failures (network) keep the session: the next request tries again. */
  isTransient?: (error: unknown) => boolean;
  now?: () => number;
  marginMs?: number;
}

export interface TokenRefresher {
  /** Refreshes now; concurrent callers share one request. True when a new token is stored. */
  refresh(): Promise<boolean>;
  /**
   * Before a request: refreshes when the token expires within the margin. Rejects with
   * SessionExpiredError once a refresh was refused.
   */
  ensureFresh(): Promise<void>;
  /**
   * After a 401 TOKEN_INVALID for a request sent with `tokenUsed`: true when the request may be
   * retried, because another caller already stored a new token or a refresh succeeded. Rejects
   * with SessionExpiredError when the refresh was refused.
   */
  recover(tokenUsed: string | null): Promise<boolean>;
  /** Milliseconds until a proactive refresh is due, or null without a refreshable session. */
  msUntilRefreshDue(): number | null;
}

const messageOf = (error: unknown): string | null =>
  error instanceof Error && error.message !== '' ? error.message : null;

export const createTokenRefresher = (options: TokenRefresherOptions): TokenRefresher => {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const margin = options.marginMs ?? REFRESH_MARGIN_MS;
  let inFlight: Promise<boolean> | null = null;
  let expired = false;

  const fail = (message: string | null): false => {
    expired = true;
    const token = readStoredToken(storage);
    clearTokenData(storage);
    options.onFailure({ message, token });
    return false;
  };

  const runRefresh = async (): Promise<boolean> => {
    const refreshToken = readRefreshToken(storage);
    // Nothing to refresh with: not a session this client can keep alive (e.g. the sign-in page).
    if (!refreshToken) return false;
    let answer: TokenAnswer | null | undefined;
    try {
      answer = await options.requestRefresh(refreshToken);
    } catch (error) {
      if (options.isTransient?.(error)) return false;
      return fail(messageOf(error));
    }
    if (!isTokenAnswer(answer)) return fail(null);
    storeTokenData(storage, answer, now());
    return true;
  };

  const refresh = (): Promise<boolean> => {
    inFlight ??= runRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const msUntilRefreshDue = (): number | null => {
    const tokenTime = readTokenTime(storage);
    if (tokenTime === null || !readRefreshToken(storage)) return null;
    return Math.max(0, tokenTime - margin - now());
  };

  return {
    refresh,
    msUntilRefreshDue,
    ensureFresh: async () => {
      if (inFlight) await inFlight;
      else if (msUntilRefreshDue() === 0) await refresh();
      if (expired) throw new SessionExpiredError('The session could not be refreshed');
    },
    recover: async (tokenUsed) => {
      const current = readStoredToken(storage);
      const refreshed = inFlight
        ? await inFlight
        : current !== null && current !== tokenUsed
          ? true
          : await refresh();
      if (expired) throw new SessionExpiredError('The session could not be refreshed');
      return refreshed;
    },
  };
};
