import { describe, expect, it } from 'vitest';
import { listenerBatches } from './listener-batches';

const shell = (tenantId: string, accountId: string, n = 1) => ({ member: { tenantId, accountId }, n });

describe('listenerBatches', () => {
  it('groups shells by tenant, counts a member once however many shells they have open', () => {
    const a1 = shell('t-a', 'u1');
    const a1again = shell('t-a', 'u1', 2);
    const a2 = shell('t-a', 'u2');
    const b1 = shell('t-b', 'u1');
    expect(listenerBatches([a1, b1, a2, a1again])).toEqual([
      { tenantId: 't-a', accountIds: ['u1', 'u2'], listeners: [a1, a1again, a2] },
      { tenantId: 't-b', accountIds: ['u1'], listeners: [b1] },
    ]);
  });

  it('cuts a large tenant into batches of at most `size` members', () => {
    const shells = Array.from({ length: 5 }, (_, i) => shell('t-a', `u${i}`));
    const batches = listenerBatches(shells, 2);
    expect(batches.map((batch) => batch.accountIds)).toEqual([['u0', 'u1'], ['u2', 'u3'], ['u4']]);
    expect(batches.flatMap((batch) => batch.listeners)).toEqual(shells);
  });

  it('answers nothing for no shells', () => {
    expect(listenerBatches([])).toEqual([]);
  });
});
