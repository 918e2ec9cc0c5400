import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SqlRunner } from './sql-runner';

/**
 * The prepared demo database is copied file by file at a new installation's first start, and on the
 * machines measured creating a file costs far more than its bytes (0.3–0.6 ms each, the directory's
 * journal; issue 11's cold start). What the copy can do without, removed when the build makes it:
 *
 * - The log tables' monthly partitions (each a table, its toast table and index, and the log
 *   indexes: about a hundred files). Their rows move to the default partition; the log maintenance
 *   creates this month's and the coming months' partitions at its first run after start, moving
 *   those rows out again (uniwim_log_partition_create, migration 0038). Dated partitions in a
 *   prepared image would be the build's months anyway, not the installation's.
 * - Free space maps and visibility maps (`_fsm`, `_vm`): optional forks that PostgreSQL rebuilds as
 *   it needs them (the demo's few pages do not miss them).
 * - WAL segments outside the last checkpoint: after a clean shutdown recovery starts and ends at that
 *   checkpoint; the others are spent or recycled for later use, and PostgreSQL creates what it needs.
 */

const LOG_TABLES = ['login_logs', 'usage_logs'] as const;

/** Moves each log table's monthly partitions into its default partition, in the open database. */
export const foldLogPartitions = async (runner: SqlRunner): Promise<string[]> => {
  const folded: string[] = [];
  for (const parent of LOG_TABLES) {
    const rows = await runner.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = $1::regclass AND c.relname <> $2 ORDER BY 1`,
      [parent, `${parent}_default`],
    );
    for (const { name } of rows) {
      await runner.exec(`
        ALTER TABLE ${parent} DETACH PARTITION ${name};
        INSERT INTO ${parent} SELECT * FROM ${name};
        DROP TABLE ${name};`);
      folded.push(name);
    }
  }
  return folded;
};

/** The optional relation forks of a closed data directory. */
export const removeOptionalForks = async (dataDir: string): Promise<number> => {
  let removed = 0;
  for (const folder of ['global', ...(await readdir(path.join(dataDir, 'base'))).map((db) => `base/${db}`)]) {
    for (const name of await readdir(path.join(dataDir, folder))) {
      if (!/^\d+_(fsm|vm)$/.test(name)) continue;
      await rm(path.join(dataDir, folder, name));
      removed += 1;
    }
  }
  return removed;
};

/** WAL segment size of the template's clusters (initdb --wal-segsize=1, pglite-template.ts). */
export const WAL_SEGMENT_BYTES = 1024 * 1024;
const SEGMENTS_PER_XLOG_ID = 0x1_0000_0000 / WAL_SEGMENT_BYTES;

/**
 * The checkpoint record's and its redo point's WAL positions, from global/pg_control of a closed
 * cluster (ControlFileData: checkPoint at byte 32, then checkPointCopy whose first field is redo).
 */
export const lastCheckpoint = async (dataDir: string): Promise<{ checkpoint: bigint; redo: bigint }> => {
  const control = await readFile(path.join(dataDir, 'global', 'pg_control'));
  return { checkpoint: control.readBigUInt64LE(32), redo: control.readBigUInt64LE(40) };
};

/** The name of the segment holding a WAL position on timeline 1 (XLogFileName). */
export const walSegmentName = (position: bigint): string => {
  const segment = position / BigInt(WAL_SEGMENT_BYTES);
  const hex = (value: bigint) => value.toString(16).toUpperCase().padStart(8, '0');
  const perId = BigInt(SEGMENTS_PER_XLOG_ID);
  return `00000001${hex(segment / perId)}${hex(segment % perId)}`;
};

/** Removes the WAL segments a clean restart does not read; answers the ones kept. */
export const removeSpareWal = async (dataDir: string): Promise<string[]> => {
  const { checkpoint, redo } = await lastCheckpoint(dataDir);
  const first = walSegmentName(redo);
  const last = walSegmentName(checkpoint);
  const walDir = path.join(dataDir, 'pg_wal');
  const kept: string[] = [];
  for (const name of await readdir(walDir)) {
    if (!/^[0-9A-F]{24}$/.test(name)) continue;
    if (name >= first && name <= last) kept.push(name);
    else await rm(path.join(walDir, name));
  }
  if (kept.length === 0) throw new Error(`pg_wal holds no segment of the last checkpoint (${first}–${last})`);
  return kept;
};
