import { z } from 'zod';
import type { LocalText } from './admin/resource';
import { recordVersionSchema } from './integers';

/*
 * The header search (globalSearch "1") and its settings page (/searchSet at
 * /ump/admin/search-settings, issue 14), declared once. Sources (menu items, applications, the admin
 * console's pages now; notices, knowledge, devices later) are registered on the server; what the
 * browser sees of them is a name and a title.
 */

export const SEARCH_QUERY_MAX_LENGTH = 100;
/** The shells the header search runs in: index.html searches applications, admin.html the console. */
export const SEARCH_SHELLS = ['index', 'admin'] as const;
export type SearchShell = (typeof SEARCH_SHELLS)[number];

export const SEARCH_SOURCE_NAME = /^[a-z][a-z0-9-]{1,39}$/;

const localTextSchema = z.object({ zh: z.string(), en: z.string() });

export const searchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, { error: '请输入搜索内容' })
    .max(SEARCH_QUERY_MAX_LENGTH, { error: `搜索内容不能超过${SEARCH_QUERY_MAX_LENGTH}个字` }),
  shell: z.enum(SEARCH_SHELLS).default('index'),
  /** Hits per source. */
  limit: z.coerce.number().int().min(1).max(20).default(5),
  /** Visitors: the page's tenant (code or id), as for mergeUserMenuTree. */
  tenant: z.string().min(1).max(100).optional(),
  uniwater_utoken: z.string().max(1000).optional(),
  token: z.string().max(1000).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** [start, end) offsets (UTF-16 code units) of matched text, in order and apart. */
export const highlightRangesSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export type HighlightRange = [number, number];

/** How the shell opens a hit: a menu item of its tree, an application's first item, or a built-in route. */
export const searchOpenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('menu'), menuId: z.string() }),
  z.object({ kind: z.literal('application'), applicationId: z.string() }),
  z.object({ kind: z.literal('route'), route: z.string(), name: z.string() }),
]);
export type SearchOpen = z.infer<typeof searchOpenSchema>;

export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  snippet: z.string().nullable(),
  highlights: z.object({
    title: highlightRangesSchema,
    subtitle: highlightRangesSchema,
    snippet: highlightRangesSchema,
  }),
  open: searchOpenSchema,
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({
  source: z.string(),
  title: localTextSchema,
  hits: z.array(searchHitSchema),
  /** More hits than shown. */
  more: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchAnswerSchema = z.object({
  q: z.string(),
  /** Groups with hits, the best first. */
  groups: z.array(searchGroupSchema),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

export const searchHotWordsAnswerSchema = z.object({ hotWords: z.array(z.string()) });
export type SearchHotWordsAnswer = z.infer<typeof searchHotWordsAnswerSchema>;

// The settings page.

export const SEARCH_WEIGHT_MIN = 0.1;
export const SEARCH_WEIGHT_MAX = 10;
export const SEARCH_HOT_WORDS_MAX = 10;
export const SEARCH_SYNONYM_GROUPS_MAX = 200;
const TERM_MAX = 30;

/** Letters, digits or Chinese characters: what the tokenizer keeps (punctuation alone finds nothing). */
const SEARCHABLE = /[\p{L}\p{N}]/u;

const term = (what: string, max: number) =>
  z
    .string({ error: `${what}必须是文本` })
    .trim()
    .min(1, { error: `请输入${what}` })
    .max(max, { error: `${what}不能超过${max}个字` })
    .refine((value) => SEARCHABLE.test(value), { error: `${what}须包含文字或数字` });

export const searchSourceSettingSchema = z.strictObject({
  source: z.string().regex(SEARCH_SOURCE_NAME, { error: '搜索来源名称不正确' }),
  enabled: z.boolean({ error: '是否启用须为是或否' }),
  weight: z
    .number({ error: '权重必须是数字' })
    .min(SEARCH_WEIGHT_MIN, { error: `权重不能小于${SEARCH_WEIGHT_MIN}` })
    .max(SEARCH_WEIGHT_MAX, { error: `权重不能大于${SEARCH_WEIGHT_MAX}` }),
});
export type SearchSourceSetting = z.infer<typeof searchSourceSettingSchema>;

const normalisedTerm = (value: string) => value.normalize('NFKC').toLowerCase().trim();

export const searchSettingsSchema = z
  .strictObject({
    sources: z.array(searchSourceSettingSchema).max(50, { error: '搜索来源最多50个' }),
    /** Groups of words that find each other: searching one finds the others too. */
    synonyms: z
      .array(
        z
          .array(term('同义词', TERM_MAX))
          .min(2, { error: '每组同义词至少两个词' })
          .max(10, { error: '每组同义词最多10个词' }),
      )
      .max(SEARCH_SYNONYM_GROUPS_MAX, { error: `同义词最多${SEARCH_SYNONYM_GROUPS_MAX}组` }),
    /** Shown under the search box, in this order. */
    hotWords: z
      .array(term('热词', 20))
      .max(SEARCH_HOT_WORDS_MAX, { error: `热词最多${SEARCH_HOT_WORDS_MAX}个` }),
  })
  .superRefine((settings, context) => {
    const seenSources = new Set<string>();
    settings.sources.forEach((source, index) => {
      if (seenSources.has(source.source))
        context.addIssue({ code: 'custom', path: ['sources', index, 'source'], message: '搜索来源重复' });
      seenSources.add(source.source);
    });
    const groupOf = new Map<string, number>();
    settings.synonyms.forEach((group, groupIndex) => {
      group.forEach((word, wordIndex) => {
        const key = normalisedTerm(word);
        const earlier = groupOf.get(key);
        if (earlier !== undefined)
          context.addIssue({
            code: 'custom',
            path: ['synonyms', groupIndex, wordIndex],
            message:
              earlier === groupIndex
                ? `同义词“${word}”在本组重复`
                : `同义词“${word}”已在第${earlier + 1}组中`,
          });
        else groupOf.set(key, groupIndex);
      });
    });
    const seenHotWords = new Set<string>();
    settings.hotWords.forEach((word, index) => {
      const key = normalisedTerm(word);
      if (seenHotWords.has(key))
        context.addIssue({ code: 'custom', path: ['hotWords', index], message: `热词“${word}”重复` });
      seenHotWords.add(key);
    });
  });
export type SearchSettings = z.infer<typeof searchSettingsSchema>;

export const searchSettingsSaveSchema = z.strictObject({
  settings: searchSettingsSchema,
  /** The version the page read: a save over a newer one answers 409 VERSION_CONFLICT. */
  version: recordVersionSchema,
});
export type SearchSettingsSave = z.infer<typeof searchSettingsSaveSchema>;

export const searchSourceStatusSchema = z.object({
  source: z.string(),
  title: localTextSchema,
  description: localTextSchema,
  /** Shells whose header search asks this source. */
  shells: z.array(z.enum(SEARCH_SHELLS)),
  defaultWeight: z.number(),
  /** Indexed records this tenant's searches look through (before each user's own filter). */
  documents: z.number().int(),
  /** Changed records waiting to be indexed again. */
  pending: z.number().int(),
});
export type SearchSourceStatus = z.infer<typeof searchSourceStatusSchema>;

export const searchSettingsAnswerSchema = z.object({
  /** Every registered source appears in settings.sources, with its default when never saved. */
  settings: searchSettingsSchema,
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  sources: z.array(searchSourceStatusSchema),
});
export type SearchSettingsAnswer = z.infer<typeof searchSettingsAnswerSchema>;

export const SEARCH_ANALYTICS_DAYS = [1, 7, 30, 90] as const;

export const searchAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days) => (SEARCH_ANALYTICS_DAYS as readonly number[]).includes(days), {
      error: `统计天数只能是${SEARCH_ANALYTICS_DAYS.join('、')}`,
    })
    .default(30),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const searchQueryFigureSchema = z.object({
  query: z.string(),
  searches: z.number().int(),
  withoutResults: z.number().int(),
  lastAt: z.string(),
});
export type SearchQueryFigure = z.infer<typeof searchQueryFigureSchema>;

export const searchAnalyticsAnswerSchema = z.object({
  days: z.number().int(),
  searches: z.number().int(),
  withoutResults: z.number().int(),
  /** The queries searched most, most first. */
  topQueries: z.array(searchQueryFigureSchema),
  /** Queries that found nothing, most searched first: what users miss. */
  queriesWithoutResults: z.array(searchQueryFigureSchema),
});
export type SearchAnalyticsAnswer = z.infer<typeof searchAnalyticsAnswerSchema>;

/** How a source presents itself on the settings page. */
export interface SearchSourceTitle {
  title: LocalText;
  description: LocalText;
}
