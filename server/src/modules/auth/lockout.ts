import type { LoginConfig } from '@uniwim/contracts';

/** Lock-out rules of spec sections 3 and 9, from the effective login configuration. */
export interface LockoutSettings {
  enabled: boolean;
  /** Failures of one account within the window that lock it (loginCountMax). */
  maxFailures: number;
  /** Failures from one IP address within the window that lock the address. */
  ipMaxFailures: number;
  /** Window failures are counted in (loginTimeSpan minutes). */
  windowMs: number;
  /** How long a lock lasts (loginTime minutes). */
  lockMs: number;
}

/**
 * Many people may share one office IP address, so an address locks only after several accounts' worth
 * of failures; it still stops one machine from trying password after password on every account.
 */
export const IP_FAILURE_FACTOR = 5;
const MINUTE = 60_000;

const positive = (value: string, fallback: number) => {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export const lockoutSettingsFrom = (
  config: Pick<LoginConfig, 'lockingIsOpen' | 'loginCountMax' | 'loginTimeSpan' | 'loginTime'>,
): LockoutSettings => {
  const maxFailures = positive(config.loginCountMax, 5);
  return {
    enabled: config.lockingIsOpen === '1',
    maxFailures,
    ipMaxFailures: maxFailures * IP_FAILURE_FACTOR,
    windowMs: positive(config.loginTimeSpan, 10) * MINUTE,
    lockMs: positive(config.loginTime, 30) * MINUTE,
  };
};

/**
 * The lock-out that protects an account: the strictest of the settings of every scope it belongs
 * to (its tenants, the tenant the request names, and the platform's floor). On if any is on; then
 * the fewest failures, over the longest window, locking for the longest time. So a tenant that
 * switches lock-out off, or a request naming another tenant, never weakens another's protection.
 */
export const strictestLockout = (all: LockoutSettings[]): LockoutSettings => {
  const enabled = all.filter((settings) => settings.enabled);
  const [first, ...rest] = enabled;
  if (!first) return all[0] ?? { enabled: false, maxFailures: 5, ipMaxFailures: 25, windowMs: 0, lockMs: 0 };
  return rest.reduce(
    (strictest, settings) => ({
      enabled: true,
      maxFailures: Math.min(strictest.maxFailures, settings.maxFailures),
      ipMaxFailures: Math.min(strictest.ipMaxFailures, settings.ipMaxFailures),
      windowMs: Math.max(strictest.windowMs, settings.windowMs),
      lockMs: Math.max(strictest.lockMs, settings.lockMs),
    }),
    first,
  );
};

export interface LockoutSubject {
  /** Store key suffix: the account by its (lower-cased) user name, or the client address. */
  id: string;
  maxFailures: number;
}

/**
 * Counted by user name rather than account id, so an unknown user name locks exactly like a known
 * one and the answers never tell which accounts exist.
 */
export const lockoutSubjects = (
  username: string,
  ip: string,
  settings: LockoutSettings,
): LockoutSubject[] => [
  { id: `user:${username.trim().toLowerCase()}`, maxFailures: settings.maxFailures },
  { id: `ip:${ip}`, maxFailures: settings.ipMaxFailures },
];

export const failureKey = (subject: LockoutSubject) => `login:fail:${subject.id}`;
export const lockKey = (subject: LockoutSubject) => `login:lock:${subject.id}`;

/** Minutes to tell the user, never "0 minutes". */
export const retryMinutes = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / MINUTE));

export const lockedMessage = (retryAfterMs: number) =>
  `账号已锁定，请${retryMinutes(retryAfterMs)}分钟后重试`;

/** `remaining` is null when no lock-out applies: then there is no count to tell. */
export const wrongCredentialsMessage = (remaining: number | null) =>
  remaining === null || !Number.isFinite(remaining) || remaining <= 0
    ? '用户名或密码错误'
    : `用户名或密码错误，还可尝试${remaining}次`;
