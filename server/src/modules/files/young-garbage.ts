import type { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Every piece of an upload arrives in a fresh 64 KB buffer of the socket, garbage as soon as it is
 * written; V8 collects them only when its young generation fills (16 MB and more), so a fast large
 * upload held some 30 MB of dead buffers at once (bench file-upload). A young-generation collection
 * every few megabytes (about a millisecond each) keeps that near the collection's step. Node exposes
 * no collector call without --expose-gc, hence the flag, set for this one function.
 */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
export const collectYoungGarbage = ((): (() => void) => {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as (options: { type: 'minor' }) => void;
    return () => gc({ type: 'minor' });
  } catch {
    return () => undefined;
  }
})();

/** Collects young garbage every COLLECT_EVERY_BYTES that flow through `stream` (a file sent on). */
export const collectingAsItFlows = <T extends Readable>(stream: T): T => {
  let flowed = 0;
  stream.on('data', (chunk: Buffer) => {
    const before = Math.floor(flowed / COLLECT_EVERY_BYTES);
    flowed += chunk.length;
    if (Math.floor(flowed / COLLECT_EVERY_BYTES) > before) collectYoungGarbage();
  });
  return stream;
};
