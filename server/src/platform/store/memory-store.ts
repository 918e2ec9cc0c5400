import { performance } from 'node:perf_hooks';
import type { Store } from './store';
import { assertValidTtl } from './ttl';

interface Entry {
  value: string;
  /** On the monotonic clock, so a wall-clock change does not expire or revive codes. */
  expiresAt: number | null;
}

export interface MemoryStoreOptions {
  /** How often expired entries nobody reads again are dropped, to bound memory. */
  sweepIntervalMs?: number;
}

const INTEGER = /^-?\d+$/;

/** A single-process Store. Every method runs synchronously to completion, which makes each one atomic. */
export class MemoryStore implements Store {
  private readonly entries = new Map<string, Entry>();
  private readonly sweepTimer: NodeJS.Timeout;
  private closed = false;

  constructor({ sweepIntervalMs = 60_000 }: MemoryStoreOptions = {}) {
    this.sweepTimer = setInterval(() => this.sweep(), sweepIntervalMs);
    // The sweep is housekeeping only; it must not keep the process alive.
    this.sweepTimer.unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, opts: { ttlMs?: number } = {}): Promise<void> {
    this.assertOpen();
    if (opts.ttlMs !== undefined) assertValidTtl(opts.ttlMs);
    this.entries.set(key, { value, expiresAt: this.expiryFor(opts.ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertValidTtl(ttlMs);
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.expiryFor(ttlMs) });
    return true;
  }

  async take(key: string): Promise<string | null> {
    const entry = this.live(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.value;
  }

  async del(key: string): Promise<boolean> {
    return this.live(key) !== undefined && this.entries.delete(key);
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    assertValidTtl(ttlMs);
    const entry = this.live(key);
    if (entry && !INTEGER.test(entry.value)) {
      throw new Error(`Store.incr: value of ${key} is not an integer`);
    }
    const count = entry ? Number(entry.value) + 1 : 1;
    const expiresAt = entry?.expiresAt ?? this.expiryFor(ttlMs);
    this.entries.set(key, { value: String(count), expiresAt });
    return count;
  }

  async ttlMs(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (entry?.expiresAt == null) return null;
    return Math.max(0, Math.ceil(entry.expiresAt - performance.now()));
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    if (ttlMs !== undefined) assertValidTtl(ttlMs);
    const entry = this.live(key);
    if (entry?.value !== expected) return false;
    const expiresAt = ttlMs === undefined ? entry.expiresAt : this.expiryFor(ttlMs);
    this.entries.set(key, { value: next, expiresAt });
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweepTimer);
    this.entries.clear();
  }

  /** The entry if present and not expired; expired entries are dropped on the way (lazy expiry). */
  private live(key: string): Entry | undefined {
    this.assertOpen();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.isExpired(entry, performance.now())) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    const now = performance.now();
    for (const [key, entry] of this.entries) {
      if (this.isExpired(entry, now)) this.entries.delete(key);
    }
  }

  private isExpired(entry: Entry, now: number): boolean {
    return entry.expiresAt !== null && entry.expiresAt <= now;
  }

  private expiryFor(ttlMs: number | undefined): number | null {
    return ttlMs === undefined ? null : performance.now() + ttlMs;
  }

  /** Fails like a closed Redis connection would, so misuse after shutdown shows up in tests on memory too. */
  private assertOpen(): void {
    if (this.closed) throw new Error('Store is closed');
  }
}
