import type { ByteRange } from './storage/file-storage';

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (PDF viewers and resumed
 * downloads ask for parts): null to send the whole file (no header, several ranges, or another unit),
 * 'unsatisfiable' for a range outside the file.
 */
export const byteRangeOf = (header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' => {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
};
