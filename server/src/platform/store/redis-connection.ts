import { Redis } from 'ioredis';

export interface RedisConnectionOptions {
  /** Shown by CLIENT LIST, so an operator can tell which instance and role holds a connection. */
  connectionName: string;
  /** Errors after start-up (lost connection, failed reconnect); ioredis keeps reconnecting meanwhile. */
  onError: (error: Error) => void;
}

export const DEFAULT_NAMESPACE = 'uniwim:';

export const reportRedisErrorToConsole = (error: Error): void => {
  console.error(`[redis] ${error.message}`);
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
    // During an outage a request should fail within seconds rather than queue indefinitely.
    maxRetriesPerRequest: 3,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
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
  client.on('error', options.onError);
  return client;
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
