import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, type SniffedType, sniffType } from './sniff';
import { COLLECT_EVERY_BYTES, collectYoungGarbage } from './young-garbage';

/** An upload written to a temporary file, measured, hashed and typed from its content. */
export interface ReceivedFile {
  tempPath: string;
  size: number;
  sha256: string;
  sniffed: SniffedType;
}

/** Why a received file was not kept; the caller turns it into the typed error. */
export type Refusal = { reason: 'too-large' } | { reason: 'empty' } | { reason: 'type'; message: string };

export class ReceiveRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/**
 * Streams `source` into a temporary file under `tempDir`, never holding more than the sniffed head
 * in memory. The type is decided from the first SNIFF_BYTES; once a file is refused (its type, or
 * more than `maxBytes`), nothing more is written but the source is still read to its end, so an
 * HTTP request is consumed and its answer reaches the client. `truncated` reports a source that
 * stopped at its own limit (a multipart part cut by the parser). The temporary file is removed on
 * any failure; on success it belongs to the caller.
 */
export const receiveToTempFile = async (
  source: Readable,
  options: {
    tempDir: string;
    maxBytes: number;
    /** The refusal message for this type, or null when the type is accepted. */
    refuse(sniffed: SniffedType): string | null;
    truncated?: () => boolean;
  },
): Promise<ReceivedFile> => {
  await mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  let sniffed: SniffedType | null = null;
  let refusal: Refusal | null = null;

  const decide = (complete: boolean) => {
    if (sniffed) return;
    sniffed = sniffType(Buffer.concat(headChunks, headLength), complete);
    const message = options.refuse(sniffed);
    if (message) refusal = { reason: 'type', message };
  };

  const intake = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      if (Math.floor((size + chunk.length) / COLLECT_EVERY_BYTES) > Math.floor(size / COLLECT_EVERY_BYTES)) {
        collectYoungGarbage();
      }
      size += chunk.length;
      if (refusal) return done();
      if (size > options.maxBytes) {
        refusal = { reason: 'too-large' };
        return done();
      }
      hash.update(chunk);
      if (!sniffed) {
        headChunks.push(chunk);
        headLength += chunk.length;
        if (headLength < SNIFF_BYTES) return done();
        decide(false);
        // The head was held back until the type was known; it goes out in one piece.
        const head = Buffer.concat(headChunks, headLength);
        headChunks.length = 0;
        return refusal ? done() : done(null, head);
      }
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      if (!sniffed && !refusal) {
        decide(true);
        const head = Buffer.concat(headChunks, headLength);
        headChunks.length = 0;
        if (!refusal && head.length > 0) this.push(head);
      }
      done();
    },
  });

  try {
    await pipeline(source, intake, createWriteStream(tempPath));
    if (options.truncated?.()) refusal = { reason: 'too-large' };
    if (!refusal && size === 0) refusal = { reason: 'empty' };
    if (refusal) throw new ReceiveRefused(refusal);
    return { tempPath, size, sha256: hash.digest('hex'), sniffed: sniffed! };
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
};
