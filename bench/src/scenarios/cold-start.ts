import { startBareRouteServer } from '../lib/bare-route-server';
import { formatSeconds, median } from '../lib/format';
import { ensurePgliteTemplate } from '../lib/pglite-template';
import { startPlatformServer } from '../lib/platform-server';
import type { Scenario } from '../scenario';

const RUNS = 3;
const BUDGET_MS = 5_000;

/** main.ts prints "Platform ready in <n> ms" once listening: the time of start(), after modules have loaded. */
const reportedReadyMs = (output: string): number | undefined => {
  const match = /Platform ready in (\d+) ms/.exec(output);
  return match ? Number(match[1]) : undefined;
};

interface ColdStartRun {
  platformMs: number;
  insideStartMs: number | undefined;
  bareMs: number;
}

export const coldStartScenario: Scenario = {
  name: 'cold-start',
  description: `Spawn the server on a fresh empty DATA_DIR (PGlite, demo seed) until GET /readyz = 200, ${RUNS} times; budget: median < 5 s`,
  run: async () => {
    ensurePgliteTemplate();
    const runs: ColdStartRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Baseline beside each run: the bare Fastify app spawned the same way (node + tsx + fastify).
      const bare = await startBareRouteServer();
      await bare.stop();
      const platform = await startPlatformServer();
      await platform.stop();
      runs.push({
        platformMs: platform.readyAfterMs,
        insideStartMs: reportedReadyMs(platform.output()),
        bareMs: bare.readyAfterMs,
      });
    }
    const medianMs = median(runs.map((run) => run.platformMs));
    const optionalSeconds = (ms: number | undefined) => (ms === undefined ? '?' : formatSeconds(ms));
    return {
      checks: [
        {
          measured: `median ${formatSeconds(medianMs)} (${runs.map((run) => formatSeconds(run.platformMs)).join(', ')})`,
          budget: `median < ${formatSeconds(BUDGET_MS)} to first /readyz 200`,
          passed: medianMs < BUDGET_MS,
        },
      ],
      tables: [
        {
          title:
            'spawn → first GET /readyz 200; "in start()" is what main.ts reports (database, seed, app, keys), ' +
            'the rest is node + tsx + module loading',
          columns: ['run', 'platform server', 'in start()', 'before start()', 'bare Fastify (baseline)'],
          rows: [
            ...runs.map((run, index) => [
              String(index + 1),
              formatSeconds(run.platformMs),
              optionalSeconds(run.insideStartMs),
              optionalSeconds(
                run.insideStartMs === undefined ? undefined : run.platformMs - run.insideStartMs,
              ),
              formatSeconds(run.bareMs),
            ]),
            ['median', formatSeconds(medianMs), '', '', formatSeconds(median(runs.map((run) => run.bareMs)))],
          ],
        },
      ],
    };
  },
};
