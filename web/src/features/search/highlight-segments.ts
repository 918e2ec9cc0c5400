import type { HighlightRange } from '@uniwim/contracts/client';

export interface TextSegment {
  text: string;
  marked: boolean;
}

/** Cuts a text at the server's highlight ranges: marked and plain pieces in order (out-of-range ones ignored). */
export const highlightSegments = (text: string, ranges: readonly HighlightRange[]): TextSegment[] => {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const from = Math.max(start, at);
    const to = Math.min(end, text.length);
    if (to <= from) continue;
    if (from > at) segments.push({ text: text.slice(at, from), marked: false });
    segments.push({ text: text.slice(from, to), marked: true });
    at = to;
  }
  if (at < text.length) segments.push({ text: text.slice(at), marked: false });
  return segments;
};
