import { useSyncExternalStore } from 'react';
import { type Language, normalizeLanguage, resolveLanguage } from '../lib/language';
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

/** Shows the page in `language`: the document's lang, and every component showing texts. */
const applyLanguage = (language: Language): void => {
  document.documentElement.lang = language;
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
};

/**
 * Another page of this origin stored a new choice (the shell around a framed page, another browser
 * tab): this page follows it at once, so open tabs do not keep the old language until reloaded
 * (issue 25). The browser sends `storage` to every other document of the origin, frames included.
 */
export const followStoredLanguage = (event: Pick<StorageEvent, 'key' | 'newValue'>): void => {
  if (event.key !== LocalStorageKeys.language) return;
  const language = normalizeLanguage(event.newValue);
  if (language) applyLanguage(language);
};

/** At start-up: detect the language, tell the document, and follow a choice made in another page. */
export const initLanguage = (language: Language = detectLanguage()): Language => {
  current = language;
  document.documentElement.lang = language;
  if (typeof window !== 'undefined') {
    window.removeEventListener('storage', followStoredLanguage);
    window.addEventListener('storage', followStoredLanguage);
  }
  return language;
};

/** Switches the page's language, remembers the choice, and re-renders whatever shows texts. */
export const changeLanguage = (language: Language): void => {
  localStorage.setItem(LocalStorageKeys.language, language);
  applyLanguage(language);
};

/** The page's current language; the component re-renders when it changes. */
export const useLanguage = (): Language => useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
