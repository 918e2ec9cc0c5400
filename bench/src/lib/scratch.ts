import { accessSync, constants, statSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The bench's scratch folders (servers' data directories, seeds, uploads) are removed when the bench
 * ends, not as each server stops. On ext4 without a journal, as on this project's machines, the
 * kernel does not reuse an inode deleted in the last 60–360 s, and scans past every such inode of
 * its block group for each new file: right after a server's data directory (about 700 files) was
 * deleted, the next server's first start created its files up to 1 ms slower each
 * (docs/performance.md, tenth session). A scenario would measure the clean-up of the one before.
 */
const TRASH = path.join(tmpdir(), `uniwim-bench-trash-${process.pid}`);
let discarded = 0;

/** Moves a scratch folder out of the way now (a rename), to be deleted by emptyTrash at the end. */
export const discardLater = async (folder: string): Promise<void> => {
  try {
    await mkdir(TRASH, { recursive: true });
    await rename(folder, path.join(TRASH, `${++discarded}-${path.basename(folder)}`));
  } catch {
    // Another file system, or already gone: removed at once instead.
    await rm(folder, { recursive: true, force: true });
  }
};

/** Deletes every folder discardLater moved aside (the runner calls it once, at the end). */
export const emptyTrash = (): Promise<void> => rm(TRASH, { recursive: true, force: true });

/**
 * Where the cold start's data directories go: BENCH_COLD_START_DIR, else /dev/shm (memory) when the
 * machine has it, else the OS's temporary folder. The start writes about 700 files; on this project's
 * machines (ext4 without a journal, see above) those took up to 0.3 s longer whenever the folder's
 * block group had lost many files in the last minutes, which any earlier bench run or CI does in /tmp,
 * so the figure measured the disk's recent past rather than the start. Memory has no such window; on
 * a fresh folder of a quiet disk the start measured 0.04 s slower (docs/performance.md, 11th session).
 */
export const coldStartRoot = (): string => {
  const chosen = process.env.BENCH_COLD_START_DIR;
  if (chosen) return chosen;
  try {
    if (!statSync('/dev/shm').isDirectory()) return tmpdir();
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
};
