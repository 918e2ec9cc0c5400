/**
 * Messages between the server's main thread and the worker thread that owns the embedded PGlite
 * database. Every request carries an id; the worker answers each one exactly once. Both sides send
 * arrays: the requests (or answers) of one turn of the event loop travel together.
 */

/** A query's result as PGlite returns it; the worker sends it back by structured clone. */
export interface WorkerResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export type WorkerRequest =
  | {
      id: number;
      op: 'query';
      /** The transaction the query belongs to; none runs it on its own. */
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Types whose values come back as the server's text, for the caller's own parsers. */
      rawTypes: number[];
    }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  /**
   * Opens transaction `tx` (numbered by the HTTP thread) and runs `setup` in it (the scope). Its queries
   * follow without waiting for the answer, which comes once both are done: every message waited for is
   * a wait between threads.
   */
  | { id: number; op: 'begin'; tx: number; setup?: string }
  /** A script run in a transaction of its own, committed (or rolled back on error) in one message. */
  | { id: number; op: 'transaction'; sql: string }
  /**
   * One read statement in a read-only transaction of its own, after `setup` (the scope), in one
   * message: the transaction never waits on the HTTP thread, whose other requests would hold it open.
   */
  | { id: number; op: 'read'; setup: string; sql: string; params: unknown[]; reusePlan: boolean }
  /** Commits (or rolls back) a transaction; the answer comes when it is over. */
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

/** A database error's fields (code, constraint, detail…) survive the trip; the class does not. */
export interface WorkerError {
  message: string;
  name?: string;
  [field: string]: unknown;
}

export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError };

export interface WorkerOptions {
  /** PGlite's data directory; none means in memory. */
  dataPath?: string;
  /** A saved empty cluster (an uncompressed tar) to start a new database from. */
  templateFile?: string;
  /**
   * A prepared data directory to copy into a new dataPath instead (cheaper than unpacking the template):
   * the build's, with the migrations applied and the demo seed loaded.
   */
  preparedDataDir?: string;
}

/** Where the database's files came from: already there, a copy of the prepared directory, the template, or initdb. */
export type DatabaseOrigin = 'existing' | 'prepared' | 'template' | 'new';

/** The worker's first message: the database is open (or could not be). */
export type WorkerReady = { ready: true; origin: DatabaseOrigin } | { ready: false; error: WorkerError };
