import { MemoryStore } from './memory-store';
import type { Store } from './store';

// The Redis store (and ioredis) load only when REDIS_URL is set: a single instance starts without them.
export { MemoryStore } from './memory-store';
export type { Store } from './store';

export interface StoreOptions {
  /** Set to share state between instances; otherwise the store lives in this process only. */
  redisUrl?: string;
  /** Key prefix in Redis; defaults to 'uniwim:'. */
  namespace?: string;
  /** Redis errors after start-up; defaults to console.error. */
  onError?: (error: Error) => void;
}

/** Rejects with a clear Error when `redisUrl` is set but Redis cannot be reached. */
export async function createStore(options: StoreOptions = {}): Promise<Store> {
  if (!options.redisUrl) return new MemoryStore();
  const { RedisStore } = await import('./redis-store');
  return RedisStore.connect(options.redisUrl, { namespace: options.namespace, onError: options.onError });
}
