import type { HighlightRange } from '@uniwim/contracts';
import { isHan, type Lexicon, normalise, type ParsedQuery } from './tokens';

/*
 * Highlights are computed from the original text on the server and sent as offsets: the browser
 * marks them without ever rendering HTML that came from a record.
 */

/** The text normalised character by character, with each character's offset in the original. */
const normalisedWithOffsets = (text: string) => {
  let normalised = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of text) {
    const piece = normalise(character);
    for (let i = 0; i < piece.length; i++) {
      starts.push(offset);
      ends.push(offset + character.length);
    }
    normalised += piece;
    offset += character.length;
  }
  return { normalised, starts, ends };
};

const isWordCharacter = (character: string | undefined) =>
  character !== undefined && /[\p{L}\p{N}]/u.test(character) && !isHan(character);

/** Merges overlapping or touching ranges, in order. */
export const mergeRanges = (ranges: HighlightRange[]): HighlightRange[] => {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: HighlightRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
};

/** Where the Latin word is the initials or the start of the syllables of the text's Chinese characters. */
const pinyinRanges = (text: string, word: string, lexicon: Lexicon): HighlightRange[] => {
  const han: { start: number; end: number; character: string }[] = [];
  let offset = 0;
  for (const character of text) {
    if (isHan(character)) han.push({ start: offset, end: offset + character.length, character });
    offset += character.length;
  }
  if (han.length === 0) return [];
  const syllables = lexicon.syllables(han.map((entry) => entry.character).join(''));
  if (syllables.length !== han.length) return [];
  const range = (from: number, count: number): HighlightRange[] =>
    count > 0 ? [[han[from]!.start, han[from + count - 1]!.end]] : [];
  const initials = syllables.map((syllable) => syllable[0] ?? '').join('');
  const at = initials.indexOf(word);
  if (at >= 0) return range(at, word.length);
  // Full syllables from some character on: "shebei" marks 设备.
  for (let from = 0; from < syllables.length; from++) {
    let spelled = '';
    for (let count = 1; from + count <= syllables.length; count++) {
      spelled += syllables[from + count - 1];
      if (spelled.startsWith(word)) return range(from, count);
      if (!word.startsWith(spelled)) break;
    }
  }
  return [];
};

/** The ranges of `text` that the query matched: Chinese runs anywhere, Latin words at word starts, pinyin. */
export const highlightRanges = (
  text: string | null,
  query: ParsedQuery,
  lexicon: Lexicon,
  options: { pinyin?: boolean } = {},
): HighlightRange[] => {
  if (!text) return [];
  const { normalised, starts, ends } = normalisedWithOffsets(text);
  const ranges: HighlightRange[] = [];
  const mark = (needle: string, wordStart: boolean): boolean => {
    let found = false;
    for (let at = normalised.indexOf(needle); at >= 0; at = normalised.indexOf(needle, at + 1)) {
      if (wordStart && isWordCharacter(normalised[at - 1])) continue;
      ranges.push([starts[at]!, ends[at + needle.length - 1]!]);
      found = true;
    }
    return found;
  };
  for (const clause of query.clauses) {
    for (const term of clause.alternatives) {
      if (term.kind === 'han') {
        for (const word of term.words) mark(word, false);
        continue;
      }
      if (!mark(term.text, true) && options.pinyin) ranges.push(...pinyinRanges(text, term.text, lexicon));
    }
  }
  return mergeRanges(ranges);
};

/** Around the first match: a snippet of a long body, with the ranges moved into it. */
export const snippetOf = (
  body: string | null,
  ranges: HighlightRange[],
  length = 120,
): { snippet: string | null; ranges: HighlightRange[] } => {
  if (!body) return { snippet: null, ranges: [] };
  const first = ranges[0]?.[0] ?? 0;
  const start = Math.max(0, Math.min(first - Math.floor(length / 4), body.length - length));
  const end = Math.min(body.length, start + length);
  const prefix = start > 0 ? '…' : '';
  const suffix = end < body.length ? '…' : '';
  const moved = ranges
    .filter(([from, to]) => from >= start && to <= end)
    .map(([from, to]): HighlightRange => [from - start + prefix.length, to - start + prefix.length]);
  return { snippet: `${prefix}${body.slice(start, end)}${suffix}`, ranges: moved };
};
