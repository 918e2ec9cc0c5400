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

export const poolRunner = (pool: pg.Pool): SqlRunner => ({
  query: async <T>(text: string, params?: unknown[]) =>
    (await pool.query(text, params as unknown[])).rows as T[],
  exec: async (text) => {
    await pool.query(text);
  },
  transaction: async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(clientRunner(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  },
});
