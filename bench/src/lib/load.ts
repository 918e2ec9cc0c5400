import autocannon from 'autocannon';
import { ScenarioFailure, type Table } from '../scenario';
import { loadSettings } from '../settings';
import { formatMs, formatPercent, formatRate } from './format';

export interface LoadTarget {
  /** Row label, e.g. "GET /ump/key" or "bare route (GET /bare)". */
  label: string;
  url: string;
  headers?: Record<string, string>;
  /**
   * Requests each connection cycles through instead of plain GETs of `url` (method, path, headers, body,
   * or a setupRequest that builds each request as it goes out). Paths are on url's host.
   */
  requests?: autocannon.Request[];
  /** Concurrent connections for this target; loadSettings.connections when absent. */
  connections?: number;
}

export interface LoadStats {
  label: string;
  /** All measured requests over all measured seconds. */
  requestsPerSecond: number;
  /** Each round's req/s, to show how steady the machine was. */
  roundRequestsPerSecond: number[];
  /** Latency percentiles of the worst round. */
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

const fire = (target: LoadTarget, durationSeconds: number) =>
  autocannon({
    url: target.url,
    headers: target.headers,
    requests: target.requests,
    connections: target.connections ?? loadSettings.connections,
    duration: durationSeconds,
    timeout: 10,
  });

type AutocannonResult = Awaited<ReturnType<typeof fire>>;

/** Fails the scenario loudly: a fast error answer must never pass for a fast endpoint. */
const assertClean = (target: LoadTarget, result: AutocannonResult, phase: string) => {
  if (result.errors > 0 || result.non2xx > 0) {
    throw new ScenarioFailure(
      `${target.label} (${phase}): ${result.errors} request(s) errored or timed out and ${result.non2xx} ` +
        `answered non-2xx; status counts ${JSON.stringify(result.statusCodeStats ?? {})}`,
    );
  }
};

/**
 * Runs autocannon inside the bench process against each target in turn, never two at once: one warm-up
 * per target, then `rounds` measured slices alternating between the targets (B S B S ...).
 */
export const measureAlternating = async (targets: LoadTarget[]): Promise<LoadStats[]> => {
  const { rounds, durationSeconds, warmupSeconds } = loadSettings;
  for (const target of targets) assertClean(target, await fire(target, warmupSeconds), 'warm-up');
  const results = targets.map((): AutocannonResult[] => []);
  for (let round = 1; round <= rounds; round++) {
    for (const [index, target] of targets.entries()) {
      const result = await fire(target, durationSeconds / rounds);
      assertClean(target, result, `round ${round}`);
      results[index]!.push(result);
    }
  }
  return targets.map((target, index) => {
    const own = results[index]!;
    const totalRequests = own.reduce((sum, r) => sum + r.requests.total, 0);
    const seconds = own.reduce((sum, r) => sum + r.duration, 0);
    return {
      label: target.label,
      requestsPerSecond: totalRequests / seconds,
      roundRequestsPerSecond: own.map((r) => r.requests.total / r.duration),
      p50Ms: Math.max(...own.map((r) => r.latency.p50)),
      p99Ms: Math.max(...own.map((r) => r.latency.p99)),
      totalRequests,
      errors: own.reduce((sum, r) => sum + r.errors, 0),
      non2xx: own.reduce((sum, r) => sum + r.non2xx, 0),
    };
  });
};

/** The load table: the baseline row, then each subject row with its ratio to the baseline. */
export const loadTable = (title: string, baseline: LoadStats, subjects: LoadStats[]): Table => {
  const row = (stats: LoadStats, ratio: string) => [
    stats.label,
    formatRate(stats.requestsPerSecond),
    stats.roundRequestsPerSecond.map(formatRate).join(' / '),
    formatMs(stats.p50Ms),
    formatMs(stats.p99Ms),
    String(stats.errors),
    String(stats.non2xx),
    ratio,
  ];
  const ratioOf = (subject: LoadStats) =>
    `${formatPercent(subject.requestsPerSecond / baseline.requestsPerSecond)} (${subject.roundRequestsPerSecond
      .map((rate, round) => formatPercent(rate / baseline.roundRequestsPerSecond[round]!))
      .join(' / ')})`;
  return {
    title,
    columns: [
      'target',
      'req/s',
      'per round',
      'p50 ms',
      'p99 ms',
      'errors',
      'non-2xx',
      'vs baseline (per round)',
    ],
    rows: [row(baseline, 'baseline'), ...subjects.map((subject) => row(subject, ratioOf(subject)))],
  };
};
