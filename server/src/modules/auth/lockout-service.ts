import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import {
  failureKey,
  type LockoutSettings,
  lockedMessage,
  lockKey,
  lockoutSubjects,
  retryMinutes,
} from './lockout';

export interface FailureOutcome {
  /** Set when this failure locked the account or the address. */
  lockedForMs: number | null;
  /** Attempts the account has left before it locks. */
  remaining: number;
}

/** Lock-out counters in the Store, so every instance counts the same failures. */
export const createLockoutService = (store: Store) => {
  const lockedError = (retryAfterMs: number) =>
    new AppError('LOCKED', lockedMessage(retryAfterMs), {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      retryAfterMinutes: retryMinutes(retryAfterMs),
    });

  return {
    lockedError,

    assertNotLocked: async (username: string, ip: string, settings: LockoutSettings): Promise<void> => {
      if (!settings.enabled) return;
      for (const subject of lockoutSubjects(username, ip, settings)) {
        const remainingMs = await store.ttlMs(lockKey(subject));
        if (remainingMs !== null && remainingMs > 0) throw lockedError(remainingMs);
      }
    },

    recordFailure: async (
      username: string,
      ip: string,
      settings: LockoutSettings,
    ): Promise<FailureOutcome> => {
      if (!settings.enabled) return { lockedForMs: null, remaining: Number.POSITIVE_INFINITY };
      let lockedForMs: number | null = null;
      let remaining = settings.maxFailures;
      for (const [index, subject] of lockoutSubjects(username, ip, settings).entries()) {
        const failures = await store.incr(failureKey(subject), settings.windowMs);
        if (index === 0) remaining = subject.maxFailures - failures;
        if (failures >= subject.maxFailures) {
          await store.set(lockKey(subject), String(Date.now() + settings.lockMs), { ttlMs: settings.lockMs });
          await store.del(failureKey(subject));
          lockedForMs = settings.lockMs;
        }
      }
      return { lockedForMs, remaining };
    },

    /** A successful sign-in forgets the account's earlier failures (not the address's). */
    recordSuccess: async (username: string, ip: string, settings: LockoutSettings): Promise<void> => {
      const [account] = lockoutSubjects(username, ip, settings);
      await store.del(failureKey(account!));
    },

    /** An administrator lifts an account's lock. True if it was locked. */
    unlock: async (username: string): Promise<boolean> => {
      const subject = { id: `user:${username.trim().toLowerCase()}`, maxFailures: 0 };
      await store.del(failureKey(subject));
      return store.del(lockKey(subject));
    },
  };
};

export type LockoutService = ReturnType<typeof createLockoutService>;
