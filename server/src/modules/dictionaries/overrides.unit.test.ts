import { describe, expect, it } from 'vitest';
import { EMPTY_OVERRIDE, effectiveItem, type ItemFields, isEmptyOverride, overrideFor } from './overrides';

const pump: ItemFields = { label: '水泵', labelEn: 'Pump', sort: 1, color: 'blue', status: 'active' };

describe('a tenant override of a platform item', () => {
  it('keeps only the fields that differ, so the others follow the platform', () => {
    expect(overrideFor(pump, { ...pump, label: '离心泵', status: 'disabled' })).toEqual({
      ...EMPTY_OVERRIDE,
      label: '离心泵',
      status: 'disabled',
    });
    expect(isEmptyOverride(overrideFor(pump, pump))).toBe(true);
  });

  it("shows the override's fields over the platform's", () => {
    const override = { ...EMPTY_OVERRIDE, label: '离心泵', sort: 9 };
    expect(effectiveItem({ ...pump, locked: false }, override)).toEqual({
      ...pump,
      label: '离心泵',
      sort: 9,
    });
    // A later platform change of a field the tenant left alone reaches the tenant.
    expect(effectiveItem({ ...pump, color: 'red', locked: false }, override).color).toBe('red');
  });

  it('is ignored while the platform locks the item', () => {
    const override = { ...EMPTY_OVERRIDE, status: 'disabled' as const };
    expect(effectiveItem({ ...pump, locked: true }, override)).toEqual(pump);
    expect(effectiveItem({ ...pump, locked: false }, undefined)).toEqual(pump);
  });
});
