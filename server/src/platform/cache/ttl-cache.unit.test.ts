import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('TtlCache', () => {
  it('shares one load between concurrent misses and keeps its value', async () => {
    const cache = new TtlCache<string>(60_000);
    let loads = 0;
    const load = async () => `v${++loads}`;
    const [a, b] = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect([a, b, await cache.getOrLoad('k', load)]).toEqual(['v1', 'v1', 'v1']);
  });

  it('does not keep what a load read before clear(): the next call reads again', async () => {
    const cache = new TtlCache<string>(60_000);
    const before = deferred<string>();
    const stale = cache.getOrLoad('k', () => before.promise);
    cache.clear(); // the change committed while the load was in flight
    const fresh = cache.getOrLoad('k', async () => 'after');
    before.resolve('before');
    expect(await stale).toBe('before');
    expect(await fresh).toBe('after');
    expect(await cache.getOrLoad('k', async () => 'unexpected')).toBe('after');
  });

  it('does not keep what a load read before delete() of its key', async () => {
    const cache = new TtlCache<string>(60_000);
    const before = deferred<string>();
    const stale = cache.getOrLoad('k', () => before.promise);
    cache.delete('k');
    before.resolve('before');
    await stale;
    expect(await cache.getOrLoad('k', async () => 'after')).toBe('after');
  });
});
