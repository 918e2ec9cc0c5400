import type { Seed } from '../../db/seed/seed-schema';
import { newId } from '../../platform/crypto/tokens';
import type { Tx } from '../../platform/db/database';
import { type ItemFields, isEmptyOverride, overrideFor } from './overrides';
import {
  platformDictionaryItems,
  platformDictionaryTypes,
  tenantDictionaryItems,
  tenantDictionaryOverrides,
  tenantDictionaryTypes,
} from './schema';

type DictionarySeed = Seed['platform']['dictionaries'][number];
type ItemSeed = DictionarySeed['items'][number];

const fieldsOf = (item: ItemSeed, platform?: ItemFields): ItemFields => ({
  label: item.name,
  labelEn: item.nameEn ?? platform?.labelEn ?? null,
  sort: item.sort,
  color: item.color ?? platform?.color ?? null,
  status: item.status ?? platform?.status ?? 'active',
});

/** The platform's dictionaries of a seed; answers each type's id and item ids by code and value. */
export const seedPlatformDictionaries = async (tx: Tx, dictionaries: DictionarySeed[]) => {
  const types = new Map<string, { id: string; items: Map<string, { id: string; fields: ItemFields }> }>();
  for (const dictionary of dictionaries) {
    const typeId = newId('dt-');
    await tx.insert(platformDictionaryTypes).values({
      id: typeId,
      code: dictionary.code,
      name: dictionary.name ?? dictionary.code,
      nameEn: dictionary.nameEn ?? null,
      extendable: dictionary.extendable ?? false,
    });
    const items = new Map<string, { id: string; fields: ItemFields }>();
    for (const item of dictionary.items) {
      const itemId = newId('di-');
      const fields = fieldsOf(item);
      items.set(item.value, { id: itemId, fields });
      await tx
        .insert(platformDictionaryItems)
        .values({ id: itemId, typeId, value: item.value, ...fields, locked: item.locked ?? false });
    }
    types.set(dictionary.code, { id: typeId, items });
  }
  return types;
};

/**
 * A tenant's dictionaries of a seed: on a platform code, its changes of platform items (by value)
 * and its own items; on another code, its own type (validate-seed checked what is allowed).
 */
export const seedTenantDictionaries = async (
  tx: Tx,
  tenantId: string,
  dictionaries: DictionarySeed[],
  platform: Awaited<ReturnType<typeof seedPlatformDictionaries>>,
) => {
  for (const dictionary of dictionaries) {
    const platformType = platform.get(dictionary.code);
    let tenantTypeId: string | null = null;
    if (!platformType) {
      tenantTypeId = newId('tdt-');
      await tx.insert(tenantDictionaryTypes).values({
        tenantId,
        id: tenantTypeId,
        code: dictionary.code,
        name: dictionary.name ?? dictionary.code,
        nameEn: dictionary.nameEn ?? null,
      });
    }
    for (const item of dictionary.items) {
      const platformItem = platformType?.items.get(item.value);
      if (platformItem) {
        const override = overrideFor(platformItem.fields, fieldsOf(item, platformItem.fields));
        if (!isEmptyOverride(override)) {
          await tx
            .insert(tenantDictionaryOverrides)
            .values({ tenantId, itemId: platformItem.id, ...override });
        }
        continue;
      }
      await tx.insert(tenantDictionaryItems).values({
        tenantId,
        id: newId('tdi-'),
        platformTypeId: platformType?.id ?? null,
        tenantTypeId,
        value: item.value,
        ...fieldsOf(item),
      });
    }
  }
};
