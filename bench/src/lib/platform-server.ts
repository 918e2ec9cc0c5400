import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ChildServer, startChildServer } from './child-server';
import { discardLater } from './scratch';
import { ensureServerBuild } from './server-build';

/** The seeded platform admin ("admin" in server/seed/demo.json) signs in with this password. */
export const BENCH_ADMIN_PASSWORD = 'bench-Admin-Passw0rd';

export interface PlatformServer extends ChildServer {
  dataDir: string;
}

/**
 * Starts the real server exactly as `npm start` would (node server/dist/main.js, the compiled server),
 * on a fresh empty DATA_DIR (embedded PGlite, demo seed, in-memory store), and removes the directory on
 * stop. Builds the server first if its build is missing.
 */
export const startPlatformServer = async (
  extraEnv: Record<string, string> = {},
  /** Where its data directory is made (the OS's temporary folder unless given). */
  scratchRoot = tmpdir(),
): Promise<PlatformServer> => {
  ensureServerBuild();
  const dataDir = await mkdtemp(path.join(scratchRoot, 'uniwim-bench-'));
  try {
    const server = await startChildServer({
      name: 'platform server',
      nodeArgs: ['server/dist/main.js'],
      env: {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        // Empty means unset to the server: no external PostgreSQL or Redis from the caller's shell.
        DATABASE_URL: '',
        REDIS_URL: '',
        PUBLIC_URL: '',
        SEED_FILE: '',
        ...extraEnv,
      },
      cleanup: () => discardLater(dataDir),
    });
    return Object.assign(server, { dataDir });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
};
