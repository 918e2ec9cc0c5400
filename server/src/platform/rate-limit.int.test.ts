import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { createRateLimiter, type RateLimiter, rateLimitStoreKey } from './rate-limit';
import { MemoryStore, type Store } from './store';
import { RedisStore } from './store/redis-store';
import { deleteNamespace, randomTestNamespace, testRedisUrl } from './store/redis-test-support';

const namespace = randomTestNamespace();

const backends: { name: string; open: () => Promise<Store> }[] = [
  { name: 'memory', open: async () => new MemoryStore() },
];
if (testRedisUrl) {
  const url = testRedisUrl;
  backends.push({ name: 'redis', open: () => RedisStore.connect(url, { namespace }) });
}

afterAll(async () => {
  if (testRedisUrl) await deleteNamespace(testRedisUrl, namespace);
});

const freshKey = (): string => `test:${randomUUID()}`;

describe.each(backends)('rate limiter on $name', ({ open }) => {
  let store: Store;
  let limiter: RateLimiter;

  beforeAll(async () => {
    store = await open();
    limiter = createRateLimiter(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('allows up to the limit, counting down what remains', async () => {
    const key = freshKey();
    const decisions = [];
    for (let i = 0; i < 3; i++) decisions.push(await limiter.consume(key, 3, 10_000));
    expect(decisions).toEqual([
      { allowed: true, remaining: 2, retryAfterMs: 0 },
      { allowed: true, remaining: 1, retryAfterMs: 0 },
      { allowed: true, remaining: 0, retryAfterMs: 0 },
    ]);
  });

  it('refuses beyond the limit and says when the window ends', async () => {
    const key = freshKey();
    await limiter.consume(key, 1, 10_000);
    const refused = await limiter.consume(key, 1, 10_000);
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterMs).toBeGreaterThan(9_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(10_000);
  });

  it('opens a new window once the old one ends, even if the client kept trying', async () => {
    const key = freshKey();
    await limiter.consume(key, 1, 200);
    await sleep(80);
    expect((await limiter.consume(key, 1, 200)).allowed).toBe(false);
    await sleep(160);
    expect(await limiter.consume(key, 1, 200)).toEqual({ allowed: true, remaining: 0, retryAfterMs: 0 });
  });

  it('keeps separate counters per key, stored under ratelimit:<key>', async () => {
    const [a, b] = [freshKey(), freshKey()];
    await limiter.consume(a, 1, 10_000);
    expect((await limiter.consume(b, 1, 10_000)).allowed).toBe(true);
    expect(await store.get(rateLimitStoreKey(a))).toBe('1');
    expect(rateLimitStoreKey('captcha:1.2.3.4')).toBe('ratelimit:captcha:1.2.3.4');
  });

  it('lets exactly `limit` of many concurrent requests through', async () => {
    const key = freshKey();
    const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.consume(key, 10, 10_000)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
  });

  it('enforce throws RATE_LIMITED with the seconds to wait', async () => {
    const key = freshKey();
    await expect(limiter.enforce(key, 1, 30_000)).resolves.toMatchObject({ allowed: true });
    const error = await limiter.enforce(key, 1, 30_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      errorName: 'RATE_LIMITED',
      status: 429,
      details: { retryAfterSeconds: 30 },
    });
    expect((error as AppError).message).toBe('请求过于频繁，请30秒后再试');
  });

  it.each([
    [0, 1000],
    [1.5, 1000],
    [1, 0],
    [1, Number.NaN],
  ])('rejects limit=%s windowMs=%s as a programming error', async (limit, windowMs) => {
    await expect(limiter.consume(freshKey(), limit, windowMs)).rejects.toThrow(RangeError);
  });
});
