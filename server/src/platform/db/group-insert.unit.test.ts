import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../unavailable';
import { createGroupInsert } from './group-insert';

/** A writer that records which rows went into which statement, and refuses a batch holding 'bad'. */
const recordingWriter = () => {
  const statements: string[][] = [];
  const write = async (rows: string[]) => {
    if (rows.includes('bad')) throw new Error('bad row');
    statements.push(rows);
  };
  return { write, statements };
};

describe('group insert', () => {
  it('writes a lone row in its own statement', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    await insert('a');
    expect(statements).toEqual([['a']]);
  });

  it('puts the rows queued meanwhile into one statement, answering each after it', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    await Promise.all([insert('a'), insert('b'), insert('c')]);
    expect(statements).toEqual([['a', 'b', 'c']]);
  });

  it('queues rows that arrive during a write for the next statement', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    const first = insert('a');
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all([first, insert('b'), insert('c')]);
    expect(statements).toEqual([['a'], ['b', 'c']]);
  });

  it('never puts more than 200 rows in one statement', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    await Promise.all(Array.from({ length: 450 }, (_, n) => insert(`r${n}`)));
    expect(statements.map((rows) => rows.length)).toEqual([200, 200, 50]);
  });

  it('when a shared statement fails, writes each row alone so only the faulty one fails', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    const outcomes = await Promise.allSettled([insert('a'), insert('bad'), insert('c')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toEqual(new Error('bad row'));
    expect(statements).toEqual([['a'], ['c']]);
  });

  it('keeps working after a failure', async () => {
    const { write, statements } = recordingWriter();
    const insert = createGroupInsert(write);
    await expect(insert('bad')).rejects.toThrow('bad row');
    await insert('d');
    expect(statements).toEqual([['d']]);
  });

  it('when the database cannot be reached, fails every row of the statement at once', async () => {
    const outage = new ServiceUnavailableError('database', new Error('connect ECONNREFUSED'));
    const batches: string[][] = [];
    const insert = createGroupInsert(async (rows: string[]) => {
      batches.push(rows);
      throw outage;
    });
    const outcomes = await Promise.allSettled([insert('a'), insert('b'), insert('c')]);
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason)).toEqual([
      outage,
      outage,
      outage,
    ]);
    expect(batches).toEqual([['a', 'b', 'c']]);
  });
});
