import { failingAsUnavailable } from '../unavailable';

// The socket could not be opened or was cut: the server is down or unreachable.
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs of a server that cannot serve: class 08 connection exception, shutting down
// (57P01 admin, 57P02 crash), starting up (57P03), no connection slot left (53300).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;

// What node-postgres and its pool say when a connection cannot be had or is lost; they carry no code.
const DRIVER_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
];

interface DriverError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * Whether a failed database call means PostgreSQL cannot be reached or cannot serve, rather than a
 * refused statement. Looks through wrappers: drizzle puts the driver's error in `cause`, and a connect
 * to several addresses fails with an AggregateError of one error per address.
 */
export const isDatabaseOutage = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as DriverError;
  if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
    return true;
  if (typeof message === 'string' && DRIVER_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
    return true;
  }
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseOutage(inner, depth + 1))) return true;
  return isDatabaseOutage(cause, depth + 1);
};

/** Runs database work; an outage rejects with ServiceUnavailableError (DATABASE_UNAVAILABLE). */
export const databaseCall = <T>(work: () => Promise<T>): Promise<T> =>
  failingAsUnavailable('database', isDatabaseOutage, work);
