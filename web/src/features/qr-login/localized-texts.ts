import { useTranslation } from 'react-i18next';
import type { Language } from '../../lib/language';

/** Texts of one feature in every supported language; en-US must have the same keys as zh-CN. */
export type LocalizedTexts<T> = Record<Language, T>;

/** The texts for the page's current language (kept beside the feature; the global catalogue stays untouched). */
export const useLocalizedTexts = <T>(texts: LocalizedTexts<T>): T => {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  return texts[language] ?? texts['zh-CN'];
};
