/**
 * Both implementations reject the same TTLs, so code that works on memory does not fail on Redis,
 * which only accepts positive integer milliseconds.
 */
export const assertValidTtl = (ttlMs: number): void => {
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
    throw new RangeError(`ttlMs must be a positive integer number of milliseconds, got ${ttlMs}`);
  }
};
