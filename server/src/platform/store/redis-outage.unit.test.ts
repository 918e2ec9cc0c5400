import { ReplyError } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { isRedisOutage, redisCall } from './redis-outage';

describe('isRedisOutage', () => {
  it.each([
    ['no writable connection', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['a closed connection', new Error('Connection is closed.')],
    ['a command timeout', new Error('Command timed out')],
    ['a Redis loading its data set', new ReplyError('LOADING Redis is loading the dataset in memory')],
    ['a replica cut off from its master', new ReplyError('MASTERDOWN Link with MASTER is down')],
  ])('recognises %s', (_case, error) => {
    expect(isRedisOutage(error)).toBe(true);
  });

  it.each([
    ['a wrong type', new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value')],
    ['a script error', new ReplyError('ERR value is not an integer or out of range')],
    ['something that is not an error', 'Connection is closed.'],
  ])('leaves alone %s', (_case, error) => {
    expect(isRedisOutage(error)).toBe(false);
  });
});

describe('redisCall', () => {
  it('turns an outage into STORE_UNAVAILABLE', async () => {
    await expect(redisCall(() => Promise.reject(new Error('Connection is closed.')))).rejects.toMatchObject({
      errorName: 'STORE_UNAVAILABLE',
      status: 503,
    });
  });

  it('passes a reply error through unchanged', async () => {
    const wrongType = new ReplyError('WRONGTYPE Operation against a key holding the wrong kind of value');
    await expect(redisCall(() => Promise.reject(wrongType))).rejects.toBe(wrongType);
  });
});
