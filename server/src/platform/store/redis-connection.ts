import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  /** Shown by CLIENT LIST, so an operator can tell which instance and role holds a connection. */
  connectionName: string;
  /**
   * The first error of an outage (lost connection, failed reconnect); ioredis keeps reconnecting
   * meanwhile, and the failed attempts that follow are not reported again until the connection is back.
   */
  onError: (error: Error) => void;
  /** The connection is back after an outage reported through onError; defaults to a console line. */
  onRestored?: (downtimeMs: number) => void;
}

/**
 * How long a command may wait for its reply. Redis answers in well under a millisecond, so a
 * command still unanswered after this is stuck on a connection that is dead without knowing it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** No data at all this long after a write: the socket is destroyed, so ioredis reconnects. */
const SOCKET_TIMEOUT_MS = 2 * REDIS_COMMAND_TIMEOUT_MS;
/** Upper bound of the pause between reconnect attempts: how late recovery may be noticed. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export const DEFAULT_NAMESPACE = 'uniwim:';

export const reportRedisErrorToConsole = (error: Error): void => {
  console.warn(`[redis] connection lost (${error.message}); reconnecting, requests answer 503 meanwhile`);
};

const reportRestoredToConsole = (downtimeMs: number): void => {
  console.warn(`[redis] connection restored after ${downtimeMs} ms`);
};

/**
 * Connects and waits until Redis answers, so a wrong REDIS_URL stops start-up with a clear message
 * instead of surfacing later as requests that hang or fail one by one.
 */
export async function openRedisConnection(url: string, options: RedisConnectionOptions): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: toConnectionName(options.connectionName),
    connectTimeout: 5_000,
    // During an outage a command fails at once instead of waiting in a queue for the reconnect, so
    // requests answer 503 STORE_UNAVAILABLE within a second; a command in flight when the connection
    // drops fails too rather than being sent again (an INCR must not count twice). ioredis keeps
    // reconnecting in the background, so the store recovers by itself.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
  });
  let startupError: Error | undefined;
  const rememberStartupError = (error: Error) => {
    startupError = error;
  };
  client.on('error', rememberStartupError);
  try {
    await client.connect();
  } catch (error) {
    // Otherwise ioredis keeps retrying in the background and the process never exits.
    client.disconnect();
    // connect() itself only says "Connection is closed."; the error event carries the reason.
    const cause = startupError ?? error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`Cannot connect to Redis at ${describeRedisUrl(url)}: ${reason}`, { cause });
  } finally {
    client.off('error', rememberStartupError);
  }
  reportOutagesOnce(client, options.onError, options.onRestored ?? reportRestoredToConsole);
  return client;
}

/** One report when an outage starts and one when it ends, rather than one per reconnect attempt. */
function reportOutagesOnce(
  client: Redis,
  onError: (error: Error) => void,
  onRestored: (downtimeMs: number) => void,
): void {
  let outageStartedAt: number | undefined;
  client.on('error', (error: Error) => {
    if (outageStartedAt !== undefined) return;
    outageStartedAt = Date.now();
    onError(error);
  });
  client.on('ready', () => {
    if (outageStartedAt === undefined) return;
    const downtimeMs = Date.now() - outageStartedAt;
    outageStartedAt = undefined;
    onRestored(downtimeMs);
  });
}

/** Waits for pending replies, but never hangs on a connection that is already broken. */
export async function closeRedisConnection(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    client.disconnect();
  }
}

/** The URL without credentials, safe for logs and error messages. */
function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparseable REDIS_URL)';
  }
}

/** Redis refuses names with spaces or control characters. */
function toConnectionName(name: string): string {
  return name.replace(/[^!-~]/g, '_');
}
