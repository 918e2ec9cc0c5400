import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import type { S3Settings } from '../../../config';
import { collectingAsItFlows } from '../young-garbage';
import type { FileStorage } from './file-storage';
import { EMPTY_SHA256, signS3Request } from './s3-signing';

/** A request that has not answered (or sent a byte) for this long is given up. */
const IDLE_TIMEOUT_MS = 30_000;

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
    message: string,
  ) {
    super(message);
  }
}

const bodyText = async (response: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response) {
    // An error document is small; anything past 64 KB is not read into memory.
    if (length < 65_536) chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * File content in an S3-compatible bucket (AWS S3, MinIO, Ceph, OSS/COS in S3 mode...): what several
 * instances share. Requests are signed with Signature Version 4; a file is sent with its length and
 * SHA-256 known in advance (the upload was received first), so one PUT streams it from disk.
 */
export const createS3Storage = (settings: S3Settings): FileStorage => {
  const endpoint = new URL(settings.endpoint);
  const client = endpoint.protocol === 'https:' ? https : http;
  const agent = new client.Agent({ keepAlive: true, maxSockets: 32 });
  const objectUrl = (key?: string): URL => {
    const objectKey = [settings.prefix, key].filter(Boolean).join('/');
    const encoded = objectKey
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    const base = endpoint.pathname.replace(/\/+$/, '');
    if (settings.forcePathStyle) {
      return new URL(
        `${endpoint.protocol}//${endpoint.host}${base}/${settings.bucket}${key === undefined ? '' : `/${encoded}`}`,
      );
    }
    return new URL(
      `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${key === undefined ? '' : encoded}`,
    );
  };

  const send = (
    method: 'GET' | 'PUT' | 'DELETE' | 'HEAD',
    url: URL,
    options: { headers?: Record<string, string>; payloadHash?: string; body?: Readable } = {},
  ): Promise<IncomingMessage> =>
    new Promise((resolve, reject) => {
      const headers = signS3Request({
        method,
        url,
        headers: options.headers ?? {},
        payloadHash: options.payloadHash ?? EMPTY_SHA256,
        credentials: settings,
        now: new Date(),
      });
      const request = client.request(url, { method, headers, agent }, resolve);
      request.setTimeout(IDLE_TIMEOUT_MS, () => request.destroy(new Error(`S3 ${method} timed out`)));
      request.on('error', reject);
      if (options.body) {
        options.body.on('error', (error) => request.destroy(error));
        options.body.pipe(request);
      } else {
        request.end();
      }
    });

  const failure = async (method: string, response: IncomingMessage) => {
    const text = method === 'HEAD' ? '' : await bodyText(response);
    if (method === 'HEAD') response.resume();
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null;
    return new S3Error(
      response.statusCode ?? 0,
      code,
      `S3 ${method} answered ${response.statusCode}${code ? ` ${code}` : ''}`,
    );
  };

  return {
    kind: 's3',
    putFile: async (key, localPath, info) => {
      try {
        const response = await send('PUT', objectUrl(key), {
          headers: { 'content-length': String(info.size), 'content-type': info.contentType },
          payloadHash: info.sha256,
          body: collectingAsItFlows(createReadStream(localPath)),
        });
        if (response.statusCode !== 200) throw await failure('PUT', response);
        response.resume();
      } finally {
        await rm(localPath, { force: true });
      }
    },
    read: async (key, range) => {
      const response = await send('GET', objectUrl(key), {
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.statusCode === 404) {
        response.resume();
        return null;
      }
      if (response.statusCode !== (range ? 206 : 200)) throw await failure('GET', response);
      return response;
    },
    remove: async (key) => {
      const response = await send('DELETE', objectUrl(key));
      if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404) {
        throw await failure('DELETE', response);
      }
      response.resume();
    },
    check: async () => {
      const response = await send('HEAD', objectUrl());
      if (response.statusCode !== 200) throw await failure('HEAD', response);
      response.resume();
    },
  };
};
