import { isServiceUnavailable } from '../unavailable';

interface Queued<Row> {
  row: Row;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** More rows than this wait for the next statement, so one insert never grows without bound. */
const MAX_BATCH = 200;

/**
 * Group insert (group commit for one table): rows queued while a write is under way go together into the
 * next one, a single multi-row INSERT in its own transaction. Under load N rows cost one statement and one
 * commit instead of N; with no load a row is written at once (on the next turn of the event loop). Each
 * caller is answered only after its row has committed, so it can be read at once from any instance. When
 * a shared write fails, each of its rows is written again alone, so only a faulty row sees an error;
 * when the database cannot be reached, every row of the write fails at once.
 */
export const createGroupInsert = <Row>(writeRows: (rows: Row[]) => Promise<unknown>) => {
  let queue: Queued<Row>[] = [];
  let flushing = false;

  const settle = async (batch: Queued<Row>[]) => {
    try {
      await writeRows(batch.map((item) => item.row));
      for (const item of batch) item.resolve();
    } catch (error) {
      // A database that cannot be reached fails every row alike: trying them one by one would only
      // make each caller wait for as many failed connection attempts.
      if (batch.length === 1 || isServiceUnavailable(error)) for (const item of batch) item.reject(error);
      else for (const item of batch) await settle([item]);
    }
  };

  const flush = async () => {
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(batch.length);
        await settle(batch);
      }
    } finally {
      flushing = false;
    }
  };

  return (row: Row): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      queue.push({ row, resolve, reject });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
};
