/**
 * Short-lived shared state: verification codes, captchas, lock-out counters, rate limits, QR-login
 * sessions. In memory for a single instance; in Redis when several instances must agree, so every
 * operation that guards a decision (NX, take, incr, compareAndSet) is atomic in both implementations.
 *
 * Keys and values are strings; TTLs are positive whole milliseconds.
 */
export interface Store {
  get(key: string): Promise<string | null>;

  /** Overwrites the value; without `ttlMs` the key never expires (any previous TTL is dropped). */
  set(key: string, value: string, opts?: { ttlMs?: number }): Promise<void>;

  /** Writes only if the key is missing; true for the single caller that wrote it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;

  /** Reads and deletes in one step, so a single-use value (a code, a captcha) is handed out once. */
  take(key: string): Promise<string | null>;

  /** True if the key existed. */
  del(key: string): Promise<boolean>;

  /**
   * Adds one and returns the new count. The TTL starts when the counter is created and later
   * increments do not extend it: a fixed window, so a client that keeps trying is not locked out forever.
   * A counter found without any expiry gets `ttlMs`, so it cannot live forever either.
   * Rejects if the key holds something other than an integer.
   */
  incr(key: string, ttlMs: number): Promise<number>;

  /** Remaining lifetime in ms; null if the key is missing or never expires. */
  ttlMs(key: string): Promise<number | null>;

  /**
   * Replaces the value only if it currently equals `expected`; true if it did. Drives state machines
   * (QR login: pending -> scanned -> confirmed) where two instances may race to move the same session.
   * Without `ttlMs` the remaining TTL is kept.
   */
  compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean>;

  /** Releases timers and connections; the store is unusable afterwards. Safe to call twice. */
  close(): Promise<void>;
}
