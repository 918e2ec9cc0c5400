import type { Redis } from 'ioredis';
import {
  closeRedisConnection,
  DEFAULT_NAMESPACE,
  openRedisConnection,
  reportRedisErrorToConsole,
} from './redis-connection';
import { redisCall } from './redis-outage';
import type { Store } from './store';
import { assertValidTtl } from './ttl';

export interface RedisStoreOptions {
  /** Prepended to every key, so several deployments (or test runs) can share one Redis. */
  namespace?: string;
  onError?: (error: Error) => void;
}

// Checking PTTL inside the script makes "set the TTL only when the counter is new" atomic; a
// client-side INCR then PEXPIRE could crash in between and leave a counter that never expires.
const INCR_FIXED_WINDOW = `
local count = redis.call('INCR', KEYS[1])
if redis.call('PTTL', KEYS[1]) == -1 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count
`;

// ARGV[3] is empty when the caller wants to keep the remaining TTL.
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[3] == '' then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1
`;

/**
 * A Store shared by every instance pointing at the same Redis and namespace. Needs Redis >= 6.2 (GETDEL).
 * While Redis cannot be reached every operation rejects at once with ServiceUnavailableError.
 */
export class RedisStore implements Store {
  private constructor(
    private readonly redis: Redis,
    private readonly namespace: string,
  ) {}

  static async connect(url: string, options: RedisStoreOptions = {}): Promise<RedisStore> {
    const namespace = options.namespace ?? DEFAULT_NAMESPACE;
    const redis = await openRedisConnection(url, {
      connectionName: `${namespace}store`,
      onError: options.onError ?? reportRedisErrorToConsole,
    });
    return new RedisStore(redis, namespace);
  }

  async get(key: string): Promise<string | null> {
    return redisCall(() => this.redis.get(this.k(key)));
  }

  async set(key: string, value: string, opts: { ttlMs?: number } = {}): Promise<void> {
    if (opts.ttlMs === undefined) {
      await redisCall(() => this.redis.set(this.k(key), value));
      return;
    }
    const ttlMs = opts.ttlMs;
    assertValidTtl(ttlMs);
    await redisCall(() => this.redis.set(this.k(key), value, 'PX', ttlMs));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    assertValidTtl(ttlMs);
    const reply = await redisCall(() => this.redis.set(this.k(key), value, 'PX', ttlMs, 'NX'));
    return reply === 'OK';
  }

  async take(key: string): Promise<string | null> {
    return redisCall(() => this.redis.getdel(this.k(key)));
  }

  async del(key: string): Promise<boolean> {
    return (await redisCall(() => this.redis.del(this.k(key)))) > 0;
  }

  async incr(key: string, ttlMs: number): Promise<number> {
    assertValidTtl(ttlMs);
    const count = await redisCall(() => this.redis.eval(INCR_FIXED_WINDOW, 1, this.k(key), ttlMs));
    return Number(count);
  }

  async ttlMs(key: string): Promise<number | null> {
    const remaining = await redisCall(() => this.redis.pttl(this.k(key)));
    // -2: no such key, -1: no expiry.
    return remaining < 0 ? null : remaining;
  }

  async compareAndSet(key: string, expected: string, next: string, ttlMs?: number): Promise<boolean> {
    if (ttlMs !== undefined) assertValidTtl(ttlMs);
    const ttlArg = ttlMs === undefined ? '' : String(ttlMs);
    const swapped = await redisCall(() =>
      this.redis.eval(COMPARE_AND_SET, 1, this.k(key), expected, next, ttlArg),
    );
    return swapped === 1;
  }

  async close(): Promise<void> {
    await closeRedisConnection(this.redis);
  }

  private k(key: string): string {
    return this.namespace + key;
  }
}
