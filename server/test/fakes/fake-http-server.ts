import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeAnswer {
  status: number;
  json?: unknown;
}

/** 'hang' keeps the connection open without answering, to exercise client timeouts. */
export type FakeHandler = (request: ReceivedRequest) => FakeAnswer | 'hang';

export interface FakeHttpServer {
  /** http://127.0.0.1:<port>, the only kind of plain-http endpoint the settings accept. */
  origin: string;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1 and a free port, answering JSON through `handle`. */
export const startFakeHttpServer = async (handle: FakeHandler): Promise<FakeHttpServer> => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = handle({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (answer === 'hang') return;
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' });
      res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hung requests would otherwise keep close() waiting forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
