import { describe, expect, it } from 'vitest';
import { MemoryPubSub } from '../../platform/pubsub';
import { createMemberCounts, parseCountChange } from './member-counts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('parseCountChange', () => {
  it('takes {tenantId, accountIds} and refuses anything else', () => {
    expect(parseCountChange('{"tenantId":"t1","accountIds":["a",1]}')).toEqual({
      tenantId: 't1',
      accountIds: ['a'],
    });
    expect(parseCountChange('{"tenantId":"t1"}')).toBeNull();
    expect(parseCountChange('not json')).toBeNull();
  });
});

describe('createMemberCounts', () => {
  it('sends the count at once, and after a change only to the shells of the members it names', async () => {
    const pubsub = new MemoryPubSub();
    const counts = new Map([
      ['t1/a', 1],
      ['t1/b', 5],
      ['t2/a', 9],
    ]);
    const live = createMemberCounts<number>({
      pubsub,
      channels: ['counts-changed', 'counts-delivered'],
      read: async (member) => counts.get(`${member.tenantId}/${member.accountId}`) ?? 0,
    });
    const stop = await live.listenForChanges();
    const received: Record<string, number[]> = { 't1/a': [], 't1/b': [], 't2/a': [] };
    const stops = Object.keys(received).map((key) => {
      const [tenantId, accountId] = key.split('/') as [string, string];
      return live.listen({ tenantId, accountId }, (count) => received[key]!.push(count));
    });
    await settle();
    expect(received).toEqual({ 't1/a': [1], 't1/b': [5], 't2/a': [9] });

    counts.set('t1/a', 2);
    await live.announce('t1', ['a']);
    // The second channel (the outbox's) works the same way.
    counts.set('t1/a', 3);
    await pubsub.publish('counts-delivered', JSON.stringify({ tenantId: 't1', accountIds: ['a'] }));
    await settle();
    expect(received).toEqual({ 't1/a': [1, 2, 3], 't1/b': [5], 't2/a': [9] });

    for (const stopListening of stops) stopListening();
    expect(live.listenerCount()).toBe(0);
    await stop();
    await pubsub.close();
  });
});
