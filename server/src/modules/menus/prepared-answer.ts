import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Below this a compressed body saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A whole `{Code, Message, Response}` answer serialised once, with its compressed forms and a strong
 * ETag, so a cached menu tree costs a lookup and a write per request. A tree of 500 items is about
 * 200 KB of JSON and 15 KB gzipped: sending it compressed is what keeps thousands of answers a second
 * within a loopback link and two cores.
 */
export interface PreparedAnswer {
  identity: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
  /** Strong validator of the identity body; the compressed bodies carry it with a suffix. */
  etag: string;
}

export const prepareAnswer = async (response: unknown): Promise<PreparedAnswer> => {
  const identity = Buffer.from(JSON.stringify(ok(response)), 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  if (identity.length < COMPRESS_FROM_BYTES) return { identity, gzip: null, br: null, etag: `"${hash}"` };
  // Compression runs on libuv's thread pool, off the event loop, once per tree version.
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(identity, { level: 6 }),
    brotliAsync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return { identity, gzip: gzipped, br: brotli, etag: `"${hash}"` };
};

type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts (q=0 refuses one). */
export const chooseEncoding = (acceptEncoding: string | undefined): Encoding => {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
};

const etagFor = (answer: PreparedAnswer, encoding: Encoding): string =>
  encoding === 'identity' ? answer.etag : `${answer.etag.slice(0, -1)}-${encoding}"`;

/** If-None-Match uses weak comparison: any representation of the same body matches. */
const matches = (ifNoneMatch: string | undefined, answer: PreparedAnswer): boolean => {
  if (!ifNoneMatch) return false;
  const opaque = answer.etag.slice(1, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    return tag === '*' || tag.replace(/^"|"$/g, '').replace(/-(gzip|br)$/, '') === opaque;
  });
};

/** Sends a prepared answer: 304 when the client's copy is current, else the best-encoded body. */
export const sendPrepared = (request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer): void => {
  const accepted = chooseEncoding(request.headers['accept-encoding']);
  const encoding: Encoding =
    accepted === 'br' && answer.br ? 'br' : accepted !== 'identity' && answer.gzip ? 'gzip' : 'identity';
  // The answer depends on the caller's token and is revalidated at every use.
  reply
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Authorization, Accept-Encoding')
    .header('etag', etagFor(answer, encoding));
  if (matches(request.headers['if-none-match'], answer)) {
    reply.code(304).send();
    return;
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = encoding === 'br' ? answer.br! : encoding === 'gzip' ? answer.gzip! : answer.identity;
  reply.type('application/json; charset=utf-8').send(body as never);
};
