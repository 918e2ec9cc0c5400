import type { LoginConfig } from '@uniwim/contracts';
import { AppError } from '../../platform/errors';
import type { Store } from '../../platform/store/store';
import type { Membership } from './accounts-repo';
import {
  failureKey,
  type LockoutSettings,
  lockedMessage,
  lockKey,
  lockoutSettingsFrom,
  lockoutSubjects,
  retryMinutes,
} from './lockout';

export interface FailureOutcome {
  /** Set when this failure locked the account or the address. */
  lockedForMs: number | null;
  /** Attempts the account has left before it locks; null when no lock-out applies. */
  remaining: number | null;
}

export interface LockoutDeps {
  store: Store;
  /** The effective sign-in configuration of a tenant. */
  effectiveConfig(tenantId: string | null): Promise<{ config: LoginConfig }>;
  /** The scopes' strictest settings held within the platform's lock-out floor (platform settings). */
  holdToFloor(scopes: LockoutSettings[]): Promise<LockoutSettings>;
}

/** Lock-out counters in the Store, so every instance counts the same failures. */
export const createLockoutService = ({ store, effectiveConfig, holdToFloor }: LockoutDeps) => {
  const settingsOf = async (tenantId: string | null) =>
    lockoutSettingsFrom((await effectiveConfig(tenantId)).config);
  const lockedError = (retryAfterMs: number) =>
    new AppError('LOCKED', lockedMessage(retryAfterMs), {
      retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
      retryAfterMinutes: retryMinutes(retryAfterMs),
    });

  return {
    lockedError,

    /**
     * The settings that guard an account whatever tenant a request names: the strictest of the
     * platform's lock-out floor (platform settings, issue 12), the requested tenant's, and every
     * tenant the account belongs to. An unknown account gets the first two, like a known one would.
     */
    settingsFor: async (
      account: { memberships: readonly Pick<Membership, 'tenantId'>[] } | null | undefined,
      requestedTenantId: string | null,
    ): Promise<LockoutSettings> => {
      const scopes = new Set<string>(requestedTenantId ? [requestedTenantId] : []);
      for (const membership of account?.memberships ?? []) scopes.add(membership.tenantId);
      return holdToFloor(await Promise.all([...scopes].map(settingsOf)));
    },

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
      if (!settings.enabled) return { lockedForMs: null, remaining: null };
      let lockedForMs: number | null = null;
      let remaining: number | null = settings.maxFailures;
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
