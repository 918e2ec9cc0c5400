import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS_DEFAULTS } from './platform-settings';
import {
  floorProblemsOf,
  TENANT_PRIVATE_POLICY_DEFAULTS,
  type TenantSecurityPolicy,
} from './tenant-settings';

const floors = PLATFORM_SETTINGS_DEFAULTS.securityFloors;
const policy = (changes: Partial<TenantSecurityPolicy> = {}): TenantSecurityPolicy => ({
  pwdRuleType: 3,
  pwdRule: '',
  pwdMinLength: 8,
  weakPasswordSetting: '',
  lockingIsOpen: '1',
  loginCountMax: 5,
  loginTimeSpan: 10,
  loginTime: 30,
  showVctCode: 0,
  twoFactorRequired: false,
  forcePasswordChange: '0',
  ...TENANT_PRIVATE_POLICY_DEFAULTS,
  ...changes,
});

describe('floorProblemsOf', () => {
  it('accepts a policy at or above every floor', () => {
    expect(floorProblemsOf(policy(), floors)).toEqual([]);
    expect(
      floorProblemsOf(policy({ pwdRuleType: 5, pwdMinLength: 12, loginCountMax: 3, loginTime: 60 }), floors),
    ).toEqual([]);
    // A tenant's own pattern is checked beside the floor's rule at every change: allowed.
    expect(floorProblemsOf(policy({ pwdRuleType: 4, pwdRule: '^.{8,}$' }), floors)).toEqual([]);
  });

  it('names each field and the floor it went past', () => {
    const problems = floorProblemsOf(
      policy({
        pwdMinLength: 6,
        lockingIsOpen: '0',
        loginCountMax: 10,
        loginTimeSpan: 5,
        loginTime: 10,
        accessTokenMinutes: 2000,
        refreshTokenHours: 9000,
      }),
      floors,
    );
    expect(problems.map((problem) => [problem.path, problem.floor, problem.floorValue])).toEqual([
      ['security.pwdMinLength', 'securityFloors.passwordMinLength', 8],
      ['security.lockingIsOpen', 'securityFloors.lockoutAlwaysOn', true],
      ['security.loginCountMax', 'securityFloors.lockoutMaxFailuresAtMost', 5],
      ['security.loginTimeSpan', 'securityFloors.lockoutWindowMinutesAtLeast', 10],
      ['security.loginTime', 'securityFloors.lockoutMinutesAtLeast', 30],
      ['security.accessTokenMinutes', 'securityFloors.accessTokenMaxMinutes', 1440],
      ['security.refreshTokenHours', 'securityFloors.refreshTokenMaxHours', 240],
    ]);
  });

  it('compares character rules by what they ask for', () => {
    const strict = { ...floors, passwordMinRuleType: 1 as const };
    expect(floorProblemsOf(policy({ pwdRuleType: 3 }), strict)[0]?.path).toBe('security.pwdRuleType');
    expect(floorProblemsOf(policy({ pwdRuleType: 5 }), strict)).toEqual([]);
    expect(floorProblemsOf(policy({ pwdRuleType: 2 }), strict)[0]?.floor).toBe(
      'securityFloors.passwordMinRuleType',
    );
  });
});
