/*
 * The one tokenizer of the search index, used at index time and at query time so both see the same
 * tokens (shared/research/application-sections.md, section 3). PostgreSQL's `simple` parser keeps a
 * run of Chinese characters as one lexeme, which cannot find 管网 inside 供水管网漏损; so the app
 * writes the lexemes itself:
 *  - Latin and number words, lower-cased (NFKC first: full-width ＤＭＡ is dma);
 *  - every Chinese character (unigram) and every pair of neighbours (bigram), a bigram at the position
 *    of its first character, so a query of n characters is the phrase of its bigrams (管网 <-> 网漏);
 *  - the dictionary words of longer runs (a segmenter's), for whole-word ranking;
 *  - for names (menu items, applications), pinyin: the initials of every suffix (sbgl, bgl, gl for
 *    设备管理) and the full syllables from each word start (shebeiguanli, guanli), matched as prefixes.
 * Access tags (`@…`) sit beside them without positions; no query text can produce one, because the
 * query side keeps letters, digits and Chinese characters only.
 */

export type Weight = 'A' | 'B' | 'C' | 'D';

/** What the tokenizer needs of a dictionary: a segmenter's words and pinyin. */
export interface Lexicon {
  /** The dictionary words of a run of Chinese characters, in order; joined, they give the run back. */
  words(run: string): string[];
  /** One pinyin syllable (no tone, lower case) per character of a run of Chinese characters. */
  syllables(run: string): string[];
}

export interface IndexField {
  text: string;
  weight: Weight;
  /** Index pinyin initials and syllables (names people type in pinyin). */
  pinyin?: boolean;
}

/** PostgreSQL keeps positions up to 16383 and at most 256 per lexeme. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 256;
/** Long bodies are indexed up to here: a search box finds a record by what it is, not page 40. */
export const MAX_INDEXED_CHARACTERS = 8_000;
/** Pinyin is for names: the Chinese characters of a name beyond this are not spelled out. */
const MAX_PINYIN_CHARACTERS = 16;
/** A Latin word longer than this is cut (a pasted hash or URL would make a useless lexeme). */
const MAX_WORD_LENGTH = 40;
/** Query runs up to this length are one phrase; longer ones are split into dictionary words. */
const MAX_PHRASE_CHARACTERS = 4;
export const MAX_QUERY_TERMS = 8;

const HAN = /\p{Script=Han}/u;
const RUNS = /(\p{Script=Han}+)|((?:(?!\p{Script=Han})[\p{L}\p{N}])+)/gu;

export const normalise = (text: string): string => text.normalize('NFKC').toLowerCase();

export interface Run {
  text: string;
  han: boolean;
  /** Offset of the run in the normalised text. */
  offset: number;
}

/** The runs of Chinese characters and of other letters or digits, in order; everything else separates. */
export const runsOf = (normalised: string): Run[] => {
  const runs: Run[] = [];
  for (const match of normalised.matchAll(RUNS)) {
    const han = match[1] !== undefined;
    const text = han ? match[0] : match[0].slice(0, MAX_WORD_LENGTH);
    runs.push({ text, han, offset: match.index });
  }
  return runs;
};

/** Characters by code point (a rare Han character outside the BMP is one character, not two halves). */
const chars = (text: string): string[] => Array.from(text);

/** The lexemes of one document and where they are, written as a tsvector literal. */
class VectorBuilder {
  private readonly positions = new Map<string, Set<string>>();
  private readonly tags = new Set<string>();

  add(lexeme: string, position: number, weight: Weight): void {
    if (lexeme === '') return;
    const at = `${Math.min(Math.max(position, 1), MAX_POSITION)}${weight}`;
    let set = this.positions.get(lexeme);
    if (!set) {
      set = new Set();
      this.positions.set(lexeme, set);
    }
    if (set.size < MAX_POSITIONS_PER_LEXEME) set.add(at);
  }

  tag(tag: string): void {
    this.tags.add(tag);
  }

  toLiteral(): string {
    const parts: string[] = [];
    for (const [lexeme, at] of this.positions) parts.push(`${quoteLexeme(lexeme)}:${[...at].join(',')}`);
    for (const tag of this.tags) if (!this.positions.has(tag)) parts.push(quoteLexeme(tag));
    return parts.join(' ');
  }
}

/** A lexeme in tsvector or tsquery input: quoted, quotes doubled and backslashes escaped. */
export const quoteLexeme = (lexeme: string): string =>
  `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** Pinyin lexemes of a name's Chinese characters: initials of every suffix, syllables from word starts. */
const addPinyin = (
  vector: VectorBuilder,
  han: string,
  position: number,
  weight: Weight,
  lexicon: Lexicon,
) => {
  const characters = chars(han).slice(0, MAX_PINYIN_CHARACTERS);
  if (characters.length === 0) return;
  const text = characters.join('');
  const syllables = lexicon.syllables(text);
  if (syllables.length !== characters.length) return;
  for (let start = 0; start < syllables.length; start++) {
    const initials = syllables
      .slice(start)
      .map((syllable) => syllable[0] ?? '')
      .join('');
    if (initials.length >= 2 || syllables.length === 1) vector.add(initials, position, weight);
  }
  let start = 0;
  for (const word of lexicon.words(text)) {
    vector.add(syllables.slice(start).join(''), position, weight);
    start += chars(word).length;
    if (start >= syllables.length) break;
  }
};

/**
 * The tsvector literal of a document's fields (title first: positions run on across fields, with a gap,
 * so a phrase never spans two fields) plus its access tags.
 */
export const indexVector = (
  fields: readonly IndexField[],
  tags: readonly string[],
  lexicon: Lexicon,
): string => {
  const vector = new VectorBuilder();
  let position = 1;
  for (const field of fields) {
    const text = normalise(field.text.slice(0, MAX_INDEXED_CHARACTERS));
    const fieldStart = position;
    let han = '';
    for (const run of runsOf(text)) {
      if (!run.han) {
        vector.add(run.text, position, field.weight);
        position += 1;
        continue;
      }
      han += run.text;
      const characters = chars(run.text);
      characters.forEach((character, i) => {
        vector.add(character, position + i, field.weight);
        const next = characters[i + 1];
        if (next !== undefined) vector.add(character + next, position + i, field.weight);
      });
      if (characters.length > 2) {
        let offset = 0;
        for (const word of lexicon.words(run.text)) {
          const length = chars(word).length;
          if (length > 2) vector.add(word, position + offset, field.weight);
          offset += length;
        }
      }
      // A gap after the run: 设备 管理 are two words, not the phrase 设备管理.
      position += characters.length + 1;
    }
    if (field.pinyin) addPinyin(vector, han, fieldStart, field.weight, lexicon);
    position += 2;
  }
  for (const tag of tags) vector.tag(tag);
  return vector.toLiteral();
};

/** One thing a query asks for: a Latin word (a prefix) or a run of Chinese characters. */
export type QueryTerm = { kind: 'word'; text: string } | { kind: 'han'; text: string; words: string[] };

/** A query term with the synonyms the settings give it: any of them may match. */
export interface QueryClause {
  alternatives: QueryTerm[];
}

export interface ParsedQuery {
  clauses: QueryClause[];
}

/** Synonym groups as the settings hold them, looked up by normalised term. */
export const synonymLookup = (groups: readonly (readonly string[])[]): Map<string, string[]> => {
  const lookup = new Map<string, string[]>();
  for (const group of groups) {
    const terms = [...new Set(group.map((term) => normalise(term).trim()).filter((term) => term !== ''))];
    for (const term of terms)
      lookup.set(term, [...(lookup.get(term) ?? []), ...terms.filter((t) => t !== term)]);
  }
  return lookup;
};

const termOf = (run: Run, lexicon: Lexicon): QueryTerm =>
  run.han
    ? {
        kind: 'han',
        text: run.text,
        words: chars(run.text).length > MAX_PHRASE_CHARACTERS ? lexicon.words(run.text) : [run.text],
      }
    : { kind: 'word', text: run.text };

/** The terms of one alternative spelling (a synonym may itself be several runs: "DMA 分区"). */
const termsOf = (text: string, lexicon: Lexicon): QueryTerm[] =>
  runsOf(normalise(text)).map((run) => termOf(run, lexicon));

/** A query as terms, each with its synonyms; null when nothing in it can be searched. */
export const parseQuery = (
  query: string,
  lexicon: Lexicon,
  synonyms: ReadonlyMap<string, readonly string[]> = new Map(),
): ParsedQuery | null => {
  const runs = runsOf(normalise(query)).slice(0, MAX_QUERY_TERMS);
  if (runs.length === 0) return null;
  const clauses = runs.map((run): QueryClause => {
    const alternatives: QueryTerm[] = [termOf(run, lexicon)];
    for (const synonym of synonyms.get(run.text) ?? []) {
      const terms = termsOf(synonym, lexicon);
      // A synonym of several runs stands for the whole clause only when it is one term.
      if (terms.length === 1) alternatives.push(terms[0]!);
    }
    return { alternatives };
  });
  return { clauses };
};

/** The phrase of a run's bigrams, or the character itself for one character. */
const phraseOf = (run: string): string => {
  const characters = chars(run);
  if (characters.length === 1) return quoteLexeme(run);
  const bigrams: string[] = [];
  for (let i = 0; i + 1 < characters.length; i++)
    bigrams.push(quoteLexeme(characters[i]! + characters[i + 1]!));
  return bigrams.length === 1 ? bigrams[0]! : `(${bigrams.join(' <-> ')})`;
};

const termQuery = (term: QueryTerm): string => {
  if (term.kind === 'word') return `${quoteLexeme(term.text)}:*`;
  const words = term.words.map(phraseOf);
  return words.length === 1 ? words[0]! : `(${words.join(' & ')})`;
};

/**
 * Whether a query may match a large share of the index: a clause that one Chinese character or a
 * Latin prefix under three letters satisfies. Its best plan may then walk the viewer's scope rather
 * than the text index (水 is in 57,000 of 100,000 items), so it is planned for its own words (the
 * repository writes its match into the statement).
 */
export const isBroadQuery = (parsed: ParsedQuery): boolean =>
  parsed.clauses.some((clause) =>
    clause.alternatives.some((term) =>
      term.kind === 'han' ? chars(term.text).length < 2 : term.text.length < 3,
    ),
  );

/** The tsquery text of a parsed query: clauses ANDed, a clause's synonyms ORed. */
export const textQuery = (parsed: ParsedQuery): string =>
  parsed.clauses
    .map((clause) => {
      const parts = clause.alternatives.map(termQuery);
      return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
    })
    .join(' & ');

/** Access tags as a tsquery: every group must hold, any tag of a group will do. */
export const tagQuery = (groups: readonly (readonly string[])[]): string =>
  groups
    .map((group) => {
      const parts = group.map(quoteLexeme);
      return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
    })
    .join(' & ');

export const isHan = (character: string): boolean => HAN.test(character);
