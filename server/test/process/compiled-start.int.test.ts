import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServerCode } from '../../scripts/build-server.mjs';
import { INITIAL_PASSWORD_FILE } from '../../src/db/seed/load-seed';
import { oaepEncrypt } from '../../src/platform/crypto/rsa';
import { ensurePreparedDataDir } from '../../src/platform/db/pglite-template';
import { DEMO_SEED } from '../support/test-app';

/** How `npm start` runs the server: plain node on the build's JavaScript, from the repository root. */
const serverDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverDir, '..');
const READY_TIMEOUT_MS = 60_000;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

interface Started {
  base: string;
  output(): string;
  stop(): Promise<void>;
}

const startCompiled = async (env: Record<string, string>): Promise<Started> => {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/dist/main.js'], {
    cwd: repoRoot,
    // Blank means unset to the server: no PostgreSQL or Redis from the test's environment.
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_ADMIN_PASSWORD: '',
      ...env,
      PORT: String(port),
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    const ready = await fetch(`${base}/readyz`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ready) return { base, output: () => output, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`the compiled server did not become ready. Its output:\n${output}`);
};

const signIn = async (base: string, username: string, password: string) => {
  const keyAnswer = (await (await fetch(`${base}/ump/key`)).json()) as { Response: { publicKey: string } };
  const encrypted = oaepEncrypt(keyAnswer.Response.publicKey, password);
  const data = Buffer.from(JSON.stringify({ username, password: encrypted })).toString('base64');
  const response = await fetch(`${base}/dmp/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  await response.arrayBuffer();
  return response.status;
};

describe('the compiled server (npm start)', () => {
  let scratch: string;
  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'uniwim-compiled-'));
    // From the sources under test: a build left from earlier would test old code.
    await buildServerCode();
    await ensurePreparedDataDir();
  }, 120_000);
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
  });

  it('starts a new installation from the prepared demo database, with a password of its own', async () => {
    const dataDir = path.join(scratch, 'demo');
    const server = await startCompiled({ DATA_DIR: dataDir });
    try {
      expect(server.output()).toContain('(new, copied from the prepared demo database)');
      const passwordFile = await readFile(path.join(dataDir, INITIAL_PASSWORD_FILE), 'utf8');
      const password = passwordFile.trim().split('\n').at(-1)!;
      expect(await signIn(server.base, 'admin', password)).toBe(200);
      expect(await signIn(server.base, 'water.op', password)).toBe(200);
      expect(await signIn(server.base, 'water.op', `${password}x`)).toBe(401);
    } finally {
      await server.stop();
    }
    // Restarted, it keeps its data and its password.
    const again = await startCompiled({ DATA_DIR: dataDir, SEED_ADMIN_PASSWORD: 'Ignored-Passw0rd' });
    try {
      expect(again.output()).toContain('(existing data)');
      expect(await signIn(again.base, 'admin', 'Ignored-Passw0rd')).toBe(401);
    } finally {
      await again.stop();
    }
  }, 120_000);

  it('loads any other seed file into the empty template', async () => {
    const seed = JSON.parse(await readFile(DEMO_SEED, 'utf8'));
    seed.platform.admin.username = 'root';
    const seedFile = path.join(scratch, 'other-seed.json');
    await writeFile(seedFile, JSON.stringify(seed));
    const server = await startCompiled({
      DATA_DIR: path.join(scratch, 'other'),
      SEED_FILE: seedFile,
      SEED_ADMIN_PASSWORD: 'Other-Seed-Passw0rd',
    });
    try {
      expect(server.output()).toContain('(new, from the empty template)');
      expect(await signIn(server.base, 'root', 'Other-Seed-Passw0rd')).toBe(200);
      expect(await signIn(server.base, 'admin', 'Other-Seed-Passw0rd')).toBe(401);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('refuses an invalid setting with one clear line, leaving no half-made database behind', async () => {
    const dataDir = path.join(scratch, 'invalid');
    const child = spawn(process.execPath, ['server/dist/main.js'], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, PORT: 'not-a-port' },
    });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('Invalid setting PORT (got "not-a-port")');
    // The database opens before the settings are read (main.ts): what it created is whole or absent.
    const left = await readdir(dataDir).catch(() => [] as string[]);
    expect(left.filter((name) => name.includes('partial'))).toEqual([]);
    if (left.includes('pglite')) {
      expect(await readdir(path.join(dataDir, 'pglite'))).toSatisfy(
        (names: string[]) => names.length === 0 || names.includes('PG_VERSION'),
      );
    }
  }, 60_000);
});
