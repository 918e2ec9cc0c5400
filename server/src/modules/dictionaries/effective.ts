import type { DictionaryItem } from '@uniwim/contracts';
import { effectiveItem, type ItemFields, type OverrideFields } from './overrides';

type Status = 'active' | 'disabled';

/** A platform type's item as read for a tenant, with the tenant's override when it has one. */
export interface PlatformItemRead {
  code: string;
  typeStatus: Status;
  /** null: the type has no items. */
  item: (ItemFields & { value: string; locked: boolean }) | null;
  override: OverrideFields | null;
}

/** An item the tenant added: on its own type, or on an extendable platform type. */
export interface TenantItemRead extends ItemFields {
  code: string;
  value: string;
}

const byOrder = (a: DictionaryItem, b: DictionaryItem) => a.sort - b.sort || a.value.localeCompare(b.value);

const answerOf = (value: string, fields: ItemFields): DictionaryItem => ({
  value,
  name: fields.label,
  nameEn: fields.labelEn,
  color: fields.color,
  sort: fields.sort,
});

/**
 * What getValueByCode answers for each code: the tenant's own type of that code if it has one,
 * else the platform's type with the tenant's changes and additions. A disabled type answers no
 * items, a disabled item is left out (it cannot be chosen), and a code nobody defined answers [].
 */
export const effectiveDictionaries = (
  codes: readonly string[],
  read: {
    platformItems: readonly PlatformItemRead[];
    tenantTypes: readonly { code: string; status: Status }[];
    tenantItems: readonly TenantItemRead[];
  },
): Map<string, DictionaryItem[]> => {
  const answers = new Map<string, DictionaryItem[]>(codes.map((code) => [code, []]));
  const ownTypes = new Map(read.tenantTypes.map((type) => [type.code, type.status]));
  const platformTypes = new Map<string, Status>();
  for (const row of read.platformItems) {
    platformTypes.set(row.code, row.typeStatus);
    if (!row.item || ownTypes.has(row.code) || row.typeStatus !== 'active') continue;
    const fields = effectiveItem(row.item, row.override ?? undefined);
    if (fields.status === 'active') answers.get(row.code)?.push(answerOf(row.item.value, fields));
  }
  for (const item of read.tenantItems) {
    const typeStatus = ownTypes.get(item.code) ?? platformTypes.get(item.code);
    if (typeStatus !== 'active' || item.status !== 'active') continue;
    answers.get(item.code)?.push(answerOf(item.value, item));
  }
  for (const [code, status] of ownTypes) if (status !== 'active') answers.set(code, []);
  for (const items of answers.values()) items.sort(byOrder);
  return answers;
};
