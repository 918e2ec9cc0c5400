import { describe, expect, it } from 'vitest';
import { changedKeys, changeTitle, displayValue, fieldProblem, fieldsOf } from './settings-form';

describe('platform settings form logic', () => {
  it("takes each group's fields from the contract, with the control each needs", () => {
    const look = fieldsOf('signInLook');
    expect(look[0]).toMatchObject({ key: 'title', control: 'text', title: { zh: '平台标题' } });
    expect(look.find((field) => field.key === 'rememberPwd')?.control).toBe('flag');
    expect(look.find((field) => field.key === 'loginAccountType')?.control).toBe('orderedList');
    const floors = fieldsOf('securityFloors');
    expect(floors.find((field) => field.key === 'lockoutAlwaysOn')?.control).toBe('boolean');
    expect(floors.find((field) => field.key === 'passwordMinLength')?.control).toBe('number');
    expect(fieldsOf('logRetention').map((field) => field.key)).toEqual([
      'loginLogDays',
      'usageLogDays',
      'operationLogDays',
    ]);
  });

  it('lists only the keys whose value differs from what was read', () => {
    const original = { a: 1, b: ['0'], c: 'x' };
    expect(changedKeys(original, { a: 1, b: ['0'], c: 'x' })).toEqual([]);
    expect(changedKeys(original, { a: 2, b: ['0', '1'], c: 'x' })).toEqual(['a', 'b']);
  });

  it("says what the contract's schema says about a value", () => {
    expect(fieldProblem('securityFloors', 'passwordMinLength', 3)).toBe('密码最小长度不能小于6');
    expect(fieldProblem('securityFloors', 'passwordMinLength', 8)).toBeNull();
    expect(fieldProblem('signInLook', 'title', '  ')).toBe('请输入平台标题');
    expect(fieldProblem('signInLook', 'loginAccountType', '1-1,9-9')).toContain('登录方式');
  });

  it('reads a diff in the page language', () => {
    expect(changeTitle('signInLook.title', 'zh-CN')).toBe('平台标题');
    expect(changeTitle('signInLook.title', 'en-US')).toBe('Title');
    expect(changeTitle('unknown.key', 'en-US')).toBe('unknown.key');
    const words = { yes: '是', no: '否', empty: '（空）' };
    expect(displayValue(true, words)).toBe('是');
    expect(displayValue('', words)).toBe('（空）');
    expect(displayValue(['0', '1'], words)).toBe('0, 1');
    expect(displayValue('x'.repeat(200), words)).toHaveLength(120);
  });
});
