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

/**
 * The accounts locked lately, so the user register can list them: the Store has no scan, and a
 * lock is a key with a lifetime. One small JSON value (locks are rare and short), changed by
 * compare-and-set so two instances locking at once both land; expired entries are dropped.
 */
const LOCKED_INDEX_KEY = 'login:locked-index';
const LOCKED_INDEX_MAX = 10_000;

interface LockedEntry {
  username: string;
  until: number;
}

const parseLockedIndex = (value: string | null): LockedEntry[] => {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is LockedEntry =>
            typeof entry?.username === 'string' && typeof entry?.until === 'number',
        )
      : [];
  } catch {
    return [];
  }
};

const rememberLocked = async (store: Store, username: string, lockMs: number) => {
  const name = username.trim().toLowerCase();
  for (let attempt = 0; attempt < 5; attempt++) {
    const now = Date.now();
    const current = await store.get(LOCKED_INDEX_KEY);
    const entries = parseLockedIndex(current).filter((entry) => entry.until > now && entry.username !== name);
    entries.push({ username: name, until: now + lockMs });
    const kept = entries.slice(-LOCKED_INDEX_MAX);
    const ttlMs = Math.max(1, Math.max(...kept.map((entry) => entry.until)) - now);
    const next = JSON.stringify(kept);
    const written =
      current === null
        ? await store.setIfAbsent(LOCKED_INDEX_KEY, next, ttlMs)
        : await store.compareAndSet(LOCKED_INDEX_KEY, current, next, ttlMs);
    if (written) return;
  }
};

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
          if (index === 0) await rememberLocked(store, username, settings.lockMs);
        }
      }
      return { lockedForMs, remaining };
    },

    /** A successful sign-in forgets the account's earlier failures (not the address's). */
    recordSuccess: async (username: string, ip: string, settings: LockoutSettings): Promise<void> => {
      const [account] = lockoutSubjects(username, ip, settings);
      await store.del(failureKey(account!));
    },

    /**
     * The accounts locked right now (lower-cased usernames), for the user register's filter and
     * marks: the index of recent locks, each still checked against its lock (an unlock lifts it).
     */
    lockedUsernames: async (): Promise<string[]> => {
      const now = Date.now();
      const recent = parseLockedIndex(await store.get(LOCKED_INDEX_KEY)).filter((entry) => entry.until > now);
      const locked: string[] = [];
      for (const entry of recent) {
        const remainingMs = await store.ttlMs(lockKey({ id: `user:${entry.username}`, maxFailures: 0 }));
        if (remainingMs !== null && remainingMs > 0) locked.push(entry.username);
      }
      return locked;
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
