import { describe, expect, it, vi } from 'vitest';
import { BatchWriter, type BatchWriterOptions, type RefusedRow } from './batch-writer';

interface Row {
  tenant: string;
  n: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An error as PostgreSQL reports a row it refuses (here a NUL in a text value). */
const refusal = () =>
  Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });

/**
 * A writer over an in-memory "table": writes of a group in `down` fail like an unreachable database;
 * a batch holding a row numbered in `bad` is refused like PostgreSQL refuses a whole statement.
 */
const setup = (overrides: Partial<BatchWriterOptions<Row>> = {}) => {
  const written: { group: string; rows: Row[] }[] = [];
  const deadLetters: RefusedRow<Row>[] = [];
  const down = new Set<string>();
  const bad = new Set<number>();
  const warnings: { details: Record<string, unknown>; msg: string }[] = [];
  let attempts = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  const writer = new BatchWriter<Row>({
    name: 'test-log',
    flushIntervalMs: 20,
    maxBatchRows: 100,
    maxPendingRows: 1_000,
    retryDelay: { initialMs: 10, maxMs: 40 },
    groupOf: (row) => row.tenant,
    write: async (group, rows) => {
      attempts++;
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await sleep(2);
      concurrent--;
      if (down.has(group)) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      if (rows.some((r) => bad.has(r.n))) throw refusal();
      written.push({ group, rows: [...rows] });
    },
    deadLetter: async (refused) => {
      if (down.has('dead-letters')) throw new Error('Connection terminated unexpectedly');
      deadLetters.push(...refused);
    },
    reporter: { warn: (details, msg) => warnings.push({ details, msg }) },
    ...overrides,
  });
  const stored = () => written.flatMap((w) => w.rows.map((r) => r.n)).sort((a, b) => a - b);
  return {
    writer,
    written,
    deadLetters,
    down,
    bad,
    warnings,
    stored,
    attempts: () => attempts,
    maxConcurrent: () => maxConcurrent,
  };
};

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('BatchWriter', () => {
  it('answers add() at once and writes within the flush interval', async () => {
    const { writer, written } = setup();
    await writer.add({ tenant: 'a', n: 1 });
    expect(written).toEqual([]);
    expect(writer.pendingCount).toBe(1);
    await sleep(60);
    expect(written).toEqual([{ group: 'a', rows: [{ tenant: 'a', n: 1 }] }]);
    expect(writer.stats()).toMatchObject({ queued: 0, written: 1, deadLettered: 0, dropped: 0, retries: 0 });
  });

  it('writes one statement per group and batch, never two at once', async () => {
    const { writer, written, stored, maxConcurrent } = setup();
    await Promise.all(range(0, 250).map((n) => writer.add({ tenant: n % 2 ? 'odd' : 'even', n })));
    await writer.flush();
    expect(stored()).toEqual(range(0, 250));
    expect(written.every((w) => w.rows.length <= 100 && w.rows.every((r) => r.tenant === w.group))).toBe(
      true,
    );
    expect(written.length).toBeLessThanOrEqual(6);
    expect(maxConcurrent()).toBe(1);
  });

  it('sets a refused row aside and writes the rows around it, without retrying anything', async () => {
    const { writer, bad, stored, deadLetters, attempts, warnings } = setup({ flushIntervalMs: 10_000 });
    bad.add(37);
    for (const n of range(0, 100)) await writer.add({ tenant: 'a', n });
    await writer.flush();
    expect(stored()).toEqual(range(0, 100).filter((n) => n !== 37));
    expect(deadLetters.map((d) => d.row.n)).toEqual([37]);
    expect(deadLetters[0]?.error).toMatchObject({ code: '22021' });
    // Bisection: a handful of statements, not one per row.
    expect(attempts()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(100)) + 1);
    expect(writer.stats()).toMatchObject({
      queued: 0,
      written: 99,
      deadLettered: 1,
      retries: 0,
      retryInMs: 0,
      lastError: { sqlState: '22021' },
    });
    expect(warnings.map((w) => w.msg)).toEqual([
      'log rows refused by the database were set aside in log_dead_letters',
    ]);
    const before = attempts();
    await sleep(50);
    expect(attempts()).toBe(before);
  });

  it('sets aside every refused row of a batch, each once', async () => {
    const { writer, bad, stored, deadLetters } = setup({ flushIntervalMs: 10_000 });
    for (const n of [0, 1, 2, 50, 99]) bad.add(n);
    for (const n of range(0, 100)) await writer.add({ tenant: 'a', n });
    await writer.flush();
    expect(deadLetters.map((d) => d.row.n).sort((a, b) => a - b)).toEqual([0, 1, 2, 50, 99]);
    expect(stored()).toHaveLength(95);
    expect(writer.pendingCount).toBe(0);
  });

  it('skips rows refused as duplicates of their primary key: an earlier write stored them but its answer was lost', async () => {
    const table = new Map<number, Row>();
    let loseNextAnswer = true;
    const { writer, deadLetters } = setup({
      flushIntervalMs: 10_000,
      write: async (_group, rows) => {
        if (rows.some((row) => table.has(row.n))) {
          throw Object.assign(new Error('duplicate key value violates unique constraint "test_pkey"'), {
            code: '23505',
            constraint: 'test_pkey',
          });
        }
        for (const row of rows) table.set(row.n, row);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error('Connection terminated unexpectedly');
        }
      },
    });
    for (const n of range(0, 4)) await writer.add({ tenant: 'a', n });
    await expect(writer.flush()).rejects.toThrow('Connection terminated');
    await writer.add({ tenant: 'a', n: 4 });
    await writer.flush();
    expect([...table.keys()].sort()).toEqual(range(0, 5));
    expect(deadLetters).toEqual([]);
    expect(writer.stats()).toMatchObject({ queued: 0, written: 5, deadLettered: 0, retries: 1 });
  });

  it('keeps the rows of an unavailable database queued, retries with growing delays, and never writes a group twice', async () => {
    const { writer, down, stored, written, warnings } = setup();
    down.add('down');
    await writer.add({ tenant: 'up', n: 1 });
    await writer.add({ tenant: 'down', n: 2 });
    await expect(writer.flush()).rejects.toThrow('ECONNREFUSED');
    expect(stored()).toEqual([1]);
    expect(writer.pendingCount).toBe(1);
    // Retries after 10, 20, 40, 40 ms...
    await vi.waitFor(() => expect(warnings.length).toBeGreaterThanOrEqual(4), { timeout: 2_000 });
    expect(warnings.map((w) => w.details.retryInMs).slice(0, 4)).toEqual([10, 20, 40, 40]);
    expect(writer.stats()).toMatchObject({ queued: 1, written: 1, lastError: { sqlState: null } });
    expect(writer.stats().lastError?.message).toBe('connect ECONNREFUSED');
    down.clear();
    // The next retry writes it.
    await vi.waitFor(() => expect(stored()).toEqual([1, 2]), { timeout: 2_000 });
    expect(written.filter((w) => w.group === 'up')).toHaveLength(1);
    expect(writer.stats()).toMatchObject({ queued: 0, written: 2, retryInMs: 0 });
  });

  it('does not hammer an unavailable database however many rows arrive', async () => {
    const { writer, down, attempts } = setup({
      maxBatchRows: 10,
      retryDelay: { initialMs: 10_000, maxMs: 10_000 },
    });
    down.add('a');
    for (const n of range(0, 20)) await writer.add({ tenant: 'a', n });
    await vi.waitFor(() => expect(writer.stats().retries).toBe(1)); // the first full batch failed
    for (const n of range(20, 500)) await writer.add({ tenant: 'a', n });
    await sleep(50);
    // Full batches and the flush timer start no write while backing off: only the backoff timer does.
    expect(attempts()).toBe(1);
    expect(writer.pendingCount).toBe(500);
    down.clear();
    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 0, written: 500 });
  });

  it('keeps refused rows when the dead-letter table cannot be reached, and sets them aside later', async () => {
    const { writer, down, bad, stored, deadLetters } = setup({ flushIntervalMs: 10_000 });
    bad.add(3);
    down.add('dead-letters');
    for (const n of range(0, 8)) await writer.add({ tenant: 'a', n });
    await expect(writer.flush()).rejects.toThrow('Connection terminated');
    expect(stored()).toEqual([0, 1, 2, 4, 5, 6, 7]);
    expect(writer.pendingCount).toBe(1);
    down.clear();
    await writer.flush();
    expect(deadLetters.map((d) => d.row.n)).toEqual([3]);
    expect(writer.stats()).toMatchObject({ queued: 0, written: 7, deadLettered: 1, retries: 1 });
  });

  it('drops and counts rows beyond maxPendingRows without ever making add() wait', async () => {
    let release: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { writer, warnings } = setup({
      maxBatchRows: 5,
      maxPendingRows: 20,
      // A database that takes forever to answer.
      write: () => hung,
    });
    const started = performance.now();
    for (const n of range(0, 50)) await writer.add({ tenant: 'a', n });
    expect(performance.now() - started).toBeLessThan(50);
    expect(writer.stats()).toMatchObject({ queued: 20, dropped: 30 });
    // One warning for the whole burst, not one per row.
    expect(warnings.filter((w) => w.msg.startsWith('log queue full'))).toHaveLength(1);
    release();
    await writer.flush();
    expect(writer.stats()).toMatchObject({ queued: 0, written: 20, dropped: 30 });
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
