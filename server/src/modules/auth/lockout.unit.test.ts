import { describe, expect, it } from 'vitest';
import { lockoutSettingsFrom, strictestLockout, wrongCredentialsMessage } from './lockout';

const settings = (
  lockingIsOpen: '0' | '1',
  loginCountMax: string,
  loginTimeSpan: string,
  loginTime: string,
) => lockoutSettingsFrom({ lockingIsOpen, loginCountMax, loginTimeSpan, loginTime });

describe('the strictest lock-out of several scopes', () => {
  it('is on when any scope has it on, ignoring the settings of scopes that switched it off', () => {
    const result = strictestLockout([settings('0', '1', '1', '1'), settings('1', '5', '10', '30')]);
    expect(result).toEqual(settings('1', '5', '10', '30'));
  });

  it('takes the fewest failures over the longest window, locking for the longest time', () => {
    const result = strictestLockout([settings('1', '5', '10', '30'), settings('1', '3', '5', '60')]);
    expect(result).toMatchObject({
      enabled: true,
      maxFailures: 3,
      ipMaxFailures: 15,
      windowMs: 600_000,
      lockMs: 3_600_000,
    });
  });

  it('is off only when every scope has it off', () => {
    expect(strictestLockout([settings('0', '5', '10', '30'), settings('0', '3', '5', '60')]).enabled).toBe(
      false,
    );
  });
});

describe('the wrong-credentials message', () => {
  it('tells the remaining attempts only when a lock-out applies', () => {
    expect(wrongCredentialsMessage(3)).toBe('用户名或密码错误，还可尝试3次');
    expect(wrongCredentialsMessage(null)).toBe('用户名或密码错误');
    expect(wrongCredentialsMessage(Number.POSITIVE_INFINITY)).toBe('用户名或密码错误');
    expect(wrongCredentialsMessage(0)).toBe('用户名或密码错误');
  });
});
