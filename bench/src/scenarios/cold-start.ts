import { startBareRouteServer } from '../lib/bare-route-server';
import { formatSeconds, median } from '../lib/format';
import { startPlatformServer } from '../lib/platform-server';
import { coldStartRoot } from '../lib/scratch';
import { ensureServerBuild } from '../lib/server-build';
import type { Scenario } from '../scenario';

const RUNS = 5;
/** The platform's median may take at most this many times the bare Fastify process's median. */
const BUDGET_RATIO = 6;

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
  description:
    `Spawn the compiled server (node server/dist/main.js) on a fresh empty DATA_DIR (PGlite, demo seed) until ` +
    `GET /readyz = 200, and a bare Fastify JavaScript file the same way, ${RUNS} times each; ` +
    `budget: platform median ≤ ${BUDGET_RATIO} × bare median`,
  run: async () => {
    ensureServerBuild();
    const scratchRoot = coldStartRoot();
    const runs: ColdStartRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Baseline beside each run: a bare Fastify app, plain JavaScript started by plain node as well.
      const bare = await startBareRouteServer();
      await bare.stop();
      const platform = await startPlatformServer({}, scratchRoot);
      await platform.stop();
      runs.push({
        platformMs: platform.readyAfterMs,
        insideStartMs: reportedReadyMs(platform.output()),
        bareMs: bare.readyAfterMs,
      });
    }
    const platformMedianMs = median(runs.map((run) => run.platformMs));
    const bareMedianMs = median(runs.map((run) => run.bareMs));
    const ratio = platformMedianMs / bareMedianMs;
    const optionalSeconds = (ms: number | undefined) => (ms === undefined ? '?' : formatSeconds(ms));
    return {
      checks: [
        {
          measured:
            `median ${formatSeconds(platformMedianMs)} (${runs.map((run) => formatSeconds(run.platformMs)).join(', ')}) = ` +
            `${ratio.toFixed(1)} × the bare Fastify process (median ${formatSeconds(bareMedianMs)})`,
          budget: `median ≤ ${BUDGET_RATIO} × bare median to first /readyz 200`,
          passed: ratio <= BUDGET_RATIO,
        },
      ],
      tables: [
        {
          title:
            'spawn → first GET /readyz 200, both plain node on JavaScript; "in start()" is what main.ts reports ' +
            '(database, seed, app), "before start()" is node start-up and loading main.js; data directories in ' +
            scratchRoot,
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
            ['median', formatSeconds(platformMedianMs), '', '', formatSeconds(bareMedianMs)],
          ],
        },
      ],
    };
  },
};
