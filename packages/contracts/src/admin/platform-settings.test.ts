import { describe, expect, it } from 'vitest';
import { checkPassword, holdPolicyToFloor, type PasswordPolicy } from '../password-policy';
import {
  PLATFORM_SETTINGS_DEFAULTS,
  platformSettingsSchema,
  readSettingsGroup,
  securityFloorsSchema,
} from './platform-settings';

const policy = (ruleType: number, minLength = 6, customRule = ''): PasswordPolicy => ({
  ruleType,
  customRule,
  minLength,
  weakPasswords: [],
});

describe('platform settings schema', () => {
  it('accepts its own defaults', () => {
    expect(platformSettingsSchema.parse(PLATFORM_SETTINGS_DEFAULTS)).toEqual(PLATFORM_SETTINGS_DEFAULTS);
  });

  it('names the bound in Chinese when a value goes past it', () => {
    const result = securityFloorsSchema.safeParse({
      ...PLATFORM_SETTINGS_DEFAULTS.securityFloors,
      lockoutMaxFailuresAtMost: 50,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      code: 'too_big',
      maximum: 20,
      message: '锁定前允许的失败次数上限不能大于20',
    });
  });

  it('reads a stored group field by field: what no longer validates falls back to its default', () => {
    expect(readSettingsGroup('logRetention', { loginLogDays: 30, usageLogDays: -1, extra: 1 })).toEqual({
      loginLogDays: 30,
      usageLogDays: 180,
      operationLogDays: 365,
    });
    expect(readSettingsGroup('securityFloors', 'garbage')).toEqual(PLATFORM_SETTINGS_DEFAULTS.securityFloors);
  });
});

describe('holdPolicyToFloor', () => {
  it("lifts a tenant's shorter length and weaker rule to the floor", () => {
    expect(holdPolicyToFloor(policy(6, 4), { ruleType: 3, minLength: 8 })).toMatchObject({
      ruleType: 3,
      minLength: 8,
    });
  });

  it('keeps what is already stronger than the floor', () => {
    expect(holdPolicyToFloor(policy(5, 12), { ruleType: 3, minLength: 8 })).toMatchObject({
      ruleType: 5,
      minLength: 12,
    });
  });

  it('asks for every class either rule asks for: 1 (upper, lower, digit) with 2 (special) makes 5', () => {
    expect(holdPolicyToFloor(policy(1), { ruleType: 2, minLength: 6 }).ruleType).toBe(5);
    expect(holdPolicyToFloor(policy(3), { ruleType: 1, minLength: 6 }).ruleType).toBe(1);
  });

  it('checks the floor rule beside a custom regex', () => {
    const held = holdPolicyToFloor(policy(4, 6, '^[a-z0-9]+$'), { ruleType: 3, minLength: 8 });
    expect(held).toMatchObject({ ruleType: 4, alsoRuleType: 3, minLength: 8 });
    expect(checkPassword('abcdefgh', held)).toBe('密码须包含字母和数字');
    expect(checkPassword('ABCD1234', held)).toBe('密码验证规则不通过');
    expect(checkPassword('abcd1234', held)).toBeNull();
  });

  it('a floor of rule 0 adds no character class', () => {
    expect(holdPolicyToFloor(policy(6, 10), { ruleType: 0, minLength: 8 })).toEqual(policy(6, 10));
  });
});
