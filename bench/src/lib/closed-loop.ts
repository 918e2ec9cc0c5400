import http from 'node:http';
import { ScenarioFailure } from '../scenario';

export interface ClosedLoopResult {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * `clients` clients in a closed loop (each sends its next request when the answer arrived), over
 * keep-alive connections, for `seconds`; every latency is kept, so percentiles are exact (autocannon
 * reports p90 and p97.5, not the p95 a budget may name). Every answer is checked: an error answer
 * must never pass for a fast one.
 */
export const closedLoop = async (options: {
  url: string;
  headers: Record<string, string>;
  clients: number;
  seconds: number;
  /** Sees the whole body of the first answer and of every `checkEvery`th (default 50). */
  check(status: number, body: string): void;
  /** Sees the status and the first chunk of the body of the other answers. */
  quickCheck(status: number, bodyStart: string): void;
  checkEvery?: number;
}): Promise<ClosedLoopResult> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const latencies: number[] = [];
  const deadline = performance.now() + options.seconds * 1000;
  let answers = 0;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const start = performance.now();
      const request = http.get(options.url, { agent, headers: options.headers }, (response) => {
        // The whole body is read only for the first answer and every `checkEvery`th: the client
        // shares the machine's two cores with the server, and parsing every answer would take a
        // good part of them. The others are checked by status and the envelope's first bytes.
        const full = answers++ % (options.checkEvery ?? 50) === 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (full || chunks.length === 0) chunks.push(chunk);
        });
        response.on('end', () => {
          latencies.push(performance.now() - start);
          try {
            const body = Buffer.concat(chunks).toString('utf8');
            if (full) options.check(response.statusCode ?? 0, body);
            else options.quickCheck(response.statusCode ?? 0, body);
            resolve();
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const client = async () => {
    while (performance.now() < deadline) await once();
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: options.clients }, client));
  } finally {
    agent.destroy();
  }
  const elapsed = (performance.now() - started) / 1000;
  if (latencies.length === 0) throw new ScenarioFailure(`${options.url}: no request finished`);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1)!,
  };
};
