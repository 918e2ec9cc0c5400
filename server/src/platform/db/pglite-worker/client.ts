import { Worker } from 'node:worker_threads';
import type {
  DatabaseOrigin,
  WorkerError,
  WorkerOptions,
  WorkerReady,
  WorkerRequest,
  WorkerResponse,
  WorkerResults,
} from './protocol';

type Parser = (value: string, typeId: number) => unknown;

export interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** Per type: turns the server's text into a value (drizzle passes these for dates and intervals). */
  parsers?: Record<number, Parser>;
}

/** What the code needs of PGlite (its query, exec and transaction), served by the worker. */
export interface PgliteRunner {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<WorkerResults & { rows: T[] }>;
  exec(sql: string): Promise<unknown[]>;
}

export interface PgliteWorkerClient extends PgliteRunner {
  /** `setup` runs first in the transaction, sent with its BEGIN (e.g. the scope). */
  transaction<T>(work: (tx: PgliteRunner) => Promise<T>, options?: { setup?: string }): Promise<T>;
  /** Runs a script in a transaction of its own, in one message: committed, or rolled back on error. */
  execInTransaction(sql: string): Promise<void>;
  /**
   * One statement in a read-only transaction of its own after `setup`, in one message; with
   * `reusePlan`, planned once and its plan kept for the same text (ReadOptions in database.ts).
   * Strings, numbers, booleans and nulls travel as literals to an EXECUTE: each parameter's type
   * must follow from the statement (a cast such as `$1::text`), as PREPARE requires.
   */
  read<T = Record<string, unknown>>(
    setup: string,
    sql: string,
    params: unknown[],
    reusePlan?: boolean,
  ): Promise<T[]>;
  close(): Promise<void>;
  /** Where the database's files came from when it opened. */
  readonly origin: DatabaseOrigin;
}

/** A database error as the worker reported it: the same fields (code, constraint, detail…) as PGlite's. */
export class PgliteWorkerError extends Error {
  constructor(fields: WorkerError) {
    super(fields.message);
    Object.assign(this, fields);
    this.name = fields.name ?? 'DatabaseError';
  }
}

/** The worker thread's code: plain JavaScript, so it starts the same from source and when compiled. */
const WORKER_FILE = new URL('./worker.mjs', import.meta.url);

const applyParsers = (result: WorkerResults, parsers: Record<number, Parser>): WorkerResults => {
  const columns = result.fields
    .map((field, index) => ({ field, index, parse: parsers[field.dataTypeID] }))
    .filter((column) => column.parse);
  if (columns.length === 0) return result;
  for (const row of result.rows as Record<string | number, unknown>[]) {
    for (const { field, index, parse } of columns) {
      const key = Array.isArray(row) ? index : field.name;
      const value = row[key];
      if (typeof value === 'string') row[key] = parse?.(value, field.dataTypeID);
    }
  }
  return result;
};

/**
 * Starts the worker thread that owns PGlite and resolves once the database is open. Queries and
 * transactions keep PGlite's semantics: one statement at a time, and a transaction holds the database
 * until it ends. If the worker dies, every call fails from then on (the health check reports it).
 */
export const startPgliteWorker = async (options: WorkerOptions): Promise<PgliteWorkerClient> => {
  const worker = new Worker(WORKER_FILE, { workerData: options });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let nextTransaction = 1;
  let failure: Error | null = null;

  const failAll = (error: Error) => {
    failure ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };

  const origin = await new Promise<DatabaseOrigin>((resolve, reject) => {
    const onExit = (code: number) =>
      reject(new Error(`the PGlite worker exited (${code}) before it was ready`));
    worker.once('error', reject);
    worker.once('exit', onExit);
    worker.once('message', (message: WorkerReady) => {
      worker.off('error', reject);
      worker.off('exit', onExit);
      if (message.ready) resolve(message.origin);
      else reject(new PgliteWorkerError(message.error));
    });
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });

  worker.on('message', (messages: WorkerResponse[]) => {
    for (const message of messages) {
      const call = pending.get(message.id);
      if (!call) continue;
      pending.delete(message.id);
      if (message.ok) call.resolve(message.value);
      else call.reject(new PgliteWorkerError(message.error));
    }
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => failAll(new Error(`the PGlite worker stopped (exit code ${code})`)));

  // Requests made in the same turn (a begin and the first query, concurrent requests) travel in one
  // message: on this kind of VM every message is a system call and a wake-up of the other thread.
  let outgoing: WorkerRequest[] = [];
  const sendOutgoing = () => {
    const batch = outgoing;
    outgoing = [];
    worker.postMessage(batch);
  };

  const call = <T>(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (outgoing.push({ ...request, id } as WorkerRequest) === 1) queueMicrotask(sendOutgoing);
    });
  };

  const runner = (tx?: number): PgliteRunner => ({
    query: async (sql, params = [], queryOptions = {}) => {
      const parsers = queryOptions.parsers ?? {};
      const result = await call<WorkerResults>({
        op: 'query',
        tx,
        sql,
        params,
        rowMode: queryOptions.rowMode,
        rawTypes: Object.keys(parsers).map(Number),
      });
      // biome-ignore lint/suspicious/noExplicitAny: rows are typed by the caller, as with PGlite itself.
      return applyParsers(result, parsers) as any;
    },
    exec: async (sql) => {
      await call({ op: 'exec', tx, sql });
      return [];
    },
  });

  return {
    origin,
    ...runner(),
    transaction: async (work, options = {}) => {
      // The queries go out right behind the begin; its answer is awaited before the commit.
      const tx = nextTransaction++;
      const begun = call({ op: 'begin', tx, setup: options.setup });
      begun.catch(() => undefined); // awaited below
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(runner(tx));
        await begun;
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        // A transaction that never began explains every failure inside it.
        const beginError = await begun.then(
          () => null,
          (failure: unknown) => failure,
        );
        throw beginError ?? error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    execInTransaction: async (sql) => {
      await call({ op: 'transaction', sql });
    },
    read: async <T>(setup: string, sql: string, params: unknown[], reusePlan = false) =>
      (await call<WorkerResults>({ op: 'read', setup, sql, params, reusePlan })).rows as T[],
    close: async () => {
      if (!failure) await call({ op: 'close' }).catch(() => undefined);
      failure ??= new Error('the database is closed');
      await worker.terminate();
    },
  };
};

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;
