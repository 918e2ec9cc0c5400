import type { CookieJar, KeyValueStorage } from './storage-keys';

/** An in-memory Web Storage for unit tests, which run in Node without a DOM. */
export const createMemoryStorage = (
  initial: Record<string, string> = {},
): KeyValueStorage & {
  snapshot(): Record<string, string>;
} => {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => {
      data.set(key, String(value));
    },
    removeItem: (key) => {
      data.delete(key);
    },
    snapshot: () => Object.fromEntries(data),
  };
};

/** Records every cookie string written, the way `document.cookie` receives them. */
export const createRecordingCookieJar = (readValue = ''): CookieJar & { writes: string[] } => {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return readValue;
    },
    set cookie(value: string) {
      writes.push(value);
    },
  };
};
