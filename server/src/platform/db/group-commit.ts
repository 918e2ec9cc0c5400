import type { Tx } from './database';

type Work = (tx: Tx) => Promise<unknown>;
type RunInTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

interface Queued {
  work: Work;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** More writes than this wait for the next transaction, so one transaction never grows without bound. */
const MAX_BATCH = 200;

/**
 * Group commit: writes queued while a transaction is being committed go together into the next one, so
 * under load N writes cost one BEGIN/COMMIT instead of N, and with no load a write starts at once (on the
 * next turn of the event loop). Each caller is answered only after its write has committed. When the shared
 * transaction fails, each write of it runs again alone, so only the faulty one sees an error.
 */
export const createGroupCommit = (runInTransaction: RunInTransaction) => {
  let queue: Queued[] = [];
  let flushing = false;

  const runAlone = async (item: Queued) => {
    try {
      await runInTransaction(item.work);
      item.resolve();
    } catch (error) {
      item.reject(error);
    }
  };

  const flush = async () => {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        if (batch.length === 1) {
          await runAlone(batch[0]!);
          continue;
        }
        try {
          await runInTransaction(async (tx) => {
            for (const item of batch) await item.work(tx);
          });
          for (const item of batch) item.resolve();
        } catch {
          for (const item of batch) await runAlone(item);
        }
      }
    } finally {
      flushing = false;
    }
  };

  return (work: Work): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ work, resolve, reject });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
};
