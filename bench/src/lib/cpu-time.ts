import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone or off Linux. */
const cpuMsOf = (pid: number): number => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
};

/**
 * CPU time used by the server process and by the PostgreSQL backends serving its database, over a
 * stretch of load: a request's cost in CPU, which a machine shared with other work does not
 * distort the way it distorts latencies (a budget at N clients on 2 cores is met when the sum per
 * request, the load generator's included, is small enough).
 */
export const cpuMeter = async (options: { serverPid: number; databaseUrl: string }) => {
  const database = new pg.Client({ connectionString: options.databaseUrl });
  await database.connect();
  const backendPids = async (): Promise<number[]> => {
    const result = await database.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return result.rows.map((row) => row.pid);
  };
  return {
    /** Starts a stretch; its `stop()` answers the CPU ms the server and the database used meanwhile. */
    start: async () => {
      const pids = await backendPids();
      const server = cpuMsOf(options.serverPid);
      const backends = new Map(pids.map((pid) => [pid, cpuMsOf(pid)]));
      return {
        stop: async () => {
          // Backends opened during the stretch started from zero.
          const now = await backendPids();
          const databaseMs = now.reduce((sum, pid) => sum + cpuMsOf(pid) - (backends.get(pid) ?? 0), 0);
          return { serverMs: cpuMsOf(options.serverPid) - server, databaseMs };
        },
      };
    },
    close: () => database.end(),
  };
};
