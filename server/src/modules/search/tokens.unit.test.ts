import { beforeAll, describe, expect, it } from 'vitest';
import { highlightRanges, mergeRanges, snippetOf } from './highlight';
import { loadLexicon } from './lexicon';
import {
  indexVector,
  isBroadQuery,
  type Lexicon,
  parseQuery,
  quoteLexeme,
  runsOf,
  synonymLookup,
  tagQuery,
  textQuery,
} from './tokens';

let lexicon: Lexicon;
beforeAll(async () => {
  lexicon = await loadLexicon();
});

/** The lexemes of a tsvector literal with their positions. */
const lexemesOf = (literal: string) =>
  new Map(
    [...literal.matchAll(/'((?:[^']|'')*)'(?::([\w,]+))?/g)].map((m) => [
      m[1]!.replaceAll("''", "'"),
      m[2] ?? '',
    ]),
  );

describe('isBroadQuery', () => {
  const broad = (q: string) => isBroadQuery(parseQuery(q, lexicon, new Map())!);

  it('finds a query broad when one character or a short prefix can satisfy a clause', () => {
    expect(broad('水')).toBe(true);
    expect(broad('管 泵站')).toBe(true);
    expect(broad('pu')).toBe(true);
    expect(broad('管网')).toBe(false);
    expect(broad('漏损分析')).toBe(false);
    expect(broad('pump')).toBe(false);
    expect(broad('sbgl')).toBe(false);
  });
});

describe('the search tokenizer', () => {
  it('splits Chinese runs from Latin words and folds width and case', () => {
    expect(runsOf('ＤＭＡ分区计量 GB 50013'.normalize('NFKC').toLowerCase())).toEqual([
      { text: 'dma', han: false, offset: 0 },
      { text: '分区计量', han: true, offset: 3 },
      { text: 'gb', han: false, offset: 8 },
      { text: '50013', han: false, offset: 11 },
    ]);
  });

  it('indexes every character and neighbour pair, a pair at its first character', () => {
    const lexemes = lexemesOf(indexVector([{ text: '供水管网漏损', weight: 'C' }], [], lexicon));
    expect(lexemes.get('供')).toBe('1C');
    expect(lexemes.get('供水')).toBe('1C');
    expect(lexemes.get('管网')).toBe('3C');
    expect(lexemes.get('网漏')).toBe('4C');
    expect(lexemes.get('损')).toBe('6C');
    // A dictionary word of the trade, kept whole by the segmenter.
    expect(lexemes.has('供水管网')).toBe(true);
  });

  it('spells names in pinyin: initials of every suffix and syllables from each word', () => {
    const lexemes = lexemesOf(indexVector([{ text: '设备管理', weight: 'A', pinyin: true }], [], lexicon));
    for (const lexeme of ['sbgl', 'bgl', 'gl', 'shebeiguanli']) expect(lexemes.get(lexeme)).toBe('1A');
    const spaced = lexemesOf(indexVector([{ text: 'SaaS 工作台', weight: 'A', pinyin: true }], [], lexicon));
    expect(spaced.has('gzt')).toBe(true);
    expect(spaced.has('saas')).toBe(true);
  });

  it('keeps access tags without positions and never lets a query produce one', () => {
    const lexemes = lexemesOf(
      indexVector([{ text: '设备', weight: 'A' }], ['@source:menus', "@app:o'k"], lexicon),
    );
    expect(lexemes.get('@source:menus')).toBe('');
    expect(lexemes.get("@app:o'k")).toBe('');
    expect(textQuery(parseQuery('@source:menus', lexicon)!)).toBe("'source':* & 'menus':*");
    expect(quoteLexeme("o'k\\")).toBe("'o''k\\\\'");
  });

  it('asks for the phrase of bigrams up to four characters and for words beyond', () => {
    expect(textQuery(parseQuery('水', lexicon)!)).toBe("'水'");
    expect(textQuery(parseQuery('管网', lexicon)!)).toBe("'管网'");
    expect(textQuery(parseQuery('漏损控制', lexicon)!)).toBe("('漏损' <-> '损控' <-> '控制')");
    expect(textQuery(parseQuery('设备管理系统', lexicon)!)).toBe("(('设备' <-> '备管' <-> '管理') & '系统')");
    expect(textQuery(parseQuery('DMA 分区', lexicon)!)).toBe("'dma':* & '分区'");
    expect(parseQuery('！？ ,.', lexicon)).toBeNull();
  });

  it('ors a term with its synonyms', () => {
    const synonyms = synonymLookup([['泵站', '泵房', 'Pump Station']]);
    expect(textQuery(parseQuery('泵站 巡检', lexicon, synonyms)!)).toBe("('泵站' | '泵房') & '巡检'");
    expect(textQuery(parseQuery('泵房', lexicon, synonyms)!)).toBe("('泵房' | '泵站')");
  });

  it('writes access tag groups as a conjunction of alternatives', () => {
    expect(tagQuery([['@source:menus'], ['@app:a', '@app:b']])).toBe(
      "'@source:menus' & ('@app:a' | '@app:b')",
    );
  });
});

describe('highlights', () => {
  it('marks Chinese runs anywhere and Latin words at word starts, in the original text', () => {
    const query = parseQuery('管网 rep', lexicon)!;
    expect(highlightRanges('供水管网 Water Report', query, lexicon)).toEqual([
      [2, 4],
      [11, 14],
    ]);
    expect(highlightRanges('prepare', query, lexicon)).toEqual([]);
    // Full-width letters still mark the original characters.
    expect(highlightRanges('ＲＥＰＯＲＴ', parseQuery('report', lexicon)!, lexicon)).toEqual([[0, 6]]);
  });

  it('marks the characters pinyin initials or syllables spell, when asked to', () => {
    expect(highlightRanges('设备管理', parseQuery('gl', lexicon)!, lexicon, { pinyin: true })).toEqual([
      [2, 4],
    ]);
    expect(highlightRanges('设备管理', parseQuery('shebei', lexicon)!, lexicon, { pinyin: true })).toEqual([
      [0, 2],
    ]);
    expect(highlightRanges('设备管理', parseQuery('gl', lexicon)!, lexicon)).toEqual([]);
  });

  it('merges overlapping ranges and cuts a snippet around the first match', () => {
    expect(
      mergeRanges([
        [5, 7],
        [0, 2],
        [1, 3],
      ]),
    ).toEqual([
      [0, 3],
      [5, 7],
    ]);
    const body = `${'前'.repeat(200)}管网${'后'.repeat(200)}`;
    const { snippet, ranges } = snippetOf(body, [[200, 202]], 40);
    expect(snippet?.startsWith('…')).toBe(true);
    expect(snippet?.slice(ranges[0]![0], ranges[0]![1])).toBe('管网');
  });
});
