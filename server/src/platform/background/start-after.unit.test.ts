import { describe, expect, it } from 'vitest';
import { type StopBackgroundWork, startAfter } from './start-after';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Background work that records when it starts and stops. */
const recorded = (events: string[]) => async (): Promise<StopBackgroundWork> => {
  events.push('started');
  return async () => void events.push('stopped');
};

const noErrors = (error: unknown) => {
  throw error;
};

describe('startAfter', () => {
  it('starts at once without a gate', async () => {
    const events: string[] = [];
    const stop = await startAfter(undefined, recorded(events), noErrors);
    expect(events).toEqual(['started']);
    await stop();
    expect(events).toEqual(['started', 'stopped']);
  });

  it('starts only once the gate has settled', async () => {
    const gate = deferred();
    const events: string[] = [];
    const stop = await startAfter(gate.promise, recorded(events), noErrors);
    await settle();
    expect(events).toEqual([]);
    gate.resolve();
    await settle();
    expect(events).toEqual(['started']);
    await stop();
    expect(events).toEqual(['started', 'stopped']);
  });

  it('never starts what was stopped before its gate settled, and that stop does not wait for it', async () => {
    const gate = deferred();
    const events: string[] = [];
    const stop = await startAfter(gate.promise, recorded(events), noErrors);
    await stop(); // the gate has not settled: this must not hang
    gate.resolve();
    await settle();
    expect(events).toEqual([]);
  });

  it('does nothing when the gate fails', async () => {
    const events: string[] = [];
    const stop = await startAfter(Promise.reject(new Error('start-up failed')), recorded(events), noErrors);
    await settle();
    await stop();
    expect(events).toEqual([]);
  });

  it('reports a start that fails after the gate, and its stop still returns', async () => {
    const errors: unknown[] = [];
    const stop = await startAfter(
      Promise.resolve(),
      async () => {
        throw new Error('cannot subscribe');
      },
      (error) => errors.push(error),
    );
    await settle();
    expect(errors).toEqual([new Error('cannot subscribe')]);
    await stop();
  });
});
