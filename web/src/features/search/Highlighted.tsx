import type { HighlightRange } from '@uniwim/contracts/client';
import { highlightSegments } from './highlight-segments';

/** A text with the query's matches marked; plain React text, never HTML from a record. */
export const Highlighted = ({ text, ranges }: { text: string; ranges: readonly HighlightRange[] }) => (
  <>
    {highlightSegments(text, ranges).map((segment, index) =>
      segment.marked ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
        <mark key={index} className="search-mark">
          {segment.text}
        </mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
        <span key={index}>{segment.text}</span>
      ),
    )}
  </>
);
