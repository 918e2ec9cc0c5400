import { describe, expect, it } from 'vitest';
import { assertNotProtected, expiryMoment, maskedMobile } from './member-rules';

describe('member rules', () => {
  it('masks a mobile like 139****0001', () => {
    expect(maskedMobile('13900000001')).toBe('139****0001');
    expect(maskedMobile(null)).toBeNull();
  });

  it("reads a day as its end in the tenant's time zone", () => {
    expect(expiryMoment('2026-12-31', 'Asia/Shanghai')?.toISOString()).toBe('2026-12-31T15:59:59.999Z');
    expect(expiryMoment('2026-12-31', 'America/New_York')?.toISOString()).toBe('2027-01-01T04:59:59.999Z');
    expect(expiryMoment('2026-07-01', 'America/New_York')?.toISOString()).toBe('2026-07-02T03:59:59.999Z');
    expect(expiryMoment('2026-12-31T08:00:00.000Z', 'Asia/Shanghai')?.toISOString()).toBe(
      '2026-12-31T08:00:00.000Z',
    );
    expect(expiryMoment(null, 'Asia/Shanghai')).toBeNull();
    expect(expiryMoment(undefined, 'Asia/Shanghai')).toBeUndefined();
  });

  it('protects the operator and the last administrator', () => {
    const base = { operatorId: 'me', otherAdmins: 0, what: '停用' };
    expect(() => assertNotProtected({ ...base, targets: [{ id: 'me', activeAdmin: false }] })).toThrow(
      '不能停用自己的账号',
    );
    expect(() => assertNotProtected({ ...base, targets: [{ id: 'a', activeAdmin: true }] })).toThrow(
      '不能停用租户的最后一名管理员',
    );
    expect(() =>
      assertNotProtected({ ...base, otherAdmins: 1, targets: [{ id: 'a', activeAdmin: true }] }),
    ).not.toThrow();
    expect(() => assertNotProtected({ ...base, targets: [{ id: 'b', activeAdmin: false }] })).not.toThrow();
  });
});
