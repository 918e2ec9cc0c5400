import type { ScenarioResult } from '../scenario';
import { loadSettings } from '../settings';
import { BARE_ROUTE_PATH, startBareRouteServer } from './bare-route-server';
import type { ChildServer } from './child-server';
import { formatPercent, formatRate } from './format';
import { loadTable, measureAlternating } from './load';
import { type PlatformServer, startPlatformServer } from './platform-server';
import { assertExpectedResponse, type BodyParser, okEnvelope } from './response-check';

/** What bare-route-app.mjs answers. */
const bareEnvelope = okEnvelope((response) => (response === 'pong' ? undefined : 'expected Response "pong"'));

export interface EndpointUnderLoad {
  /** e.g. "GET /ump/cfg-encrypt?tenant=water" */
  label: string;
  /** Path and query on the platform server. */
  path: string;
  /** Parser for the whole answer (envelope included). */
  body: BodyParser;
  extraCheck?: (body: unknown) => string | undefined;
  /** Budget: the endpoint's req/s divided by the bare route's must be at least this. */
  minRatio: number;
  /** Runs once the server is ready, before the check; returns headers for every request (e.g. a token). */
  prepare?: (server: PlatformServer) => Promise<Record<string, string>>;
}

/**
 * Starts the bare Fastify route and the real server (both child processes, both idle between their
 * turns), checks one answer of each, then loads them one after the other, never at once (the machine
 * has two cores), alternating rounds with the same settings, and checks the ratio of their req/s.
 */
export const compareWithBareRoute = async (endpoint: EndpointUnderLoad): Promise<ScenarioResult> => {
  const started: ChildServer[] = [];
  try {
    const bare = await startBareRouteServer();
    started.push(bare);
    const platform = await startPlatformServer();
    started.push(platform);

    const bareUrl = `${bare.url}${BARE_ROUTE_PATH}`;
    await assertExpectedResponse({ url: bareUrl, body: bareEnvelope });
    const headers = (await endpoint.prepare?.(platform)) ?? {};
    const url = `${platform.url}${endpoint.path}`;
    await assertExpectedResponse({ url, headers, body: endpoint.body, extraCheck: endpoint.extraCheck });

    const [baseline, subject] = await measureAlternating([
      { label: `bare route (GET ${BARE_ROUTE_PATH})`, url: bareUrl },
      { label: endpoint.label, url, headers },
    ]);
    const ratio = subject!.requestsPerSecond / baseline!.requestsPerSecond;
    const { connections, durationSeconds, warmupSeconds, rounds } = loadSettings;
    return {
      checks: [
        {
          measured: `${formatPercent(ratio)} of the bare route (${formatRate(subject!.requestsPerSecond)} vs ${formatRate(baseline!.requestsPerSecond)} req/s)`,
          budget: `≥ ${formatPercent(endpoint.minRatio)} of the bare route's req/s`,
          passed: ratio >= endpoint.minRatio,
        },
      ],
      tables: [
        loadTable(
          `${connections} connections; ${warmupSeconds} s warm-up, then ${rounds} × ${durationSeconds / rounds} s per target, alternating`,
          baseline!,
          [subject!],
        ),
      ],
    };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
};
