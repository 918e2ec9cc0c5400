import { describe, expect, it } from 'vitest';
import { afterFailure, backoffDelayMs, DEFAULT_BACKOFF } from './outbox-backoff';

const policy = { baseMs: 1_000, maxMs: 10_000, maxAttempts: 5 };

describe('outbox backoff', () => {
  it('doubles the wait after each failure, up to the cap', () => {
    const top = () => 1; // the upper end of the jitter: the schedule itself
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(policy, n, top))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('jitters within the upper half of the scheduled wait', () => {
    expect(backoffDelayMs(policy, 3, () => 0)).toBe(2_000);
    expect(backoffDelayMs(policy, 3, () => 0.5)).toBe(3_000);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelayMs(policy, 3)));
    expect(spread.size).toBeGreaterThan(1);
    for (const wait of spread) {
      expect(wait).toBeGreaterThanOrEqual(2_000);
      expect(wait).toBeLessThanOrEqual(4_000);
    }
  });

  it('schedules the next attempt until the last one, then gives up', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(afterFailure(policy, 1, now, () => 1)).toEqual({
      status: 'failed',
      nextAttemptAt: new Date('2026-01-01T00:00:01Z'),
    });
    expect(afterFailure(policy, 4, now, () => 1).status).toBe('failed');
    expect(afterFailure(policy, 5, now)).toEqual({ status: 'dead', nextAttemptAt: null });
  });

  it('keeps the default schedule within a few hours', () => {
    let total = 0;
    for (let n = 1; n < DEFAULT_BACKOFF.maxAttempts; n++)
      total += backoffDelayMs(DEFAULT_BACKOFF, n, () => 1);
    expect(total).toBeLessThan(4 * 60 * 60_000);
    expect(total).toBeGreaterThan(30 * 60_000);
  });
});
