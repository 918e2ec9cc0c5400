const positiveNumber = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
};

/** Load settings, the same for every baseline and scenario of a run. Overridable from the environment. */
export const loadSettings = {
  /** Seconds of measured load per target (baseline or subject), split over the rounds. */
  durationSeconds: positiveNumber('BENCH_DURATION', 10),
  /**
   * The measured time is cut into this many slices, baseline and subject alternating (B S B S), so a
   * burst of load from elsewhere on the machine hits both sides rather than one.
   */
  rounds: Math.round(positiveNumber('BENCH_ROUNDS', 2)),
  /** Seconds of unmeasured load before the first round, so both targets are equally warm (JIT, caches). */
  warmupSeconds: positiveNumber('BENCH_WARMUP', 2),
  /** Concurrent connections; moderate, because autocannon and the server share a 2-core machine. */
  connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 50)),
  /**
   * Concurrent connections of the sign-in scenario (and its argon2 baseline). Each sign-in costs tens of
   * milliseconds of CPU, so a few connections already keep both cores busy; more only lengthen the queue.
   */
  signInConnections: Math.round(positiveNumber('BENCH_SIGNIN_CONNECTIONS', 8)),
};
