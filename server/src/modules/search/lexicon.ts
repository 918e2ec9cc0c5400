import type { Lexicon } from './tokens';

/*
 * The segmenter (jieba: @node-rs/jieba, prebuilt native code from npm, MIT) and pinyin (pinyin-pro,
 * pure JavaScript, MIT) behind the tokenizer. Both are heavy: jieba's dictionary takes about 0.2 s to
 * load and pinyin-pro's tables some megabytes of memory. Nothing here is imported at start-up; the
 * first index write or search loads them once, so a server that is never searched never pays.
 */

/**
 * Words of the water and energy trades that jieba's general dictionary splits (供水管|网, 漏|损):
 * added with a high frequency, so the segmenter keeps them whole. Bigrams find them either way;
 * whole words rank a document that has the word above one that merely has its characters.
 */
export const DOMAIN_WORDS: readonly string[] = [
  '供水管网',
  '管网',
  '漏损',
  '漏损控制',
  '产销差',
  '分区计量',
  '二次供水',
  '泵房',
  '泵站',
  '水泵房',
  '排水',
  '污水处理',
  '水质监测',
  '农饮水',
  '水厂',
  '智慧水务',
  '抄表',
  '营收',
  '调度',
  '工单',
  '巡检',
  '阀门',
  '流量计',
  '压力计',
  '消防栓',
  '水表',
  '设备台账',
  '设备管理',
  '能耗',
  '光伏',
  '储能',
  '充电桩',
  '知识库',
  '工作台',
];

const DOMAIN_WORD_FREQUENCY = 200_000;

let loading: Promise<Lexicon> | undefined;

const load = async (): Promise<Lexicon> => {
  const [{ Jieba }, { dict }, { pinyin }] = await Promise.all([
    import('@node-rs/jieba'),
    import('@node-rs/jieba/dict.js'),
    import('pinyin-pro'),
  ]);
  const jieba = Jieba.withDict(dict);
  jieba.loadDict(Buffer.from(DOMAIN_WORDS.map((word) => `${word} ${DOMAIN_WORD_FREQUENCY} n`).join('\n')));
  return {
    // Without the HMM: unknown words stay as single characters rather than guesses, and the same text
    // always gives the same words (an index written today matches a query typed next year).
    words: (run) => jieba.cut(run, false),
    syllables: (run) => pinyin(run, { toneType: 'none', type: 'array', v: true }),
  };
};

/** The lexicon, loaded on first use and kept for the life of the process. */
export const loadLexicon = (): Promise<Lexicon> => {
  loading ??= load().catch((error: unknown) => {
    loading = undefined; // a later call tries again
    throw error;
  });
  return loading;
};
