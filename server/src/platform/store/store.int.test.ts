import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, MemoryStore, type Store } from './index';
import { RedisStore } from './redis-store';
import {
  deleteNamespace,
  randomTestNamespace,
  redisConnectionNames,
  redisUrls,
  testRedisUrl,
  UNREACHABLE_REDIS_URL,
  withRawRedis,
} from './redis-test-support';

const namespace = randomTestNamespace();
const CONCURRENT_CALLERS = 50;

interface Backend {
  name: string;
  open: () => Promise<Store>;
}

const backends: Backend[] = [{ name: 'memory', open: async () => new MemoryStore() }];
if (testRedisUrl) {
  const url = testRedisUrl;
  backends.push({ name: 'redis', open: () => RedisStore.connect(url, { namespace }) });
}

afterAll(async () => {
  if (testRedisUrl) await deleteNamespace(testRedisUrl, namespace);
});

/** A fresh key per call, so tests sharing one store never see each other's state. */
const freshKey = (): string => `key:${randomUUID()}`;

const count = (results: boolean[]): number => results.filter(Boolean).length;

describe.each(backends)('Store contract on $name', ({ open }) => {
  let store: Store;

  beforeAll(async () => {
    store = await open();
  });

  afterAll(async () => {
    await store?.close();
  });

  describe('get / set / del', () => {
    it('returns null for a missing key', async () => {
      expect(await store.get(freshKey())).toBeNull();
    });

    it('reads back what was set, and set overwrites', async () => {
      const key = freshKey();
      await store.set(key, 'first');
      await store.set(key, 'second');
      expect(await store.get(key)).toBe('second');
    });

    it('keeps values as exact strings', async () => {
      const key = freshKey();
      const value = '  验证码 {"n":1}\n';
      await store.set(key, value);
      expect(await store.get(key)).toBe(value);
    });

    it('del reports whether the key existed', async () => {
      const key = freshKey();
      await store.set(key, 'v');
      expect(await store.del(key)).toBe(true);
      expect(await store.get(key)).toBeNull();
      expect(await store.del(key)).toBe(false);
    });
  });

  describe('TTL', () => {
    it('expires a value after its TTL', async () => {
      const key = freshKey();
      await store.set(key, 'v', { ttlMs: 60 });
      expect(await store.get(key)).toBe('v');
      await sleep(120);
      expect(await store.get(key)).toBeNull();
      expect(await store.ttlMs(key)).toBeNull();
      expect(await store.del(key)).toBe(false);
    });

    it('reports the remaining TTL', async () => {
      const key = freshKey();
      await store.set(key, 'v', { ttlMs: 10_000 });
      const remaining = await store.ttlMs(key);
      expect(remaining).toBeGreaterThan(9_000);
      expect(remaining).toBeLessThanOrEqual(10_000);
    });

    it('reports null for a missing key and for a key without expiry', async () => {
      const key = freshKey();
      expect(await store.ttlMs(key)).toBeNull();
      await store.set(key, 'v');
      expect(await store.ttlMs(key)).toBeNull();
    });

    it('set without a TTL drops the previous TTL', async () => {
      const key = freshKey();
      await store.set(key, 'v', { ttlMs: 60 });
      await store.set(key, 'w');
      await sleep(120);
      expect(await store.get(key)).toBe('w');
    });

    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects ttlMs=%s', async (ttlMs) => {
      const key = freshKey();
      await expect(store.set(key, 'v', { ttlMs })).rejects.toThrow(RangeError);
      await expect(store.setIfAbsent(key, 'v', ttlMs)).rejects.toThrow(RangeError);
      await expect(store.incr(key, ttlMs)).rejects.toThrow(RangeError);
      await expect(store.compareAndSet(key, 'a', 'b', ttlMs)).rejects.toThrow(RangeError);
      expect(await store.get(key)).toBeNull();
    });
  });

  describe('setIfAbsent', () => {
    it('writes only when the key is missing', async () => {
      const key = freshKey();
      expect(await store.setIfAbsent(key, 'first', 10_000)).toBe(true);
      expect(await store.setIfAbsent(key, 'second', 10_000)).toBe(false);
      expect(await store.get(key)).toBe('first');
      expect(await store.ttlMs(key)).toBeGreaterThan(9_000);
    });

    it('can write again once the previous value expired', async () => {
      const key = freshKey();
      expect(await store.setIfAbsent(key, 'first', 60)).toBe(true);
      await sleep(120);
      expect(await store.setIfAbsent(key, 'second', 10_000)).toBe(true);
      expect(await store.get(key)).toBe('second');
    });

    it(`lets exactly one of ${CONCURRENT_CALLERS} concurrent callers win`, async () => {
      const key = freshKey();
      const results = await Promise.all(
        Array.from({ length: CONCURRENT_CALLERS }, (_, i) => store.setIfAbsent(key, `caller-${i}`, 10_000)),
      );
      expect(count(results)).toBe(1);
      expect(await store.get(key)).toBe(`caller-${results.indexOf(true)}`);
    });
  });

  describe('take', () => {
    it('returns the value once, then null', async () => {
      const key = freshKey();
      await store.set(key, 'code', { ttlMs: 10_000 });
      expect(await store.take(key)).toBe('code');
      expect(await store.take(key)).toBeNull();
      expect(await store.get(key)).toBeNull();
    });

    it('returns null for a missing or expired key', async () => {
      const key = freshKey();
      expect(await store.take(key)).toBeNull();
      await store.set(key, 'code', { ttlMs: 60 });
      await sleep(120);
      expect(await store.take(key)).toBeNull();
    });

    it(`hands the value to exactly one of ${CONCURRENT_CALLERS} concurrent callers`, async () => {
      const key = freshKey();
      await store.set(key, 'single-use', { ttlMs: 10_000 });
      const results = await Promise.all(Array.from({ length: CONCURRENT_CALLERS }, () => store.take(key)));
      expect(results.filter((value) => value === 'single-use')).toHaveLength(1);
      expect(results.filter((value) => value === null)).toHaveLength(CONCURRENT_CALLERS - 1);
    });
  });

  describe('incr', () => {
    it('counts from 1', async () => {
      const key = freshKey();
      expect(await store.incr(key, 10_000)).toBe(1);
      expect(await store.incr(key, 10_000)).toBe(2);
      expect(await store.incr(key, 10_000)).toBe(3);
      expect(await store.get(key)).toBe('3');
    });

    it('sets the TTL on creation and does not extend it (fixed window)', async () => {
      const key = freshKey();
      expect(await store.incr(key, 300)).toBe(1);
      await sleep(100);
      expect(await store.incr(key, 300)).toBe(2);
      // Extended, it would be back near 300.
      expect(await store.ttlMs(key)).toBeLessThanOrEqual(210);
      await sleep(250);
      // The window that started with the first increment is over: a new one begins.
      expect(await store.incr(key, 300)).toBe(1);
    });

    it('gives a counter without expiry a TTL', async () => {
      const key = freshKey();
      await store.set(key, '5');
      expect(await store.incr(key, 10_000)).toBe(6);
      expect(await store.ttlMs(key)).toBeGreaterThan(9_000);
    });

    it(`counts every one of ${CONCURRENT_CALLERS} concurrent increments once`, async () => {
      const key = freshKey();
      const results = await Promise.all(
        Array.from({ length: CONCURRENT_CALLERS }, () => store.incr(key, 10_000)),
      );
      expect([...results].sort((a, b) => a - b)).toEqual(
        Array.from({ length: CONCURRENT_CALLERS }, (_, i) => i + 1),
      );
    });

    it('rejects a key that does not hold an integer', async () => {
      const key = freshKey();
      await store.set(key, 'not a number');
      await expect(store.incr(key, 10_000)).rejects.toThrow();
      expect(await store.get(key)).toBe('not a number');
    });
  });

  describe('compareAndSet', () => {
    it('moves a state machine one step at a time', async () => {
      const key = freshKey();
      await store.set(key, 'pending', { ttlMs: 10_000 });
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(true);
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(false);
      expect(await store.compareAndSet(key, 'scanned', 'confirmed')).toBe(true);
      expect(await store.get(key)).toBe('confirmed');
    });

    it('leaves the value alone when it differs from expected', async () => {
      const key = freshKey();
      await store.set(key, 'scanned');
      expect(await store.compareAndSet(key, 'pending', 'confirmed')).toBe(false);
      expect(await store.get(key)).toBe('scanned');
    });

    it('fails on a missing or expired key and does not create it', async () => {
      const key = freshKey();
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(false);
      await store.set(key, 'pending', { ttlMs: 60 });
      await sleep(120);
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(false);
      expect(await store.get(key)).toBeNull();
    });

    it('keeps the remaining TTL when ttlMs is omitted', async () => {
      const key = freshKey();
      await store.set(key, 'pending', { ttlMs: 300 });
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(true);
      const remaining = await store.ttlMs(key);
      expect(remaining).toBeGreaterThan(0);
      expect(remaining).toBeLessThanOrEqual(300);
      await sleep(350);
      expect(await store.get(key)).toBeNull();
    });

    it('keeps "no expiry" when ttlMs is omitted', async () => {
      const key = freshKey();
      await store.set(key, 'pending');
      expect(await store.compareAndSet(key, 'pending', 'scanned')).toBe(true);
      expect(await store.ttlMs(key)).toBeNull();
    });

    it('replaces the TTL when ttlMs is given', async () => {
      const key = freshKey();
      await store.set(key, 'pending', { ttlMs: 100 });
      expect(await store.compareAndSet(key, 'pending', 'confirmed', 10_000)).toBe(true);
      await sleep(150);
      expect(await store.get(key)).toBe('confirmed');
      expect(await store.ttlMs(key)).toBeGreaterThan(9_000);
    });

    it(`lets exactly one of ${CONCURRENT_CALLERS} concurrent callers win`, async () => {
      const key = freshKey();
      await store.set(key, 'pending', { ttlMs: 10_000 });
      const results = await Promise.all(
        Array.from({ length: CONCURRENT_CALLERS }, (_, i) =>
          store.compareAndSet(key, 'pending', `scanned-by-${i}`),
        ),
      );
      expect(count(results)).toBe(1);
      expect(await store.get(key)).toBe(`scanned-by-${results.indexOf(true)}`);
    });
  });

  describe('close', () => {
    it('makes later calls reject and can be called twice', async () => {
      const own = await open();
      await own.set(freshKey(), 'v');
      await own.close();
      await own.close();
      await expect(own.get(freshKey())).rejects.toThrow();
    });
  });
});

describe.each(redisUrls)('RedisStore shared by several instances', () => {
  const url = testRedisUrl ?? '';
  let instanceA: Store;
  let instanceB: Store;

  beforeAll(async () => {
    [instanceA, instanceB] = await Promise.all([
      RedisStore.connect(url, { namespace }),
      RedisStore.connect(url, { namespace }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([instanceA?.close(), instanceB?.close()]);
  });

  /** Alternates callers between the two instances, as requests would land behind a load balancer. */
  const acrossInstances = <T>(call: (store: Store, i: number) => Promise<T>): Promise<T[]> =>
    Promise.all(
      Array.from({ length: CONCURRENT_CALLERS }, (_, i) => call(i % 2 === 0 ? instanceA : instanceB, i)),
    );

  it('sees values written by the other instance', async () => {
    const key = freshKey();
    await instanceA.set(key, 'code', { ttlMs: 10_000 });
    expect(await instanceB.take(key)).toBe('code');
    expect(await instanceA.get(key)).toBeNull();
  });

  it('lets exactly one setIfAbsent win across instances', async () => {
    const key = freshKey();
    const results = await acrossInstances((store, i) => store.setIfAbsent(key, `caller-${i}`, 10_000));
    expect(count(results)).toBe(1);
  });

  it('hands a single-use value to exactly one caller across instances', async () => {
    const key = freshKey();
    await instanceA.set(key, 'single-use', { ttlMs: 10_000 });
    const results = await acrossInstances((store) => store.take(key));
    expect(results.filter((value) => value !== null)).toEqual(['single-use']);
  });

  it('lets exactly one compareAndSet win across instances', async () => {
    const key = freshKey();
    await instanceA.set(key, 'pending', { ttlMs: 10_000 });
    const results = await acrossInstances((store, i) => store.compareAndSet(key, 'pending', `by-${i}`));
    expect(count(results)).toBe(1);
  });

  it('shares one counter across instances', async () => {
    const key = freshKey();
    const results = await acrossInstances((store) => store.incr(key, 10_000));
    expect(Math.max(...results)).toBe(CONCURRENT_CALLERS);
    expect(new Set(results).size).toBe(CONCURRENT_CALLERS);
  });

  it('prefixes every key with the namespace and isolates other namespaces', async () => {
    const key = freshKey();
    await instanceA.set(key, 'mine');
    expect(await withRawRedis(url, (redis) => redis.get(`${namespace}${key}`))).toBe('mine');

    const otherNamespace = randomTestNamespace();
    const other = await RedisStore.connect(url, { namespace: otherNamespace });
    try {
      expect(await other.get(key)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('releases its connection on close', async () => {
    const closingNamespace = randomTestNamespace();
    const store = await RedisStore.connect(url, { namespace: closingNamespace });
    expect(await redisConnectionNames(url)).toContain(`${closingNamespace}store`);
    await store.close();
    expect(await redisConnectionNames(url)).not.toContain(`${closingNamespace}store`);
  });
});

describe('createStore', () => {
  it('returns an in-memory store without a Redis URL', async () => {
    const store = await createStore();
    expect(store).toBeInstanceOf(MemoryStore);
    await store.close();
  });

  it.each(redisUrls)('returns a Redis store with a Redis URL', async () => {
    const store = await createStore({ redisUrl: testRedisUrl, namespace });
    expect(store).toBeInstanceOf(RedisStore);
    await store.close();
  });

  it('fails fast with a clear error when Redis is unreachable', async () => {
    const startedAt = Date.now();
    await expect(createStore({ redisUrl: UNREACHABLE_REDIS_URL })).rejects.toThrow(
      /Cannot connect to Redis at redis:\/\/127\.0\.0\.1:1/,
    );
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });

  it('keeps credentials out of the error message', async () => {
    const error = await createStore({ redisUrl: 'redis://user:s3cret@127.0.0.1:1/0' }).catch((e) => e);
    expect(error).toBeInstanceOf(Error);
    expect(String(error.message)).not.toContain('s3cret');
  });
});
