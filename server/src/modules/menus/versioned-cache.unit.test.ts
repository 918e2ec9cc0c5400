import { describe, expect, it } from 'vitest';
import type { MenuVersions } from './repo';
import { VersionedCache } from './versioned-cache';

interface Entry {
  versions: MenuVersions;
  label: string;
}

/** A load the test finishes by hand, to interleave it with changes. */
const deferred = () => {
  let resolve!: (entry: Entry) => void;
  const promise = new Promise<Entry>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('VersionedCache', () => {
  it('loads once and serves the entry while no newer counter is known', async () => {
    const cache = new VersionedCache<Entry>(60_000);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { versions: { catalogue: 1, tenant: 1 }, label: `load ${loads}` };
    };
    const [first, second] = await Promise.all([cache.get('k', 't1', load), cache.get('k', 't1', load)]);
    expect(loads).toBe(1);
    expect(second).toBe(first);
    expect((await cache.get('k', 't1', load)).label).toBe('load 1');
  });

  it("reloads after a newer counter of the entry's tenant or of the catalogue is learnt", async () => {
    const cache = new VersionedCache<Entry>(60_000);
    let version = { catalogue: 1, tenant: 1 };
    let loads = 0;
    const load = async () => ({ versions: version, label: `load ${++loads}` });
    await cache.get('k', 't1', load);

    cache.learn('t2', { tenant: 9 }); // another tenant: no effect
    expect((await cache.get('k', 't1', load)).label).toBe('load 1');

    version = { catalogue: 1, tenant: 2 };
    cache.learn('t1', { tenant: 2 });
    expect((await cache.get('k', 't1', load)).label).toBe('load 2');

    version = { catalogue: 2, tenant: 2 };
    cache.learn(null, { catalogue: 2 });
    expect((await cache.get('k', 't1', load)).label).toBe('load 3');
    expect((await cache.get('k', 't1', load)).label).toBe('load 3');
  });

  it('does not let a load that raced a change put stale rows back', async () => {
    const cache = new VersionedCache<Entry>(60_000);
    const slow = deferred();
    const racing = cache.get('k', 't1', () => slow.promise);
    // The change is learnt while the first load is still reading the old rows.
    cache.learn('t1', { tenant: 5 });
    const fresh = cache.get('k', 't1', async () => ({ versions: { catalogue: 0, tenant: 5 }, label: 'new' }));
    slow.resolve({ versions: { catalogue: 0, tenant: 4 }, label: 'old' });
    expect((await racing).label).toBe('old');
    expect((await fresh).label).toBe('new');
    expect(
      (await cache.get('k', 't1', async () => ({ versions: { catalogue: 0, tenant: 6 }, label: 'x' }))).label,
    ).toBe('new');
  });

  it('expires entries after the TTL, healing a lost change message', async () => {
    const cache = new VersionedCache<Entry>(1);
    let loads = 0;
    const load = async () => ({ versions: { catalogue: 0, tenant: 0 }, label: `load ${++loads}` });
    await cache.get('k', null, load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await cache.get('k', null, load)).label).toBe('load 2');
  });

  it('keeps an expired entry when the database’s counters have not moved, and reloads when they have', async () => {
    let counters: MenuVersions = { catalogue: 2, tenant: 5 };
    let checks = 0;
    const cache = new VersionedCache<Entry>(1, {
      currentVersions: async () => {
        checks += 1;
        return counters;
      },
    });
    let loads = 0;
    const load = async () => ({ versions: counters, label: `load ${++loads}` });
    await cache.get('k', 't1', load);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Two callers at once share one check, and neither rebuilds.
    const [a, b] = await Promise.all([cache.get('k', 't1', load), cache.get('k', 't1', load)]);
    expect([a.label, b.label, checks]).toEqual(['load 1', 'load 1', 1]);
    counters = { catalogue: 3, tenant: 5 };
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await cache.get('k', 't1', load)).label).toBe('load 2');
    expect(checks).toBe(2);
  });

  it('does not share a failed load with later callers', async () => {
    const cache = new VersionedCache<Entry>(60_000);
    await expect(
      cache.get('k', 't1', async () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    const ok = await cache.get('k', 't1', async () => ({
      versions: { catalogue: 0, tenant: 0 },
      label: 'ok',
    }));
    expect(ok.label).toBe('ok');
  });
});
