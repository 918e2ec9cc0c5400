import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that run for minutes. Without timings from an earlier run (a fresh clone, as on CI)
 * vitest starts the largest files first, and the fuzz suite's small file started last: the other
 * worker had long finished while it ran on alone. Started first, the rest fills the other worker.
 */
const LONG_RUNNING = ['server/test/fuzz/openapi-fuzz.int.test.ts'];

class LongRunningFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_RUNNING.some((name) => file.moduleId.endsWith(name));
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Within its project's group only: the unit tests still run before the integration tests.
    return sorted
      .map((file, index) => ({ file, index }))
      .sort(
        (a, b) =>
          group(a.file) - group(b.file) || Number(long(b.file)) - Number(long(a.file)) || a.index - b.index,
      )
      .map(({ file }) => file);
  }
}

// Two projects: fast pure unit tests, and server integration tests that start real databases.
export default defineConfig({
  test: {
    sequence: { sequencer: LongRunningFirst },
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            'packages/*/src/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
            'server/src/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['server/src/**/*.int.test.ts', 'server/test/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
