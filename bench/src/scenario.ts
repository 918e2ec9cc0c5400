/** A table of figures a scenario wants printed beside its verdict. */
export interface Table {
  title: string;
  columns: string[];
  rows: string[][];
}

/** One budget of an issue, checked against what was measured in this run. */
export interface BudgetCheck {
  /** What was measured, in one line (for ratios: both figures and the ratio). */
  measured: string;
  /** The budget in words, e.g. "≥ 50% of the bare route's req/s". */
  budget: string;
  passed: boolean;
}

export interface ScenarioResult {
  checks: BudgetCheck[];
  tables: Table[];
}

/**
 * One file per scenario under src/scenarios/. A scenario starts what it needs (helpers in src/lib),
 * measures its subject beside a baseline in the same run, and stops everything it started.
 */
export interface Scenario {
  /** Short name the runner filters on: `npm run bench -- cfg`. */
  name: string;
  /** One line: what is measured against what. */
  description: string;
  run(): Promise<ScenarioResult>;
}

/**
 * Thrown when a measurement cannot be trusted (a request errored, answered non-2xx, the answer was
 * not the expected envelope, the page is not built...). The runner prints the message and fails.
 */
export class ScenarioFailure extends Error {}
