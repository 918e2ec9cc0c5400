import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_ROOT } from '../../server-root';
import { type PgliteWorkerClient, startPgliteWorker } from './pglite-worker/client';

/*
 * The database images the build makes (see pglite-template.ts). Here, in a module that loads nothing
 * heavy, so that start-up can open the embedded database before the rest of the server loads.
 */

/** The saved empty cluster with the build's migrations (an uncompressed tar): in-memory databases, other seeds. */
export const PGLITE_TEMPLATE_FILE = path.join(SERVER_ROOT, 'dist', 'pglite-template.tar');

/**
 * A data directory with the build's migrations applied and the demo seed loaded, except the users'
 * passwords: the first start sets them (see load-seed.ts). Copying it is the cheapest way to a new
 * database on disk.
 */
export const PREPARED_DATA_DIR = path.join(SERVER_ROOT, 'dist', 'pglite-demo');

/** Beside the prepared directory: which seed it holds, so that it is used only for that seed. */
export const PREPARED_DATA_MANIFEST = `${PREPARED_DATA_DIR}.json`;

export interface PreparedDataManifest {
  /** SHA-256 (hex) of the seed file's bytes. */
  seedSha256: string;
  /** The migration files applied in it (later ones are applied at start, as on any database). */
  migrations?: string[];
}

export const seedFileSha256 = async (seedFile: string): Promise<string | undefined> => {
  try {
    return createHash('sha256')
      .update(await readFile(seedFile))
      .digest('hex');
  } catch {
    return undefined; // reported by the seed loader, which reads it again
  }
};

/** The prepared directory when it holds exactly this seed file's data; otherwise the template is used. */
const preparedDataDirFor = async (seedFile: string): Promise<string | undefined> => {
  const [manifestText, seedSha256] = await Promise.all([
    readFile(PREPARED_DATA_MANIFEST, 'utf8').catch(() => undefined),
    seedFileSha256(seedFile),
  ]);
  if (!manifestText || !seedSha256) return undefined;
  try {
    const manifest = JSON.parse(manifestText) as PreparedDataManifest;
    return manifest.seedSha256 === seedSha256 ? PREPARED_DATA_DIR : undefined;
  } catch {
    return undefined; // a damaged build: the template still works
  }
};

/**
 * Starts the embedded PGlite database in its worker thread: in DATA_DIR/pglite, or in memory without a
 * directory. A new database on disk whose seed file is the one the build prepared starts as a copy of
 * the prepared directory; any other new database starts from the template.
 */
export const startEmbeddedDatabase = async (
  dataDir?: string,
  options: { seedFile?: string } = {},
): Promise<PgliteWorkerClient> => {
  const dataPath = dataDir ? path.join(dataDir, 'pglite') : undefined;
  if (dataPath) await mkdir(dataPath, { recursive: true });
  const preparedDataDir =
    dataPath && options.seedFile ? await preparedDataDirFor(options.seedFile) : undefined;
  return startPgliteWorker({ dataPath, templateFile: PGLITE_TEMPLATE_FILE, preparedDataDir });
};
