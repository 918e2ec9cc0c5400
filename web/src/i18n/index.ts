import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, type Language, resolveLanguage } from '../lib/language';
import { LocalStorageKeys } from '../lib/storage-keys';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export const resources = {
  'zh-CN': { translation: zhCN },
  'en-US': { translation: enUS },
} as const;

/** The language for this page load: `?lang=` first, then the stored preference. */
export const detectLanguage = (): Language =>
  resolveLanguage(
    new URLSearchParams(location.search).get('lang'),
    localStorage.getItem(LocalStorageKeys.language),
  );

export const initI18n = (language: Language = detectLanguage()): i18n => {
  // Resources are bundled, so initialisation can finish before the first render.
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  document.documentElement.lang = language;
  return i18next;
};

export const changeLanguage = async (language: Language): Promise<void> => {
  localStorage.setItem(LocalStorageKeys.language, language);
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
};
