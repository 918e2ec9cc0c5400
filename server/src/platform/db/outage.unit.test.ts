import { describe, expect, it } from 'vitest';
import { ServiceUnavailableError } from '../unavailable';
import { databaseCall, isDatabaseOutage } from './outage';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseOutage', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'a server shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['no connection slot left (53300)', withCode('53300', 'sorry, too many clients already')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool giving up waiting', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['drizzle wrapping the driver', new Error('Failed query: select 1', { cause: withCode('ECONNREFUSED') })],
    ['one error per address tried', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('recognises %s', (_case, error) => {
    expect(isDatabaseOutage(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['text PostgreSQL cannot store', withCode('22021', 'invalid byte sequence for encoding "UTF8": 0x00')],
    ['a syntax error', withCode('42601')],
    ['a row-level security refusal', withCode('42501')],
    ['a bug', new TypeError('cannot read properties of undefined')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('leaves alone %s', (_case, error) => {
    expect(isDatabaseOutage(error)).toBe(false);
  });
});

describe('databaseCall', () => {
  it('turns an outage into DATABASE_UNAVAILABLE, keeping the driver error as the cause', async () => {
    const refused = withCode('ECONNREFUSED');
    const failure = await databaseCall(() => Promise.reject(refused)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceUnavailableError);
    expect(failure).toMatchObject({ errorName: 'DATABASE_UNAVAILABLE', status: 503, cause: refused });
  });

  it('passes any other error through unchanged', async () => {
    const duplicate = withCode('23505');
    await expect(databaseCall(() => Promise.reject(duplicate))).rejects.toBe(duplicate);
  });

  it('keeps a store outage met inside a transaction as it is', async () => {
    const storeOutage = new ServiceUnavailableError('store', new Error('Connection is closed.'));
    await expect(databaseCall(() => Promise.reject(storeOutage))).rejects.toBe(storeOutage);
  });
});
