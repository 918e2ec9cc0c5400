import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type PgliteWorkerClient, startPgliteWorker } from './pglite-worker/client';

/**
 * The saved empty cluster the build makes (see pglite-template.ts). Here, in a module that loads
 * nothing heavy, so that start-up can open the embedded database before the rest of the server loads.
 */
export const PGLITE_TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../dist/pglite-template.tar');

/**
 * Starts the embedded PGlite database in its worker thread: in DATA_DIR/pglite, or in memory without a
 * directory. A new database starts from the template.
 */
export const startEmbeddedDatabase = async (dataDir?: string): Promise<PgliteWorkerClient> => {
  const dataPath = dataDir ? path.join(dataDir, 'pglite') : undefined;
  if (dataPath) await mkdir(dataPath, { recursive: true });
  return startPgliteWorker({ dataPath, templateFile: PGLITE_TEMPLATE_FILE });
};
