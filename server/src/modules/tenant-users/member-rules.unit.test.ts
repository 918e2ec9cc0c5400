import { describe, expect, it } from 'vitest';
import { assertNotProtected, expiryMoment, maskedMobile } from './member-rules';

describe('member rules', () => {
  it('masks a mobile like 139****0001', () => {
    expect(maskedMobile('13900000001')).toBe('139****0001');
    expect(maskedMobile(null)).toBeNull();
  });

  it('reads a day as its end in platform time', () => {
    expect(expiryMoment('2026-12-31')?.toISOString()).toBe('2026-12-31T15:59:59.999Z');
    expect(expiryMoment(null)).toBeNull();
    expect(expiryMoment(undefined)).toBeUndefined();
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
