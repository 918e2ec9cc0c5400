import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oaepEncrypt } from '../../src/platform/crypto/rsa';

const serverDir = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Shutdown-Passw0rd';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'uniwim-process-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stops with one clear line on a bad setting', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid setting PORT (got "eighty"): Invalid input: expected number, received NaN',
    );
  }, 60_000);

  it('finishes requests in flight on SIGTERM, then exits cleanly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_ADMIN_PASSWORD: PASSWORD,
        LOG_LEVEL: 'info',
      },
    });
    // The server's own log tells when it has received each sign-in.
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => {
      log += String(chunk);
    });
    const receivedSignIns = () =>
      (log.match(/"url":"\/dmp\/login"[^\n]*"msg":"incoming request"/g) ?? []).length;
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      const ready = await fetch(`${base}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const keyAnswer = (await (await fetch(`${base}/ump/key`)).json()) as { Response: { publicKey: string } };
    const key = keyAnswer.Response.publicKey;
    const body = (username: string) =>
      JSON.stringify({
        data: Buffer.from(JSON.stringify({ username, password: oaepEncrypt(key, PASSWORD) })).toString(
          'base64',
        ),
      });
    // Sign-ins take tens of milliseconds of argon2 each and only a few run at once: once all are
    // received, most are still being worked on when SIGTERM arrives.
    const users = ['water.op', 'water.admin', 'energy.staff', 'energy.admin', 'admin'];
    const inFlight = [...users, ...users].map((user) =>
      fetch(`${base}/dmp/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body(user),
      }),
    );
    for (let i = 0; i < 500 && receivedSignIns() < inFlight.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(receivedSignIns()).toBe(inFlight.length);
    child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const code = await exited;
    if (code !== 0) console.log(log.split('\n').slice(-8).join('\n'));
    expect(code).toBe(0);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  }, 90_000);
});
