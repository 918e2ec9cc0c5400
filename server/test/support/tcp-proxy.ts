import net from 'node:net';

/**
 * A TCP proxy on a local port in front of a real server (Redis, PostgreSQL), so a test can cut the
 * connection and restore it without touching the server itself, which other tests share.
 */
export interface TcpProxy {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlThrough(url: string): string;
  /** Stops listening and drops every open connection: new connections are refused, as from a server that is down. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /**
   * Keeps every connection open but stops passing bytes either way, as a network that drops packets
   * does: nothing is refused or reset, replies just never come.
   */
  stall(): void;
  /** Passes the bytes held back by stall(), and any after them. */
  resume(): void;
  close(): Promise<void>;
}

export const startTcpProxy = async (target: { host: string; port: number }): Promise<TcpProxy> => {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset from either side is what the test wants to provoke, not a failure of the proxy.
    socket.on('error', () => socket.destroy());
  };
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let stalled = false;
  const connect = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    track(client);
    track(upstream);
    pairs.add(pair);
    client.on('close', () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    upstream.on('close', () => client.destroy());
    if (stalled) client.pause();
    else connect(pair);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlThrough: (url) => {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stopListening,
    restore: () => listen(port),
    stall: () => {
      stalled = true;
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    resume: () => {
      stalled = false;
      for (const pair of pairs) connect(pair);
    },
    close: stopListening,
  };
};

/** The host and port a redis:// or postgres:// URL points at. */
export const targetOf = (url: string, defaultPort: number): { host: string; port: number } => {
  const parsed = new URL(url);
  return { host: parsed.hostname || '127.0.0.1', port: Number(parsed.port || defaultPort) };
};
