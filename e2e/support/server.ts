import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from './environment';

export interface RunningServer {
  logFile: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

const assertPortFree = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`Port ${port} is in use; stop what holds it or set E2E_PORT to a free port`)),
    );
    probe.listen(port, () => probe.close(() => resolve()));
  });

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const tail = (file: string) => readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');

/**
 * Starts the real server as `npm start` does (plain node on the build's server/dist/main.js; the root
 * `npm run test:e2e` builds it first) and resolves once GET /readyz answers 200.
 */
export const startServer = async (options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> => {
  await assertPortFree(options.port);
  const logFile = join(options.dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, ...options.env, PORT: String(options.port), DATA_DIR: options.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited(child);
      clearTimeout(killer);
    }
    log.end();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  const readyUrl = `http://127.0.0.1:${options.port}/readyz`;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited during start-up (code ${child.exitCode}). Log:\n${tail(logFile)}`);
    }
    try {
      const response = await fetch(readyUrl);
      if (response.status === 200) return { logFile, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `GET /readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s. Log:\n${tail(logFile)}`,
  );
};
