import type pg from 'pg';

/** The little a migrator and a health check need from either engine: raw SQL. */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(text: string): Promise<void>;
  transaction<T>(work: (runner: SqlRunner) => Promise<T>): Promise<T>;
}

interface PgliteStatements {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<unknown>;
}

/** PGlite itself (building the template) or its worker thread (the running server). */
interface PgliteLike extends PgliteStatements {
  transaction<T>(work: (tx: PgliteStatements) => Promise<T>): Promise<T>;
}

export const pgliteRunner = (db: PgliteLike): SqlRunner => ({
  query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
  exec: async (text) => {
    await db.exec(text);
  },
  transaction: (work) =>
    db.transaction((tx) =>
      work({
        query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        exec: async (text) => {
          await tx.exec(text);
        },
        transaction: () => Promise.reject(new Error('nested transactions are not supported')),
      }),
    ),
});

const clientRunner = (client: pg.PoolClient): SqlRunner => ({
  query: async <T>(text: string, params?: unknown[]) =>
    (await client.query(text, params as unknown[])).rows as T[],
  exec: async (text) => {
    await client.query(text);
  },
  transaction: () => Promise.reject(new Error('nested transactions are not supported')),
});

/**
 * A pooled connection held for a transaction. A connection lost while held, between two of its
 * queries, emits 'error' on the client, and an unheard 'error' would end the process: it is heard
 * here, the next query fails instead, and the connection leaves the pool rather than going back.
 */
export const withPooledClient = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, markBroken: (error: Error) => void) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  let broken: Error | undefined;
  const markBroken = (error: Error) => {
    broken ??= error;
  };
  client.on('error', markBroken);
  try {
    return await work(client, markBroken);
  } finally {
    client.off('error', markBroken);
    client.release(broken);
  }
};

export const poolRunner = (pool: pg.Pool): SqlRunner => ({
  query: async <T>(text: string, params?: unknown[]) =>
    (await pool.query(text, params as unknown[])).rows as T[],
  exec: async (text) => {
    await pool.query(text);
  },
  transaction: (work) =>
    withPooledClient(pool, async (client, markBroken) => {
      try {
        await client.query('BEGIN');
        const result = await work(clientRunner(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(markBroken);
        throw error;
      }
    }),
});
