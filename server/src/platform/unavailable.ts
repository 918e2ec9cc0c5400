import { AppError } from './errors';

export type ExternalService = 'store' | 'database';

/** Seconds a client should wait before retrying after a 503: about how long a reconnect takes. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The store (Redis) or the database cannot be reached. An outage is not a bug: the store and database
 * layers throw this instead of the driver's error, so every route answers 503 with a typed code
 * (STORE_UNAVAILABLE, DATABASE_UNAVAILABLE) and Retry-After, and the driver's error stays as the cause.
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    readonly service: ExternalService,
    cause: unknown,
  ) {
    super(service === 'store' ? 'STORE_UNAVAILABLE' : 'DATABASE_UNAVAILABLE');
    this.cause = cause;
  }
}

export const isServiceUnavailable = (error: unknown): error is ServiceUnavailableError =>
  error instanceof ServiceUnavailableError;

/** Runs `work`, replacing an error that `isOutage` recognises by a ServiceUnavailableError. */
export const failingAsUnavailable = async <T>(
  service: ExternalService,
  isOutage: (error: unknown) => boolean,
  work: () => Promise<T>,
): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (!isServiceUnavailable(error) && isOutage(error)) throw new ServiceUnavailableError(service, error);
    throw error;
  }
};
