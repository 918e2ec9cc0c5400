import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DEFAULT_SEED_FILE } from '../../config';
import { prepareSeed } from '../../db/seed/load-seed';
import { openDatabase } from './database';
import {
  PGLITE_TEMPLATE_FILE,
  PREPARED_DATA_DIR,
  PREPARED_DATA_MANIFEST,
  type PreparedDataManifest,
  seedFileSha256,
} from './embedded';
import { MIGRATIONS_DIR, migrate } from './migrate';
import { foldLogPartitions, removeOptionalForks, removeSpareWal } from './prepared-dir-slimming';
import { pgliteRunner } from './sql-runner';

/**
 * A fresh PGlite cluster costs seconds of initdb. The build makes one cluster once, with the
 * migrations of that build applied, and saves it; new databases start from a copy of it instead
 * (well under a second; the PGlite worker thread loads it) and apply only migrations added since.
 */

export const buildPgliteTemplate = async (file: string = PGLITE_TEMPLATE_FILE): Promise<void> => {
  // WAL in 1 MB segments (PostgreSQL's default is 16 MB) and at least 2 MB of it kept: a new
  // database's directory, copied at its first start, is 15 MB smaller (issue 11's cold start).
  const db = new PGlite({ initDbStartParams: ['--wal-segsize=1'] });
  await db.exec(`ALTER SYSTEM SET min_wal_size = '2MB'`);
  // 32 MB of shared buffers instead of 128 MB: the embedded database is the demo and small
  // installations' (PostgreSQL serves large ones), and clearing the buffers is a fifth of its start.
  await db.exec(`ALTER SYSTEM SET shared_buffers = '32MB'`);
  // The embedded server only ever uses the database "postgres": the two template databases
  // (7 MB each) would be copied into every new data directory for nothing. No CREATE DATABASE
  // is run on PGlite.
  for (const name of ['template0', 'template1']) {
    await db.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await db.exec(`DROP DATABASE ${name}`);
  }
  await migrate(pgliteRunner(db));
  await db.exec('CHECKPOINT');
  // Uncompressed (about 40 MB against 5 MB gzipped): restoring it at start-up is about twice as fast.
  const dump = await db.dumpDataDir('none');
  await db.close();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
};

export const ensurePgliteTemplate = async (file: string = PGLITE_TEMPLATE_FILE): Promise<void> => {
  if (!existsSync(file)) await buildPgliteTemplate(file);
};

/**
 * The cheapest new database on disk: a data directory with the migrations applied and the seed's data
 * loaded (passwords excepted, see prepareSeed), which start-up copies into DATA_DIR/pglite (about 0.2 s)
 * and opens like an existing one, instead of unpacking the template and loading the seed.
 * Needs the template (it starts from it).
 */
export const buildPreparedDataDir = async (seedFile: string = DEFAULT_SEED_FILE): Promise<void> => {
  const seedSha256 = await seedFileSha256(seedFile);
  if (!seedSha256) throw new Error(`Cannot read seed file ${seedFile}`);
  const scratch = await mkdtemp(`${PREPARED_DATA_DIR}.tmp-`);
  try {
    const db = await openDatabase({ dataDir: scratch });
    try {
      await prepareSeed(db, seedFile);
      await foldLogPartitions(db.admin);
    } finally {
      await db.close();
    }
    const prepared = path.join(scratch, 'pglite');
    await removeOptionalForks(prepared);
    await removeSpareWal(prepared);
    await checkOpens(prepared);
    // The manifest goes last: a directory without a matching one is never used.
    await rm(PREPARED_DATA_MANIFEST, { force: true });
    await rm(PREPARED_DATA_DIR, { recursive: true, force: true });
    await rename(prepared, PREPARED_DATA_DIR);
    const manifest: PreparedDataManifest = { seedSha256, migrations: await migrationFiles() };
    await writeFile(PREPARED_DATA_MANIFEST, `${JSON.stringify(manifest)}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};

/** A copy of the slimmed directory opens and reads its data: a build never ships one that does not. */
const checkOpens = async (dataDir: string) => {
  const copy = `${dataDir}-check`;
  await cp(dataDir, copy, { recursive: true });
  try {
    const db = new PGlite(copy);
    try {
      const [row] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM accounts')).rows;
      if (!row || row.n === 0) throw new Error('the prepared database holds no accounts');
      await db.query('SELECT count(*) FROM login_logs');
    } finally {
      await db.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
};

const migrationFiles = async () => (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();

/**
 * Builds the prepared directory unless the one there holds this seed file and today's migrations
 * (tests; the build always makes it). An older one would still work, applying the newer migrations.
 */
export const ensurePreparedDataDir = async (seedFile: string = DEFAULT_SEED_FILE): Promise<void> => {
  await ensurePgliteTemplate();
  const manifest = await readFile(PREPARED_DATA_MANIFEST, 'utf8').then(
    (text) => JSON.parse(text) as PreparedDataManifest,
    () => undefined,
  );
  const current =
    manifest?.seedSha256 === (await seedFileSha256(seedFile)) &&
    manifest?.migrations?.join() === (await migrationFiles()).join();
  if (!current) await buildPreparedDataDir(seedFile);
};

export { PGLITE_TEMPLATE_FILE };
