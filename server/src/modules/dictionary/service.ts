import type { DictionaryItem, DictionaryValues } from '@uniwim/contracts';
import type { ActiveSession } from '../sessions/repo';
import type { DictionaryRepo } from './repo';

const inOrder = (items: DictionaryItem[]): DictionaryItem[] =>
  items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.sort ?? 0) - (b.item.sort ?? 0) || a.index - b.index)
    .map(({ item }) => ({ value: item.value, name: item.name, sort: item.sort ?? 0 }));

/**
 * Dictionaries (device types, statuses, ...) for drop-downs and labels. A tenant's dictionary
 * replaces the platform's dictionary of the same code as a whole, so a tenant can also remove values.
 */
export const createDictionaryService = (repo: DictionaryRepo) => ({
  valuesByCode: async (
    session: Pick<ActiveSession, 'tenantId'>,
    codes: string[],
  ): Promise<DictionaryValues> => {
    const unique = [...new Set(codes)];
    const { platform, tenant } = await repo.findByCodes(session.tenantId, unique);
    const byCode = new Map<string, DictionaryItem[]>();
    for (const dictionary of platform) byCode.set(dictionary.code, dictionary.items);
    for (const dictionary of tenant) byCode.set(dictionary.code, dictionary.items);
    return Object.fromEntries(unique.map((code) => [code, inOrder(byCode.get(code) ?? [])]));
  },
});

export type DictionaryService = ReturnType<typeof createDictionaryService>;
