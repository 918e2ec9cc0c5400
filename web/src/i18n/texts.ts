import type { LocalText } from '@uniwim/contracts';
import { DEFAULT_LANGUAGE, type Language } from '../lib/language';
import { currentLanguage, useLanguage } from './index';

/**
 * Texts of one feature in every supported language, kept beside the feature (e.g. login/login-texts.ts).
 * Type the object with the Chinese texts' type, `LocalizedTexts<typeof zhCN>`: a key missing in
 * English is then a type error. Texts with values are functions: `(seconds: number) => \`…\``.
 */
export type LocalizedTexts<T> = Record<Language, T>;

/** The texts in a given language (code outside React; defaults to the page's current language). */
export const textsIn = <T>(texts: LocalizedTexts<T>, language: Language = currentLanguage()): T =>
  texts[language] ?? texts[DEFAULT_LANGUAGE];

/** The texts in the page's current language; the component re-renders when the language changes. */
export const useLocalizedTexts = <T>(texts: LocalizedTexts<T>): T => textsIn(texts, useLanguage());

/** One text of a feature in both languages, for what must follow a later language switch (a tab's name). */
export const localTextOf = <T>(texts: LocalizedTexts<T>, pick: (texts: T) => string): LocalText => ({
  zh: pick(texts['zh-CN']),
  en: pick(texts['en-US']),
});
