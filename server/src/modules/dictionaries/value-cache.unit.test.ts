import { describe, expect, it } from 'vitest';
import { DictionaryValueCache } from './value-cache';

const loader = (source: Map<string, string>) => {
  const calls: string[][] = [];
  const load = async (missing: string[]) => {
    calls.push(missing);
    return new Map(missing.map((code) => [code, source.get(code) ?? '']));
  };
  return { calls, load };
};

describe('the getValueByCode cache', () => {
  it('loads only the codes it does not hold, once', async () => {
    const cache = new DictionaryValueCache<string>(60_000);
    const { calls, load } = loader(
      new Map([
        ['a', 'A'],
        ['b', 'B'],
      ]),
    );
    expect([...(await cache.getMany('t1', ['a'], load))]).toEqual([['a', 'A']]);
    expect([...(await cache.getMany('t1', ['a', 'b'], load))]).toEqual([
      ['a', 'A'],
      ['b', 'B'],
    ]);
    await cache.getMany('t1', ['a', 'b'], load);
    expect(calls).toEqual([['a'], ['b']]);
  });

  it("drops one tenant's answers, or everyone's", async () => {
    const cache = new DictionaryValueCache<string>(60_000);
    const source = new Map([['a', 'A']]);
    const { calls, load } = loader(source);
    await cache.getMany('t1', ['a'], load);
    await cache.getMany('t2', ['a'], load);
    source.set('a', 'A2');
    cache.dropScope('t1');
    expect((await cache.getMany('t1', ['a'], load)).get('a')).toBe('A2');
    expect((await cache.getMany('t2', ['a'], load)).get('a')).toBe('A');
    cache.dropAll();
    expect((await cache.getMany('t2', ['a'], load)).get('a')).toBe('A2');
    expect(calls.length).toBe(4);
  });

  it('never keeps an answer read before a drop that happened while it was read', async () => {
    const cache = new DictionaryValueCache<string>(60_000);
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reading = cache.getMany('t1', ['a'], async () => {
      await slow;
      return new Map([['a', 'old']]);
    });
    cache.dropAll();
    release();
    expect((await reading).get('a')).toBe('old');
    const { load } = loader(new Map([['a', 'new']]));
    expect((await cache.getMany('t1', ['a'], load)).get('a')).toBe('new');
  });

  it('reads again after the time to live', async () => {
    let time = 0;
    const cache = new DictionaryValueCache<string>(1_000, 10, () => time);
    const { calls, load } = loader(new Map([['a', 'A']]));
    await cache.getMany('', ['a'], load);
    time = 999;
    await cache.getMany('', ['a'], load);
    time = 1_000;
    await cache.getMany('', ['a'], load);
    expect(calls.length).toBe(2);
  });
});
