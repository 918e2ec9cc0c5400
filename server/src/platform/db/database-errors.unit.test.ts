import { describe, expect, it } from 'vitest';
import {
  describeDatabaseError,
  isPrimaryKeyDuplicate,
  isRefusedRow,
  sqlStateOf,
  UnstorableValueError,
} from './database-errors';

const pgError = (code: string, message = 'refused') => Object.assign(new Error(message), { code });
/** How drizzle wraps a driver's error: the statement and its parameters in the message. */
const drizzleWrapped = (cause: unknown) =>
  Object.assign(new Error('Failed query: insert into "login_logs" ... params: secret'), { cause });

describe('database errors', () => {
  it('counts data exceptions, constraint violations and program limits as refused rows', () => {
    for (const code of ['22021', '22P05', '22001', '23505', '23514', '23502', '54000']) {
      expect(isRefusedRow(pgError(code)), code).toBe(true);
    }
  });

  it('counts everything else as the database being unavailable', () => {
    for (const error of [
      pgError('08006'),
      pgError('57P01'),
      pgError('53300'),
      pgError('42P01'),
      pgError('ECONNREFUSED'),
      pgError('EPIPE'),
      new Error('timeout exceeded when trying to connect'),
      'a string',
      null,
    ]) {
      expect(isRefusedRow(error)).toBe(false);
    }
  });

  it('finds the SQLSTATE and the explaining message along the cause chain', () => {
    const wrapped = { name: 'ServiceUnavailable', cause: drizzleWrapped(pgError('23505', 'duplicate key')) };
    expect(sqlStateOf(wrapped)).toBe('23505');
    expect(isRefusedRow(wrapped)).toBe(true);
    expect(describeDatabaseError(drizzleWrapped(pgError('23505', 'duplicate key')))).toEqual({
      sqlState: '23505',
      message: 'duplicate key',
    });
    // No SQLSTATE: the root cause's message, never the statement with its parameters.
    expect(describeDatabaseError(drizzleWrapped(new Error('Connection terminated')))).toEqual({
      sqlState: null,
      message: 'Connection terminated',
    });
    expect(sqlStateOf(pgError('EPIPE'))).toBeNull();
  });

  it('recognises a duplicate of a primary key, and only that unique violation', () => {
    const duplicate = (constraint: string) => Object.assign(pgError('23505'), { constraint });
    expect(isPrimaryKeyDuplicate(drizzleWrapped(duplicate('login_logs_pkey')))).toBe(true);
    expect(isPrimaryKeyDuplicate(duplicate('accounts_username_key'))).toBe(false);
    expect(isPrimaryKeyDuplicate(Object.assign(pgError('23514'), { constraint: 'usage_logs_pkey' }))).toBe(
      false,
    );
  });

  it('gives a value refused before sending the SQLSTATE PostgreSQL answers for it', () => {
    const error = new UnstorableValueError();
    expect(sqlStateOf(error)).toBe('22021');
    expect(isRefusedRow(error)).toBe(true);
  });
});
