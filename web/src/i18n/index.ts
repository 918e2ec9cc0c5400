import { useSyncExternalStore } from 'react';
import { type Language, resolveLanguage } from '../lib/language';
import { LocalStorageKeys } from '../lib/storage-keys';

export type { Language } from '../lib/language';

/** The language for this page load: `?lang=` first, then the stored preference. */
export const detectLanguage = (): Language =>
  resolveLanguage(
    typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang'),
    typeof localStorage === 'undefined' ? null : localStorage.getItem(LocalStorageKeys.language),
  );

/*
 * The page's language: a tiny external store that React reads with useSyncExternalStore, so a change
 * re-renders every component showing texts without a provider. Detected on first use.
 */
let current: Language | undefined;
const listeners = new Set<() => void>();

/** The page's current language (for code outside React; components use useLanguage). */
export const currentLanguage = (): Language => {
  current ??= detectLanguage();
  return current;
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** At start-up: detect the language and tell the document (screen readers, fonts, hyphenation). */
export const initLanguage = (language: Language = detectLanguage()): Language => {
  current = language;
  document.documentElement.lang = language;
  return language;
};

/** Switches the page's language, remembers the choice, and re-renders whatever shows texts. */
export const changeLanguage = (language: Language): void => {
  localStorage.setItem(LocalStorageKeys.language, language);
  document.documentElement.lang = language;
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
};

/** The page's current language; the component re-renders when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
