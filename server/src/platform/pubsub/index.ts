import { MemoryPubSub } from './memory-pubsub';
import type { PubSub } from './pubsub';

// The Redis pub/sub (and ioredis) load only when REDIS_URL is set.
export { MemoryPubSub } from './memory-pubsub';
export type { MessageHandler, PubSub, Unsubscribe } from './pubsub';

export interface PubSubOptions {
  /** Set to reach other instances; otherwise messages stay inside this process. */
  redisUrl?: string;
  /** Channel prefix in Redis; defaults to 'uniwim:'. */
  namespace?: string;
  /** A handler threw, or Redis failed after start-up; defaults to console.error. */
  onError?: (error: Error) => void;
}

/** Rejects with a clear Error when `redisUrl` is set but Redis cannot be reached. */
export async function createPubSub(options: PubSubOptions = {}): Promise<PubSub> {
  if (!options.redisUrl) return new MemoryPubSub({ onError: options.onError });
  const { RedisPubSub } = await import('./redis-pubsub');
  return RedisPubSub.connect(options.redisUrl, { namespace: options.namespace, onError: options.onError });
}
