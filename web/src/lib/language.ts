export const SUPPORTED_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Accepts the usual spellings (zh, zh_CN, en, en-us, ...) and maps them to a supported language. */
export const normalizeLanguage = (value: string | null | undefined): Language | null => {
  const lower = (value ?? '').trim().toLowerCase().replace('_', '-');
  if (lower === '') return null;
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh-CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
  return null;
};

/**
 * A `lang` query parameter wins (links can pick a language), then the stored preference; otherwise the
 * product's default. The browser's own language is deliberately not used: the product is Chinese first.
 */
export const resolveLanguage = (
  queryValue: string | null | undefined,
  storedValue: string | null | undefined,
) => normalizeLanguage(queryValue) ?? normalizeLanguage(storedValue) ?? DEFAULT_LANGUAGE;
