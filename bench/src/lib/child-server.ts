import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { findFreePort } from './free-port';
import { repoRoot } from './paths';

const READY_POLL_INTERVAL_MS = 20;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_LINES_KEPT = 40;

export interface ChildServerOptions {
  /** Name used in messages, e.g. "platform server". */
  name: string;
  /** Arguments to node, e.g. ['server/dist/main.js']; run from the repo root. */
  nodeArgs: string[];
  /** Added to the inherited environment; PORT and HOST are set here. */
  env: Record<string, string>;
  /** Runs after the process has exited (e.g. removes its data directory). */
  cleanup?: () => Promise<void>;
}

export interface ChildServer {
  name: string;
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Process id, for reading the server's memory from /proc. */
  pid: number;
  /** From just before spawn() to the first GET /readyz that answered 200. */
  readyAfterMs: number;
  /** Everything the process wrote so far (last lines only). */
  output(): string;
  /** SIGTERM, wait for the exit, then clean up. Safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<ChildServer>();

/** Stops every child server still running (the runner calls it on Ctrl-C and at the end). */
export const stopAllChildServers = async (): Promise<void> => {
  await Promise.allSettled([...running].map((server) => server.stop()));
};

const keepOutputTail = (child: ChildProcess): (() => string) => {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_LINES_KEPT));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
};

/**
 * BENCH_CPU_PROF=<directory>: every child server runs with node --cpu-prof and writes its profile into
 * <directory>/<name>/ when it stops (open it in Chrome DevTools or speedscope).
 */
const profilingArgs = (name: string): string[] => {
  const directory = process.env.BENCH_CPU_PROF;
  if (!directory) return [];
  return ['--cpu-prof', `--cpu-prof-dir=${path.resolve(directory, name.replaceAll(' ', '-'))}`];
};

const isReady = async (url: string): Promise<boolean> => {
  try {
    const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
};

/**
 * Spawns `node <nodeArgs>` from the repo root on a free loopback port and waits until GET /readyz
 * answers 200. Every server of the bench (real or baseline) goes through here, so they are treated alike.
 */
export const startChildServer = async (options: ChildServerOptions): Promise<ChildServer> => {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const startedAt = performance.now();
  const child = spawn(process.execPath, [...profilingArgs(options.name), ...options.nodeArgs], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepOutputTail(child);
  let exitCode: number | null = null;
  let exitSignal: NodeJS.Signals | null = null;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code;
      exitSignal = signal;
      resolve();
    });
  });
  const hasExited = () => exitCode !== null || exitSignal !== null;

  let stopping: Promise<void> | undefined;
  const server: ChildServer = {
    name: options.name,
    url,
    pid: child.pid ?? 0,
    readyAfterMs: 0,
    output,
    stop: () => {
      stopping ??= (async () => {
        if (!hasExited()) {
          child.kill('SIGTERM');
          const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS, true)]);
          if (timedOut) {
            process.stderr.write(
              `${options.name} did not stop ${STOP_TIMEOUT_MS} ms after SIGTERM; killing it\n`,
            );
            child.kill('SIGKILL');
            await exited;
          }
        }
        running.delete(server);
        await options.cleanup?.();
      })();
      return stopping;
    },
  };
  running.add(server);

  while (!(await isReady(url))) {
    if (hasExited() || performance.now() - startedAt > READY_TIMEOUT_MS) {
      const why = hasExited()
        ? `exited (code ${exitCode}, signal ${exitSignal}) before GET /readyz answered 200`
        : `GET /readyz did not answer 200 within ${READY_TIMEOUT_MS} ms`;
      await server.stop();
      throw new Error(`${options.name} ${why}. Its last output:\n${output() || '(none)'}`);
    }
    await sleep(READY_POLL_INTERVAL_MS);
  }
  server.readyAfterMs = performance.now() - startedAt;
  return server;
};
