/**
 * Telling a row the database refuses from a database that cannot be reached, for writers that must
 * set the first aside and retry only the second. PostgreSQL and PGlite report the same SQLSTATE in an
 * error's `code`; drizzle wraps the driver's error (DrizzleQueryError) and the outage mapping wraps it
 * again (ServiceUnavailableError), so the code is looked for along the `cause` chain.
 */

/** PostgreSQL's classes are two digits or F0, HV, P0, XX; Node's socket codes (EPIPE) are not SQLSTATEs. */
const SQLSTATE = /^(?:[0-9]{2}|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/**
 * SQLSTATE classes that blame the data of the statement, not the server: 22 data exception (a NUL in
 * text, a value out of range, bad JSON), 23 integrity constraint violation (check, unique, not null,
 * foreign key) and 54 program limit exceeded (an index entry too large). Written again, the same rows
 * fail again; everything else (08 connection, 57P0x shutdown, 53 resources, timeouts, socket errors)
 * may pass later.
 */
const REFUSED_ROW_CLASSES = new Set(['22', '23', '54']);

/** How deep to follow `cause`: the wrappers above add at most two levels. */
const MAX_CAUSE_DEPTH = 5;

/**
 * The error that explains a failure: the first along the `cause` chain that carries an SQLSTATE, else
 * the root cause (a socket error, a closed pool). Its message is the server's or driver's own, without
 * the statement and parameters a wrapper such as DrizzleQueryError puts in its message.
 */
const explainingErrorOf = (error: unknown): { code: string | null; error: unknown } => {
  let current: unknown = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && SQLSTATE.test(code)) return { code, error: current };
    const cause = (current as { cause?: unknown }).cause;
    if (!(cause instanceof Object)) break;
    current = cause;
  }
  return { code: null, error: current };
};

/** The SQLSTATE of a database error, found on the error or one of its causes; null when there is none. */
export const sqlStateOf = (error: unknown): string | null => explainingErrorOf(error).code;

/** True when the database refused the data itself: writing the same rows again cannot succeed. */
export const isRefusedRow = (error: unknown): boolean => {
  const state = sqlStateOf(error);
  return state !== null && REFUSED_ROW_CLASSES.has(state.slice(0, 2));
};

/**
 * A unique violation of a table's primary key (PostgreSQL names it `<table>_pkey`). Log rows get random
 * ids, so this means the row is stored already: an earlier write committed but its answer was lost
 * to a connection failure, and the retry sent the row again.
 */
export const isPrimaryKeyDuplicate = (error: unknown): boolean => {
  const explaining = explainingErrorOf(error);
  const constraint = (explaining.error as { constraint?: unknown } | null)?.constraint;
  return explaining.code === '23505' && typeof constraint === 'string' && constraint.endsWith('_pkey');
};

/** PostgreSQL's SQLSTATE for text it cannot store (a NUL character in a text value). */
export const CHARACTER_NOT_IN_REPERTOIRE = '22021';

/**
 * Thrown before a statement is sent when a value cannot be written at all, with the SQLSTATE
 * PostgreSQL itself answers for it, so callers classify it like the server's own refusal.
 */
export class UnstorableValueError extends Error {
  readonly code = CHARACTER_NOT_IN_REPERTOIRE;

  constructor(message = 'invalid byte sequence for encoding "UTF8": 0x00') {
    super(message);
    this.name = 'UnstorableValueError';
  }
}

/** SQLSTATE and message of a failure, fit for logs, counters and the dead-letter table. */
export const describeDatabaseError = (error: unknown): { sqlState: string | null; message: string } => {
  const explaining = explainingErrorOf(error);
  const message = explaining.error instanceof Error ? explaining.error.message : String(explaining.error);
  return { sqlState: explaining.code, message: message.slice(0, 500) };
};
