import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeE2eSeed } from './support/e2e-seed';
import { port, SEED_ADMIN_PASSWORD } from './support/environment';
import { startServer } from './support/server';

/**
 * Starts the real server on a fresh data directory (so the seed loads) and serves the built web
 * pages; the root `npm run test:e2e` builds them first. The seed is the demo seed plus e2e-only
 * tenants and users (support/e2e-seed.ts).
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'uniwim-e2e-'));
  const seedFile = writeE2eSeed(dataDir);
  const server = await startServer({
    port,
    dataDir,
    env: {
      SEED_ADMIN_PASSWORD,
      SEED_FILE: seedFile,
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    },
  });
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    if (process.env.E2E_KEEP_DATA) console.log(`E2E data kept in ${dataDir} (server log: ${server.logFile})`);
    else rmSync(dataDir, { recursive: true, force: true });
  };
}
