/**
 * npm run bench [-- <filter> ...]   runs every scenario, or those whose name contains a filter
 * npm run bench -- --list           lists the scenarios
 * Environment: BENCH_DURATION (s per target, default 10), BENCH_ROUNDS (default 2), BENCH_WARMUP (s, default 2),
 *              BENCH_CONNECTIONS (default 50), BENCH_SIGNIN_CONNECTIONS (sign-in only, default 8),
 *              BENCH_CPU_PROF (directory: child servers run with node --cpu-prof and write their profiles there).
 */
import os from 'node:os';
import { stopAllChildServers } from './lib/child-server';
import { emptyTrash } from './lib/scratch';
import { formatTable } from './lib/table';
import { type BudgetCheck, type Scenario, ScenarioFailure } from './scenario';
import { scenarios } from './scenarios';
import { loadSettings } from './settings';

interface Outcome {
  scenario: Scenario;
  checks: BudgetCheck[];
  failure?: string;
}

const print = (line = '') => process.stdout.write(`${line}\n`);

const selectScenarios = (args: string[]): Scenario[] => {
  const filters = args
    .flatMap((arg) => arg.split(','))
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean);
  if (filters.length === 0) return scenarios;
  const unknown = filters.filter((filter) => !scenarios.some((s) => s.name.includes(filter)));
  if (unknown.length > 0) {
    throw new Error(
      `No scenario matches ${unknown.join(', ')}. Scenarios: ${scenarios.map((s) => s.name).join(', ')}`,
    );
  }
  // A filter that names a scenario exactly runs that one only (`access-log` is not also `access-log-list`).
  const matches = (name: string, filter: string) =>
    scenarios.some((s) => s.name === filter) ? name === filter : name.includes(filter);
  return scenarios.filter((scenario) => filters.some((filter) => matches(scenario.name, filter)));
};

const runOne = async (scenario: Scenario): Promise<Outcome> => {
  print(`▶ ${scenario.name}: ${scenario.description}`);
  try {
    const result = await scenario.run();
    for (const table of result.tables)
      print(
        formatTable(table)
          .map((line) => `  ${line}`)
          .join('\n'),
      );
    for (const check of result.checks) {
      print(
        `  ${check.passed ? 'PASS' : 'FAIL'} ${scenario.name}: ${check.measured}; budget ${check.budget}`,
      );
    }
    print();
    return { scenario, checks: result.checks };
  } catch (error) {
    const message =
      error instanceof ScenarioFailure
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    print(`  FAIL ${scenario.name}: ${message}`);
    print();
    return { scenario, checks: [], failure: message.split('\n')[0] };
  } finally {
    await stopAllChildServers();
  }
};

const main = async () => {
  const args = process.argv.slice(2);
  if (args.includes('--list')) {
    for (const scenario of scenarios) print(`${scenario.name.padEnd(16)} ${scenario.description}`);
    return;
  }
  const selected = selectScenarios(args);
  const { connections, durationSeconds, warmupSeconds, rounds } = loadSettings;
  print(
    `Machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
      `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${os.platform()} ${os.release()}, ` +
      `load average ${os.loadavg()[0]!.toFixed(2)} at start`,
  );
  print(
    `Load: autocannon in this process on loopback, ${connections} connections, ${warmupSeconds} s warm-up, ` +
      `then ${durationSeconds} s measured per target in ${rounds} rounds alternating baseline and subject\n`,
  );

  const outcomes: Outcome[] = [];
  for (const scenario of selected) outcomes.push(await runOne(scenario));
  await emptyTrash();

  const rows = outcomes.flatMap((outcome) =>
    outcome.failure !== undefined
      ? [[outcome.scenario.name, outcome.failure.slice(0, 100), '', 'FAIL']]
      : outcome.checks.map((check) => [
          outcome.scenario.name,
          check.measured,
          check.budget,
          check.passed ? 'PASS' : 'FAIL',
        ]),
  );
  print(
    formatTable({ title: 'Summary', columns: ['scenario', 'measured', 'budget', 'result'], rows }).join('\n'),
  );
  const failed = outcomes.filter((o) => o.failure !== undefined || o.checks.some((check) => !check.passed));
  print();
  print(
    failed.length === 0 ? 'All budgets met.' : `FAILED: ${failed.map((o) => o.scenario.name).join(', ')}`,
  );
  process.exitCode = failed.length === 0 ? 0 : 1;
};

process.once('SIGINT', () => {
  void stopAllChildServers()
    .then(emptyTrash)
    .then(() => process.exit(130));
});

main().catch(async (error: unknown) => {
  await stopAllChildServers();
  await emptyTrash();
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 2;
});
