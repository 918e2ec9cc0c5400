import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import type { ChildServer } from '../lib/child-server';
import { formatPercent, formatSeconds, median } from '../lib/format';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const MB = 1024 * 1024;
/** Entries of 1 MB: half random and stored, half text-like and deflated (a package's usual mix). */
const ENTRIES = Number(process.env.BENCH_PACKAGE_ENTRIES ?? 200);
/** The server's resident memory while it checks the package: the streaming criterion of issue 14. */
const RSS_BUDGET_MB = 30;
/**
 * Our own budget: checking (a copy, the directory, every entry inflated and its CRC compared) costs
 * at most twice the upload of the same file (received, hashed and stored by the files module).
 */
const TIME_RATIO_BUDGET = 2;
const SAMPLE_MS = 25;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const rssMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** Writes a zip of `entries` entries to `file` one entry at a time (the bench never holds it whole). */
const writePackage = async (file: string, entries: number) => {
  const out = createWriteStream(file);
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  const central: Buffer[] = [];
  let offset = 0;
  let seed = 1;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed;
  };
  const words = ['设备', 'pump', 'valve', '管网', 'meter', '压力', 'flow', '数据', 'report', '\n'];
  for (let i = 0; i < entries; i++) {
    const stored = i % 2 === 0;
    const data = stored
      ? randomBytes(MB)
      : Buffer.from(Array.from({ length: MB / 8 }, () => words[random() % words.length]).join(' ')).subarray(
          0,
          MB,
        );
    const packed = stored ? data : deflateRawSync(data);
    const name = Buffer.from(`app/part-${i}.${stored ? 'bin' : 'txt'}`);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(stored ? 0 : 8, 8);
    header.writeUInt32LE(crc32(data), 14);
    header.writeUInt32LE(packed.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(name.length, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    header.copy(record, 10, 8, 28); // method, time, date, crc, sizes, name length
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    await write(Buffer.concat([header, name, packed]));
    offset += header.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  await write(Buffer.concat([directory, end]));
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
};

const request = (
  server: ChildServer,
  token: string,
  method: string,
  url: string,
  body?: { headers: Record<string, string>; send(to: NodeJS.WritableStream): void },
) =>
  new Promise<{ status: number; text: string; bytes: number }>((resolve, reject) => {
    const outgoing = http.request(
      new URL(url, server.url),
      { method, headers: { authorization: `Bearer ${token}`, ...(body?.headers ?? {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes < 64 * 1024) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), bytes }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (body) body.send(outgoing);
    else outgoing.end();
  });

const json = (server: ChildServer, token: string, url: string, payload: unknown) => {
  const text = JSON.stringify(payload);
  return request(server, token, 'POST', url, {
    headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) },
    send: (to) => (to as http.ClientRequest).end(text),
  });
};

/** Uploads the package file as multipart (streamed from disk) and answers the stored file's id. */
const upload = async (server: ChildServer, token: string, file: string) => {
  const boundary = '----benchversionpackage';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/zip\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = (await stat(file)).size;
  const answer = await request(server, token, 'POST', '/dmp/admin/files/upload?purpose=package', {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
    send: (to) => {
      const body = new PassThrough();
      body.pipe(to);
      body.write(head);
      createReadStream(file)
        .on('end', () => body.end(tail))
        .pipe(body, { end: false });
    },
  });
  if (answer.status !== 200)
    throw new ScenarioFailure(`upload answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return (JSON.parse(answer.text) as { Response: { id: string } }).Response.id;
};

/** Runs `work` while sampling the server's RSS; answers its result, the time and the growth. */
const sampled = async <T>(server: ChildServer, work: () => Promise<T>) => {
  const before = await rssMb(server.pid);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await rssMb(server.pid));
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  sampling = false;
  await sampler;
  return { result, ms, growth: Math.max(peak, await rssMb(server.pid)) - before };
};

export const versionPackageScenario: Scenario = {
  name: 'version-package',
  description:
    `POST /dmp/admin/versions/check-package on a package of ${ENTRIES} entries of 1 MB (half stored, half ` +
    `deflated) beside uploading it; budgets: RSS growth < ${RSS_BUDGET_MB} MB, ` +
    `time ≤ ${TIME_RATIO_BUDGET}× the upload`,
  run: async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'uniwim-bench-package-'));
    const server = await startPlatformServer();
    try {
      const login = await signIn(
        server.url,
        loginBody(await fetchPublicKey(server.url), 'admin', BENCH_ADMIN_PASSWORD),
        clientAddress(1),
      );
      const token = login.token;
      // A small package first: loads what a check loads (zlib, the temp folder, the routes).
      const small = path.join(folder, 'warm-up.zip');
      await writePackage(small, 2);
      const warm = await json(server, token, '/dmp/admin/versions/check-package', {
        fileId: await upload(server, token, small),
      });
      if (warm.status !== 200) throw new ScenarioFailure(`check answered ${warm.status}: ${warm.text}`);

      const file = path.join(folder, 'package.zip');
      await writePackage(file, ENTRIES);
      const size = (await stat(file)).size;
      // Rounds alternate reading and checking, each check on a file of its own (a check is kept per
      // file); the medians count, so one slow moment of a shared machine does not decide.
      const uploads: { ms: number; growth: number }[] = [];
      const reads: typeof uploads = [];
      const checks: typeof uploads = [];
      for (let round = 0; round < ROUNDS; round++) {
        const uploaded = await sampled(server, () => upload(server, token, file));
        const fileId = uploaded.result;
        uploads.push(uploaded);
        const read = await sampled(server, () =>
          request(server, token, 'GET', `/ump/files/${fileId}?download=1`),
        );
        if (read.result.status !== 200 || read.result.bytes !== size) {
          throw new ScenarioFailure(
            `reading the file back answered ${read.result.status} (${read.result.bytes} bytes)`,
          );
        }
        const check = await sampled(server, () =>
          json(server, token, '/dmp/admin/versions/check-package', { fileId }),
        );
        if (check.result.status !== 200) {
          throw new ScenarioFailure(
            `check answered ${check.result.status}: ${check.result.text.slice(0, 300)}`,
          );
        }
        const entries = (JSON.parse(check.result.text) as { Response: { entries: number } }).Response.entries;
        if (entries !== ENTRIES)
          throw new ScenarioFailure(`the check counted ${entries} files, not ${ENTRIES}`);
        reads.push(read);
        checks.push(check);
      }
      const summary = (rounds: typeof uploads) => ({
        ms: median(rounds.map((r) => r.ms)),
        growth: Math.max(...rounds.map((r) => r.growth)),
      });
      const [uploadTime, read, check] = [summary(uploads), summary(reads), summary(checks)];
      const ratio = check.ms / uploadTime.ms;
      const sizeMb = (size / MB).toFixed(1);
      return {
        checks: [
          {
            measured: `RSS +${check.growth.toFixed(1)} MB while checking ${sizeMb} MB (${ENTRIES} MB unpacked)`,
            budget: `< ${RSS_BUDGET_MB} MB`,
            passed: check.growth < RSS_BUDGET_MB,
          },
          {
            measured: `check ${formatSeconds(check.ms)} vs upload ${formatSeconds(uploadTime.ms)} (${formatPercent(ratio)}; medians)`,
            budget: `≤ ${TIME_RATIO_BUDGET}× the upload`,
            passed: ratio <= TIME_RATIO_BUDGET,
          },
        ],
        tables: [
          {
            title: `A ${sizeMb} MB package (${ENTRIES} entries, ${ENTRIES} MB unpacked), DATA_DIR storage`,
            columns: ['what', 'time', 'MB/s of the file', 'largest RSS growth'],
            rows: [
              [
                `POST /dmp/admin/files/upload?purpose=package, median of ${ROUNDS}`,
                formatSeconds(uploadTime.ms),
                (size / MB / (uploadTime.ms / 1000)).toFixed(0),
                `${uploadTime.growth.toFixed(1)} MB`,
              ],
              [
                `GET /ump/files/:id (read it back), median of ${ROUNDS}`,
                formatSeconds(read.ms),
                (size / MB / (read.ms / 1000)).toFixed(0),
                `${read.growth.toFixed(1)} MB`,
              ],
              [
                `POST check-package, median of ${ROUNDS}`,
                formatSeconds(check.ms),
                (size / MB / (check.ms / 1000)).toFixed(0),
                `${check.growth.toFixed(1)} MB`,
              ],
            ],
          },
        ],
      };
    } finally {
      await server.stop();
      await rm(folder, { recursive: true, force: true });
    }
  },
};
