/** Stops a piece of background work (and waits for what it was doing). */
export type StopBackgroundWork = () => Promise<void>;

/**
 * Starts background work once `gate` has settled, or at once without a gate. main.ts passes the end
 * of start-up: on the embedded database one thread runs every statement, and the first look of a
 * delivery loop or a job queue at a new database (cold catalogues, 30–90 ms each) would otherwise
 * run between the start's own statements. The stop it answers works before the start too: then the
 * work never starts, and the stop does not wait for the gate. A start that fails after the gate is
 * reported to `onError` (nothing awaits it then).
 */
export const startAfter = (
  gate: Promise<unknown> | undefined,
  start: () => Promise<StopBackgroundWork>,
  onError: (error: unknown) => void,
): Promise<StopBackgroundWork> => {
  if (!gate) return start();
  let stopped = false;
  let started: Promise<StopBackgroundWork | undefined> | undefined;
  gate.then(
    () => {
      if (stopped) return;
      started = start().catch((error: unknown) => {
        onError(error);
        return undefined;
      });
    },
    () => undefined, // a start-up that failed ends the process; nothing to run
  );
  return Promise.resolve(async () => {
    stopped = true;
    const stop = await started;
    await stop?.();
  });
};
