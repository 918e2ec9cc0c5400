import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatKb } from '../lib/format';
import { scriptFilesOfPage } from '../lib/page-scripts';
import { inRepo } from '../lib/paths';
import { type Scenario, ScenarioFailure } from '../scenario';

/** 200 kB of 1,000 bytes, the stricter reading, as web/scripts/check-bundle-budget.mjs counts. */
const BUDGET_BYTES = 200_000;
const BIGGEST_SHOWN = 8;

export const loginJsSizeScenario: Scenario = {
  name: 'login-js-size',
  description:
    "JavaScript the sign-in page loads up front (scripts, modulepreloads, the entry's interface chunks, static imports), gzip -9; budget < 200 kB",
  run: async () => {
    const distDir = inRepo('web', 'dist');
    const page = path.join(distDir, 'login.html');
    if (!existsSync(page)) {
      throw new ScenarioFailure(
        'web/dist/login.html not built (run npm run build -w web, or npm run bench from the root)',
      );
    }
    const files = await scriptFilesOfPage(distDir, page).catch((error: Error) => {
      throw new ScenarioFailure(`web/dist/login.html: ${error.message}`);
    });
    if (files.length === 0)
      throw new ScenarioFailure('web/dist/login.html loads no script; is the build complete?');
    const sizes = await Promise.all(
      files.map(async (file) => {
        const content = await readFile(file);
        return {
          file: path.relative(distDir, file),
          raw: content.length,
          gzipped: gzipSync(content, { level: 9 }).length,
        };
      }),
    );
    sizes.sort((a, b) => b.gzipped - a.gzipped);
    const total = sizes.reduce((sum, size) => sum + size.gzipped, 0);
    const rawTotal = sizes.reduce((sum, size) => sum + size.raw, 0);
    const shown = sizes.slice(0, BIGGEST_SHOWN);
    return {
      checks: [
        {
          measured: `${formatKb(total)} gzipped in ${sizes.length} file(s) (${formatKb(rawTotal)} raw)`,
          budget: `< ${formatKb(BUDGET_BYTES)} gzipped`,
          passed: total < BUDGET_BYTES,
        },
      ],
      tables: [
        {
          title: `biggest of the ${sizes.length} script(s) web/dist/login.html loads up front`,
          columns: ['file', 'raw', 'gzip -9', 'share'],
          rows: [
            ...shown.map((size) => [
              size.file,
              formatKb(size.raw),
              formatKb(size.gzipped),
              `${((size.gzipped / total) * 100).toFixed(1)}%`,
            ]),
            ['total', formatKb(rawTotal), formatKb(total), '100.0%'],
          ],
        },
      ],
    };
  },
};
