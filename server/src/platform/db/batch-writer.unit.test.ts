import { describe, expect, it } from 'vitest';
import { BatchWriter, type BatchWriterOptions } from './batch-writer';

interface Row {
  tenant: string;
  n: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A writer over an in-memory "table", with a switch to make writes of one group fail. */
const setup = (overrides: Partial<BatchWriterOptions<Row>> = {}) => {
  const written: { group: string; rows: Row[] }[] = [];
  const failing = new Set<string>();
  const errors: number[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const writer = new BatchWriter<Row>({
    flushIntervalMs: 20,
    maxBatchRows: 100,
    maxPendingRows: 1_000,
    retryDelayMs: 10,
    groupOf: (row) => row.tenant,
    write: async (group, rows) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await sleep(2);
      concurrent--;
      if (failing.has(group)) throw new Error(`${group} is down`);
      written.push({ group, rows: [...rows] });
    },
    onWriteError: (_error, rowCount) => errors.push(rowCount),
    ...overrides,
  });
  const stored = () => written.flatMap((w) => w.rows.map((r) => r.n)).sort((a, b) => a - b);
  return { writer, written, failing, errors, stored, maxConcurrent: () => maxConcurrent };
};

describe('BatchWriter', () => {
  it('answers add() at once and writes within the flush interval', async () => {
    const { writer, written } = setup();
    await writer.add({ tenant: 'a', n: 1 });
    expect(written).toEqual([]);
    expect(writer.pendingCount).toBe(1);
    await sleep(60);
    expect(written).toEqual([{ group: 'a', rows: [{ tenant: 'a', n: 1 }] }]);
  });

  it('writes one statement per group and batch, never two at once', async () => {
    const { writer, written, stored, maxConcurrent } = setup();
    await Promise.all(
      Array.from({ length: 250 }, (_, n) => writer.add({ tenant: n % 2 ? 'odd' : 'even', n })),
    );
    await writer.flush();
    expect(stored()).toEqual(Array.from({ length: 250 }, (_, n) => n));
    expect(written.every((w) => w.rows.length <= 100 && w.rows.every((r) => r.tenant === w.group))).toBe(
      true,
    );
    expect(written.length).toBeLessThanOrEqual(6);
    expect(maxConcurrent()).toBe(1);
  });

  it('keeps the rows of a failed group queued, retries them, and never writes a group twice', async () => {
    const { writer, failing, errors, stored, written } = setup();
    failing.add('down');
    await writer.add({ tenant: 'up', n: 1 });
    await writer.add({ tenant: 'down', n: 2 });
    await expect(writer.flush()).rejects.toThrow('down is down');
    expect(errors).toEqual([1]);
    expect(stored()).toEqual([1]);
    expect(writer.pendingCount).toBe(1);
    failing.clear();
    await sleep(50); // the retry timer writes it
    expect(stored()).toEqual([1, 2]);
    expect(written.filter((w) => w.group === 'up')).toHaveLength(1);
  });

  it('makes add() wait for the writes above maxPendingRows instead of growing without bound', async () => {
    const { writer, stored } = setup({ maxBatchRows: 10, maxPendingRows: 20, flushIntervalMs: 10_000 });
    await Promise.all(Array.from({ length: 200 }, (_, n) => writer.add({ tenant: 'a', n })));
    expect(writer.pendingCount).toBeLessThanOrEqual(20);
    await writer.flush();
    expect(stored()).toHaveLength(200);
  });

  it('refuses with NOT_READY above maxPendingRows while writes fail, keeping what it has', async () => {
    const { writer, failing } = setup({ maxBatchRows: 5, maxPendingRows: 5, flushIntervalMs: 10_000 });
    failing.add('a');
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, (_, n) => writer.add({ tenant: 'a', n })),
    );
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ errorName: 'NOT_READY' });
    expect(writer.pendingCount).toBe(12);
    failing.clear();
    await writer.flush();
    expect(writer.pendingCount).toBe(0);
  });

  it('writes everything at close, and rows added afterwards before add() resolves', async () => {
    const { writer, stored } = setup({ flushIntervalMs: 10_000 });
    await writer.add({ tenant: 'a', n: 1 });
    await writer.close();
    expect(stored()).toEqual([1]);
    await writer.add({ tenant: 'a', n: 2 });
    expect(stored()).toEqual([1, 2]);
  });
});
