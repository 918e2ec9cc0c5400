// Helpers for the integration tests of store and pubsub; not used by the server itself.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { closeRedisConnection, openRedisConnection } from './redis-connection';

/** Set to also run the contract suites on Redis; if set, an unreachable Redis fails the run. */
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;

/** Unique per run, so parallel runs against one Redis neither collide nor see each other's leftovers. */
export const randomTestNamespace = (): string => `test:${randomUUID()}:`;

/** A port nothing listens on, to check that an unreachable Redis fails fast. */
export const UNREACHABLE_REDIS_URL = 'redis://127.0.0.1:1';

export async function withRawRedis<T>(url: string, use: (redis: Redis) => Promise<T>): Promise<T> {
  const redis = await openRedisConnection(url, {
    connectionName: 'test-inspector',
    onError: () => {},
  });
  try {
    return await use(redis);
  } finally {
    await closeRedisConnection(redis);
  }
}

export async function deleteNamespace(url: string, namespace: string): Promise<void> {
  await withRawRedis(url, async (redis) => {
    // SCAN rather than KEYS so cleanup never blocks a Redis that other runs share.
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  });
}

/** Names of the client connections Redis currently holds. */
export async function redisConnectionNames(url: string): Promise<string[]> {
  return withRawRedis(url, async (redis) => {
    const list = String(await redis.client('LIST'));
    return [...list.matchAll(/\bname=(\S*)/g)].map((match) => match[1] ?? '');
  });
}

/** Zero or one Redis URL: suites over it run only when TEST_REDIS_URL is set, and are never reported as skipped. */
export const redisUrls: string[] = testRedisUrl ? [testRedisUrl] : [];
