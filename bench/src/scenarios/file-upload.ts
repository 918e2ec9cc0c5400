import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import type { ChildServer } from '../lib/child-server';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure, type Table } from '../scenario';

const MB = 1024 * 1024;
const FILE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 100);
/** Issue 14: the server's resident memory grows by less than this while a 100 MB file arrives. */
const BUDGET_MB = 30;
const SAMPLE_MS = 25;

const rssMb = async (pid: number): Promise<number> => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/**
 * A multipart body of `bytes` bytes of content, produced in 64 KB pieces as the socket takes them:
 * the client never holds the file either. Answers the body and the content's SHA-256 once sent.
 */
const multipartStream = (bytes: number, name: string) => {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const block = randomBytes(64 * 1024);
  const hash = createHash('sha256');
  let sent = 0;
  let stage: 'head' | 'body' | 'tail' | 'done' = 'head';
  const body = new Readable({
    read() {
      if (stage === 'head') {
        stage = 'body';
        this.push(head);
      } else if (stage === 'body') {
        const piece = block.subarray(0, Math.min(block.length, bytes - sent));
        sent += piece.length;
        hash.update(piece);
        this.push(piece);
        if (sent >= bytes) stage = 'tail';
      } else if (stage === 'tail') {
        stage = 'done';
        this.push(tail);
      } else {
        this.push(null);
      }
    },
  });
  return {
    body,
    length: head.length + bytes + tail.length,
    contentType: `multipart/form-data; boundary=${boundary}`,
    sha256: () => hash.digest('hex'),
  };
};

/** POSTs one file of `bytes` to the upload route, sampling the server's RSS until the answer. */
const uploadAndSample = async (server: ChildServer, token: string, bytes: number) => {
  const upload = multipartStream(bytes, `bench-${bytes}.bin`);
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
  const url = new URL(`${server.url}/dmp/admin/files/upload?purpose=attachment`);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': upload.contentType,
          'content-length': String(upload.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    upload.body.pipe(request);
  });
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  peak = Math.max(peak, await rssMb(server.pid));
  if (answer.status !== 200) {
    throw new ScenarioFailure(
      `upload of ${bytes} bytes answered ${answer.status}: ${answer.text.slice(0, 300)}`,
    );
  }
  const stored = (JSON.parse(answer.text) as { Response: { size: number; sha256: string } }).Response;
  if (stored.size !== bytes || stored.sha256 !== upload.sha256()) {
    throw new ScenarioFailure(
      `the stored file differs from what was sent (${stored.size} bytes, ${stored.sha256})`,
    );
  }
  return { before, peak, growth: peak - before, seconds };
};

const startS3Fake = async () => {
  const directory = await mkdtemp(path.join(tmpdir(), 'uniwim-bench-s3-'));
  const fake = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'bench-files', configs: [] }],
  });
  const { port } = (await fake.run()) as AddressInfo;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'bench-files',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      await fake.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
};

/** One storage: a 1 MB upload first (loads what an upload loads), then the measured large one. */
const measure = async (storage: 'DATA_DIR' | 'S3 (s3rver)', env: Record<string, string>) => {
  const server = await startPlatformServer(env);
  try {
    const login = await signIn(
      server.url,
      loginBody(await fetchPublicKey(server.url), 'admin', BENCH_ADMIN_PASSWORD),
      clientAddress(91),
    );
    const warm = await uploadAndSample(server, login.token, MB);
    const large = await uploadAndSample(server, login.token, FILE_MB * MB);
    return { storage, warm, large };
  } finally {
    await server.stop();
  }
};

export const fileUploadScenario: Scenario = {
  name: 'file-upload',
  description:
    `Upload a ${FILE_MB} MB file (multipart, POST /dmp/admin/files/upload) to the compiled server, into DATA_DIR ` +
    `and into an S3-compatible bucket (s3rver), sampling the server's RSS every ${SAMPLE_MS} ms; ` +
    `budget: RSS grows by < ${BUDGET_MB} MB (streamed), beside a 1 MB upload on the same server`,
  run: async () => {
    const runs = [await measure('DATA_DIR', {})];
    const s3 = await startS3Fake();
    try {
      runs.push(await measure('S3 (s3rver)', s3.env));
    } finally {
      await s3.stop();
    }
    const table: Table = {
      title: `server RSS while one file arrives (MB); the 1 MB upload runs first on the same server`,
      columns: ['storage', 'file', 'RSS before', 'RSS peak', 'growth', 'time', 'throughput'],
      rows: runs.flatMap((run) =>
        [
          ['1 MB', run.warm],
          [`${FILE_MB} MB`, run.large],
        ].map(([label, m]) => {
          const measured = m as Awaited<ReturnType<typeof uploadAndSample>>;
          const size = label === '1 MB' ? 1 : FILE_MB;
          return [
            run.storage,
            String(label),
            measured.before.toFixed(1),
            measured.peak.toFixed(1),
            measured.growth.toFixed(1),
            `${measured.seconds.toFixed(2)} s`,
            `${(size / measured.seconds).toFixed(0)} MB/s`,
          ];
        }),
      ),
    };
    return {
      checks: runs.map((run) => ({
        measured: `${run.storage}: RSS ${run.large.before.toFixed(1)} → peak ${run.large.peak.toFixed(1)} MB (+${run.large.growth.toFixed(1)} MB) for ${FILE_MB} MB in ${run.large.seconds.toFixed(2)} s`,
        budget: `RSS growth < ${BUDGET_MB} MB`,
        passed: run.large.growth < BUDGET_MB,
      })),
      tables: [table],
    };
  },
};
