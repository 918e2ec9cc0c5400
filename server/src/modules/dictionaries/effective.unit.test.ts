import { describe, expect, it } from 'vitest';
import { effectiveDictionaries, type PlatformItemRead, type TenantItemRead } from './effective';
import { EMPTY_OVERRIDE } from './overrides';

const platformItem = (value: string, sort: number, extra: Partial<PlatformItemRead['item']> = {}) => ({
  value,
  label: value.toUpperCase(),
  labelEn: null,
  sort,
  color: null,
  status: 'active' as const,
  locked: false,
  ...extra,
});
const row = (
  code: string,
  item: PlatformItemRead['item'],
  override: PlatformItemRead['override'] = null,
) => ({
  code,
  typeStatus: 'active' as const,
  item,
  override,
});
const own = (code: string, value: string, sort: number): TenantItemRead => ({
  code,
  value,
  label: value,
  labelEn: null,
  sort,
  color: null,
  status: 'active',
});
const values = (answer: Map<string, { value: string }[]>, code: string) =>
  answer.get(code)?.map((i) => i.value);

describe('the dictionaries a tenant reads', () => {
  it("inherits the platform's items, with the tenant's changes and its own items, in order", () => {
    const answer = effectiveDictionaries(['device_type', 'nothing'], {
      platformItems: [
        row('device_type', platformItem('pump', 1)),
        row('device_type', platformItem('sensor', 2), { ...EMPTY_OVERRIDE, status: 'disabled' }),
        row('device_type', platformItem('valve', 3), { ...EMPTY_OVERRIDE, label: '阀', sort: 0 }),
      ],
      tenantTypes: [],
      tenantItems: [own('device_type', 'hydrant', 2)],
    });
    expect(values(answer, 'device_type')).toEqual(['valve', 'pump', 'hydrant']);
    expect(answer.get('device_type')?.[0]).toEqual({
      value: 'valve',
      name: '阀',
      nameEn: null,
      color: null,
      sort: 0,
    });
    expect(answer.get('nothing')).toEqual([]);
  });

  it("ignores a tenant's change of an item the platform locked", () => {
    const answer = effectiveDictionaries(['status'], {
      platformItems: [
        row('status', platformItem('online', 1, { locked: true }), { ...EMPTY_OVERRIDE, status: 'disabled' }),
      ],
      tenantTypes: [],
      tenantItems: [],
    });
    expect(values(answer, 'status')).toEqual(['online']);
  });

  it('answers nothing for a disabled type, and the tenant’s own type of a code wins', () => {
    const answer = effectiveDictionaries(['a', 'b', 'c'], {
      platformItems: [
        { ...row('a', platformItem('x', 1)), typeStatus: 'disabled' },
        row('b', platformItem('platform', 1)),
      ],
      tenantTypes: [
        { code: 'b', status: 'active' },
        { code: 'c', status: 'disabled' },
      ],
      tenantItems: [own('b', 'mine', 1), own('c', 'hidden', 1)],
    });
    expect(values(answer, 'a')).toEqual([]);
    expect(values(answer, 'b')).toEqual(['mine']);
    expect(values(answer, 'c')).toEqual([]);
  });
});
