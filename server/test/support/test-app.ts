import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { type App, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { loadSeedIfEmpty } from '../../src/db/seed/load-seed';
import type { Database } from '../../src/platform/db/database';
import { loggerOptions } from '../../src/platform/logging';
import type { TestInfrastructure } from './backends';

export const TEST_ADMIN_PASSWORD = 'Test-Admin-Passw0rd!';
export const DEMO_SEED = path.resolve(import.meta.dirname, '../../seed/demo.json');

/** The demo seed in a test's database, with the test password: for tests that need data, not an app. */
export const loadDemoSeed = (db: Database) =>
  loadSeedIfEmpty(db, { seedFile: DEMO_SEED, adminPassword: TEST_ADMIN_PASSWORD, dataDir: tmpdir() });

export interface TestApp extends App {
  config: Config;
  /** Every log line the app wrote, as raw JSON text: tests assert secrets never appear. */
  logLines: string[];
}

/** The real application on a test backend, with the demo seed loaded and its log captured. */
export const startTestApp = async (
  infra: Pick<TestInfrastructure, 'db' | 'store' | 'pubsub'>,
  env: Record<string, string> = {},
  /** Serve the pages of WEB_DIST_DIR too (off: API tests need no build of the web). */
  { serveWeb = false }: { serveWeb?: boolean } = {},
): Promise<TestApp> => {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'uniwim-test-')),
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    // Issue 16: the hourly log maintenance would write rollups and runs in the middle of a test.
    LOG_MAINTENANCE: 'off',
    ...env,
  });
  await loadSeedIfEmpty(infra.db, {
    seedFile: config.seedFile,
    adminPassword: TEST_ADMIN_PASSWORD,
    dataDir: config.dataDir,
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const options = loggerOptions(config.logLevel) as pino.LoggerOptions;
  const logger = pino(options, sink);
  const app = await buildApp({ config, ...infra, logger, serveWeb });
  return { ...app, config, logLines };
};
