import { ReplyError } from 'ioredis';
import { failingAsUnavailable } from '../unavailable';

// Replies of a Redis that is up but cannot serve yet: loading its data set, or a replica cut off from its master.
const UNAVAILABLE_REPLY = /^(LOADING|MASTERDOWN|TRYAGAIN)\b/;

/**
 * Whether a failed Redis command means Redis cannot be reached. Every error ioredis raises itself (no
 * writable connection, connection closed, command timed out, retries exhausted) does; an error Redis
 * replied with (a script error, a wrong type) is about the command and stays as it is.
 */
export const isRedisOutage = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error instanceof ReplyError) return UNAVAILABLE_REPLY.test(error.message);
  return true;
};

/** Runs one Redis call; an outage rejects with ServiceUnavailableError (STORE_UNAVAILABLE). */
export const redisCall = <T>(call: () => Promise<T>): Promise<T> =>
  failingAsUnavailable('store', isRedisOutage, call);
