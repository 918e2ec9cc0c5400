/** How a user arranged one admin list: hidden columns and row density, kept in this browser. */
export interface TablePreferences {
  hidden: string[];
  density: 'large' | 'middle' | 'small';
}

export const DEFAULT_PREFERENCES: TablePreferences = { hidden: [], density: 'middle' };

/** Per user and per resource, so two people sharing a browser keep their own arrangement. */
export const preferencesKey = (accountKey: string, resource: string) =>
  `uniwim.admin.table.${accountKey}.${resource}`;

const DENSITIES = new Set(['large', 'middle', 'small']);

export const readPreferences = (storage: Pick<Storage, 'getItem'>, key: string): TablePreferences => {
  try {
    const parsed = JSON.parse(storage.getItem(key) ?? 'null') as Partial<TablePreferences> | null;
    if (!parsed || typeof parsed !== 'object') return DEFAULT_PREFERENCES;
    return {
      hidden: Array.isArray(parsed.hidden)
        ? parsed.hidden.filter((c): c is string => typeof c === 'string')
        : [],
      density: DENSITIES.has(parsed.density as string)
        ? (parsed.density as TablePreferences['density'])
        : 'middle',
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
};

export const writePreferences = (storage: Pick<Storage, 'setItem'>, key: string, value: TablePreferences) => {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only loses the arrangement, never the page.
  }
};
