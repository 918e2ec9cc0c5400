import { describe, expect, it } from 'vitest';
import type { Tx } from './database';
import { createGroupCommit } from './group-commit';

/** A transaction runner that records which writes ran in which transaction, and rolls back on failure. */
const recordingRunner = () => {
  const committed: string[][] = [];
  const run = async <T>(work: (tx: Tx) => Promise<T>): Promise<T> => {
    const writes: string[] = [];
    const result = await work(writes as unknown as Tx);
    committed.push(writes);
    return result;
  };
  return { run, committed };
};

const write =
  (name: string, fail = false) =>
  async (tx: Tx) => {
    if (fail) throw new Error(`${name} failed`);
    (tx as unknown as string[]).push(name);
  };

describe('group commit', () => {
  it('runs a lone write in its own transaction', async () => {
    const { run, committed } = recordingRunner();
    const commit = createGroupCommit(run);
    await commit(write('a'));
    expect(committed).toEqual([['a']]);
  });

  it('puts the writes queued meanwhile into one transaction, answering each after the commit', async () => {
    const { run, committed } = recordingRunner();
    const commit = createGroupCommit(run);
    await Promise.all([commit(write('a')), commit(write('b')), commit(write('c'))]);
    expect(committed).toEqual([['a', 'b', 'c']]);
  });

  it('queues writes that arrive during a commit for the next transaction', async () => {
    const { run, committed } = recordingRunner();
    const commit = createGroupCommit(run);
    const first = commit(write('a'));
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, commit(write('b')), commit(write('c'))]);
    expect(committed).toEqual([['a'], ['b', 'c']]);
  });

  it('when the shared transaction fails, reruns each write alone so only the faulty one fails', async () => {
    const { run, committed } = recordingRunner();
    const commit = createGroupCommit(run);
    const outcomes = await Promise.allSettled([
      commit(write('a')),
      commit(write('bad', true)),
      commit(write('c')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('bad failed'));
    expect(committed).toEqual([['a'], ['c']]);
  });
});
