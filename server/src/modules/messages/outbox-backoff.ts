/** How the outbox spaces its attempts at one message. */
export interface BackoffPolicy {
  /** Wait before the second attempt (before jitter). */
  baseMs: number;
  /** No wait is longer than this (before jitter). */
  maxMs: number;
  /** After this many failed attempts the row is given up ('dead'). */
  maxAttempts: number;
}

/** 30 s, 1 min, 2 min, ... capped at an hour: 8 attempts span about two hours. */
export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 8 };

/**
 * The wait after the `attempts`-th failed attempt: base·2^(attempts-1), capped, then drawn from
 * its upper half ("equal jitter") so that rows failed together by one vendor outage do not all come
 * back at the same moment, while no wait is shorter than half the schedule.
 */
export const backoffDelayMs = (
  policy: BackoffPolicy,
  attempts: number,
  random: () => number = Math.random,
) => {
  const exponent = Math.max(0, attempts - 1);
  const scheduled = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.min(exponent, 30));
  return Math.round(scheduled / 2 + random() * (scheduled / 2));
};

/** After a failed attempt: try again later, or give up. */
export const afterFailure = (
  policy: BackoffPolicy,
  attempts: number,
  now: Date,
  random: () => number = Math.random,
): { status: 'failed'; nextAttemptAt: Date } | { status: 'dead'; nextAttemptAt: null } =>
  attempts >= policy.maxAttempts
    ? { status: 'dead', nextAttemptAt: null }
    : { status: 'failed', nextAttemptAt: new Date(now.getTime() + backoffDelayMs(policy, attempts, random)) };
