/**
 * A tenant's change of a platform item (issue 14): the fields a tenant may change, and how the
 * platform's item and the tenant's override make the item the tenant sees.
 */
export interface ItemFields {
  label: string;
  labelEn: string | null;
  sort: number;
  color: string | null;
  status: 'active' | 'disabled';
}

/** null: the field follows the platform's. */
export type OverrideFields = { [K in keyof ItemFields]: ItemFields[K] | null };

export const EMPTY_OVERRIDE: OverrideFields = {
  label: null,
  labelEn: null,
  sort: null,
  color: null,
  status: null,
};

const FIELDS = Object.keys(EMPTY_OVERRIDE) as (keyof ItemFields)[];

export const isEmptyOverride = (override: OverrideFields): boolean =>
  FIELDS.every((field) => override[field] === null);

/**
 * The override that makes the platform's item look like `wanted`. Only the fields that differ are
 * kept, so a field the tenant left as it was keeps following the platform's later changes.
 */
export const overrideFor = (platform: ItemFields, wanted: ItemFields): OverrideFields => {
  const override = { ...EMPTY_OVERRIDE } as Record<keyof ItemFields, unknown>;
  for (const field of FIELDS) {
    if (wanted[field] !== platform[field]) override[field] = wanted[field];
  }
  return override as OverrideFields;
};

/** What the tenant sees: the override's fields over the platform's, unless the platform locked the item. */
export const effectiveItem = (
  platform: ItemFields & { locked: boolean },
  override: OverrideFields | undefined,
): ItemFields => {
  const base: ItemFields = {
    label: platform.label,
    labelEn: platform.labelEn,
    sort: platform.sort,
    color: platform.color,
    status: platform.status,
  };
  if (!override || platform.locked) return base;
  return {
    label: override.label ?? base.label,
    labelEn: override.labelEn ?? base.labelEn,
    sort: override.sort ?? base.sort,
    color: override.color ?? base.color,
    status: override.status ?? base.status,
  };
};
