import type { FileService } from './service';

const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * The files nothing uses, removed once their grace period is over (FILES_ORPHAN_GRACE_HOURS), and the
 * content of deleted files whose removal did not happen at once (the storage was away): hourly on
 * every instance, each file taken by one of them.
 */
export const createFileSweep = (deps: { files: FileService; onError(error: unknown): void }) => ({
  /** Starts sweeping; answers the function that stops it. */
  start: async () => {
    let running: Promise<unknown> = Promise.resolve();
    const run = () => {
      running = deps.files.sweepUnused().catch(deps.onError);
    };
    const first = setTimeout(run, 30_000);
    const timer = setInterval(run, SWEEP_INTERVAL_MS);
    first.unref();
    timer.unref();
    return async () => {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    };
  },
});
