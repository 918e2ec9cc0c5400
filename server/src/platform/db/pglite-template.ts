import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate';
import { pgliteRunner } from './sql-runner';

/**
 * A fresh PGlite cluster costs seconds of initdb. The build makes one cluster once, with the
 * migrations of that build applied, and saves it; new databases start from a copy of it instead
 * (well under a second; the PGlite worker thread loads it) and apply only migrations added since.
 */
export const PGLITE_TEMPLATE_FILE = path.resolve(import.meta.dirname, '../../../dist/pglite-template.tar.gz');

export const buildPgliteTemplate = async (file: string = PGLITE_TEMPLATE_FILE): Promise<void> => {
  const db = new PGlite();
  await migrate(pgliteRunner(db));
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
};

export const ensurePgliteTemplate = async (file: string = PGLITE_TEMPLATE_FILE): Promise<void> => {
  if (!existsSync(file)) await buildPgliteTemplate(file);
};
