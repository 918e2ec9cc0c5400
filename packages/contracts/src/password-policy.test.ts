import { describe, expect, it } from 'vitest';
import { defaultLoginConfig } from './index';
import {
  checkPassword,
  compileCustomRule,
  describePolicy,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  type PasswordPolicy,
  parseWeakPasswords,
  passwordTooShortMessage,
  policyFromConfig,
  validateChangePassword,
} from './password-policy';

const policy = (overrides: Partial<PasswordPolicy> = {}): PasswordPolicy => ({
  ruleType: 3,
  customRule: '',
  minLength: 8,
  weakPasswords: [],
  ...overrides,
});

describe('policyFromConfig', () => {
  it('reads the four configuration fields', () => {
    expect(
      policyFromConfig({
        pwdRuleType: 4,
        pwdRule: '^\\d+$',
        pwdMinLength: 10,
        weakPasswordSetting: 'Password1, 12345678\nQwerty123 abc',
      }),
    ).toEqual({
      ruleType: 4,
      customRule: '^\\d+$',
      minLength: 10,
      weakPasswords: ['password1', '12345678', 'qwerty123', 'abc'],
    });
  });

  it('gives the default configuration letters+digits, at least 8', () => {
    expect(policyFromConfig(defaultLoginConfig())).toEqual(policy());
  });

  it('keeps the minimum length within 1..64', () => {
    const base = { pwdRuleType: 3, pwdRule: '', weakPasswordSetting: '' };
    expect(policyFromConfig({ ...base, pwdMinLength: 0 }).minLength).toBe(1);
    expect(policyFromConfig({ ...base, pwdMinLength: 100 }).minLength).toBe(PASSWORD_MAX_LENGTH);
  });
});

describe('parseWeakPasswords', () => {
  it('splits on commas, full-width commas, semicolons, spaces and newlines, dropping blanks and repeats', () => {
    expect(parseWeakPasswords(' a1,,B2，c3;d4\r\n\ta1  ')).toEqual(['a1', 'b2', 'c3', 'd4']);
    expect(parseWeakPasswords('')).toEqual([]);
  });
});

describe('checkPassword by rule type', () => {
  const cases: { ruleType: number; pass: string[]; fail: string[]; message: string }[] = [
    {
      ruleType: 1,
      pass: ['Abcdefg1', 'ABCdef123!'],
      fail: ['abcdefg1', 'ABCDEFG1', 'Abcdefgh', '12345678'],
      message: '密码须包含大写字母、小写字母和数字',
    },
    {
      ruleType: 2,
      pass: ['abcdef1!', 'ABC_1234', 'a1.b2.c3'],
      fail: ['abcdefg1', 'abcdefg!', '1234567!', 'abc密码1234'],
      message: '密码须包含字母、数字和特殊字符',
    },
    {
      ruleType: 3,
      pass: ['abcdefg1', 'ABCDEFG1', '1234567z'],
      fail: ['abcdefgh', '12345678', '!!!!!!!!'],
      message: '密码须包含字母和数字',
    },
    {
      ruleType: 5,
      pass: ['Abcdef1!', 'zZ9~zZ9~'],
      fail: ['abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1'],
      message: '密码须包含大写字母、小写字母、数字和特殊字符',
    },
  ];

  describe.each(cases)('type $ruleType', ({ ruleType, pass, fail, message }) => {
    it.each(pass)('accepts %s', (password) => {
      expect(checkPassword(password, policy({ ruleType }))).toBeNull();
    });
    it.each(fail)('refuses %s', (password) => {
      expect(checkPassword(password, policy({ ruleType }))).toBe(message);
    });
  });

  describe('type 4 (custom regex)', () => {
    const digitsOnly = policy({ ruleType: 4, customRule: '^\\d{8,}$' });

    it('accepts a password matching the rule', () => {
      expect(checkPassword('12345678', digitsOnly)).toBeNull();
    });

    it('refuses one that does not, with the spec message', () => {
      expect(checkPassword('abcdefgh', digitsOnly)).toBe('密码验证规则不通过');
      expect(PASSWORD_MESSAGES.customRuleFailed).toBe('密码验证规则不通过');
    });

    it('accepts the /pattern/flags form and ignores the stateful g flag', () => {
      const literal = policy({ ruleType: 4, customRule: '/^[a-z]+\\d$/gi' });
      expect(checkPassword('ABCDEFG1', literal)).toBeNull();
      expect(checkPassword('ABCDEFG1', literal)).toBeNull();
      expect(checkPassword('ABCDEFGH', literal)).toBe('密码验证规则不通过');
    });

    it('without a rule only needs a non-empty password of the minimum length', () => {
      const noRule = policy({ ruleType: 4, customRule: '  ' });
      expect(checkPassword('aaaaaaaa', noRule)).toBeNull();
      expect(checkPassword('', noRule)).toBe(PASSWORD_MESSAGES.empty);
    });

    it('treats an invalid rule as one that cannot be checked, without throwing', () => {
      const broken = policy({ ruleType: 4, customRule: '([a-z' });
      expect(compileCustomRule('([a-z')).toBeNull();
      expect(() => checkPassword('aaaaaaaa', broken)).not.toThrow();
      expect(checkPassword('aaaaaaaa', broken)).toBeNull();
      expect(checkPassword('aaa', broken)).toBe(passwordTooShortMessage(8));
    });
  });

  it.each([0, 6, -1, Number.NaN])('type %s only needs a non-empty password', (ruleType) => {
    expect(checkPassword('xxxxxxxx', policy({ ruleType }))).toBeNull();
    expect(checkPassword('', policy({ ruleType }))).toBe('密码不能为空');
  });
});

describe('checkPassword limits', () => {
  it('enforces the minimum length, counting characters rather than UTF-16 units', () => {
    expect(checkPassword('abc1234', policy())).toBe('密码长度不能少于8位');
    expect(checkPassword('abcd1234', policy())).toBeNull();
    expect(checkPassword('abc12', policy({ ruleType: 0, minLength: 6 }))).toBe('密码长度不能少于6位');
    expect(checkPassword('😀😀😀a', policy({ ruleType: 0, minLength: 5 }))).toBe('密码长度不能少于5位');
  });

  it('caps the length at 64', () => {
    expect(checkPassword(`a1${'x'.repeat(62)}`, policy())).toBeNull();
    expect(checkPassword(`a1${'x'.repeat(63)}`, policy())).toBe('密码长度不能超过64位');
  });

  it('refuses leading or trailing spaces, which the sign-in form would trim away', () => {
    expect(checkPassword(' abcd1234', policy())).toBe('密码首尾不能包含空格');
    expect(checkPassword('abcd1234 ', policy())).toBe('密码首尾不能包含空格');
    expect(checkPassword('abcd 1234', policy())).toBeNull();
  });

  it('refuses a password on the weak list, ignoring case', () => {
    const weak = policyFromConfig({
      pwdRuleType: 3,
      pwdRule: '',
      pwdMinLength: 8,
      weakPasswordSetting: 'Password1,qwerty123',
    });
    expect(checkPassword('PASSWORD1', weak)).toBe('密码过于简单，请更换其他密码');
    expect(checkPassword('password1', weak)).toBe('密码过于简单，请更换其他密码');
    expect(checkPassword('Password2', weak)).toBeNull();
  });

  it('refuses the username as password, ignoring case', () => {
    expect(checkPassword('Admin1234', policy(), { username: 'admin1234' })).toBe('密码不能与用户名相同');
    expect(checkPassword('Admin1234', policy(), { username: 'admin' })).toBeNull();
  });

  it('refuses the old password', () => {
    expect(checkPassword('abcd1234', policy(), { oldPassword: 'abcd1234' })).toBe('原始密码与新密码必须不同');
    expect(checkPassword('abcd1234', policy(), { oldPassword: 'ABCD1234' })).toBeNull();
  });

  it('reports the first failure only: same-as-old before length before rule before weak', () => {
    const strict = policy({ ruleType: 1, weakPasswords: ['abc'] });
    expect(checkPassword('abc', strict, { oldPassword: 'abc' })).toBe(PASSWORD_MESSAGES.sameAsOld);
    expect(checkPassword('abc', strict)).toBe(passwordTooShortMessage(8));
    expect(checkPassword('abc', { ...strict, minLength: 1 })).toBe('密码须包含大写字母、小写字母和数字');
    expect(checkPassword('abc', { ...strict, minLength: 1, ruleType: 0 })).toBe(PASSWORD_MESSAGES.weak);
  });
});

describe('describePolicy', () => {
  it.each([
    [policy({ ruleType: 1 }), '8-64位，须包含大写字母、小写字母和数字'],
    [policy({ ruleType: 2 }), '8-64位，须包含字母、数字和特殊字符'],
    [policy({ ruleType: 3 }), '8-64位，须包含字母和数字'],
    [policy({ ruleType: 4, customRule: '^\\d+$' }), '8-64位，须符合密码规则'],
    [policy({ ruleType: 4, customRule: '' }), '8-64位'],
    [policy({ ruleType: 4, customRule: '([' }), '8-64位'],
    [policy({ ruleType: 5, minLength: 12 }), '12-64位，须包含大写字母、小写字母、数字和特殊字符'],
    [policy({ ruleType: 9, minLength: 6 }), '6-64位'],
    [policy({ ruleType: 3, minLength: 64 }), '64位，须包含字母和数字'],
  ])('%o -> %s', (given, hint) => {
    expect(describePolicy(given)).toBe(hint);
  });
});

describe('validateChangePassword', () => {
  const rule4 = policy({ ruleType: 4, customRule: '^[a-z]+\\d+$' });
  const valid = { opwd: 'old-pass1', npwd: 'newpass12', rpwd: 'newpass12' };

  it('accepts a valid change', () => {
    expect(validateChangePassword(valid, rule4)).toBeNull();
  });

  it.each([
    [{ opwd: '', npwd: '', rpwd: '' }, '原始密码不能为空'],
    [{ opwd: 'old-pass1', npwd: '', rpwd: '' }, '新密码不能为空'],
    [{ opwd: 'samepass1', npwd: 'samepass1', rpwd: '' }, '原始密码与新密码必须不同'],
    [{ opwd: 'old-pass1', npwd: 'NEWPASS!!', rpwd: '' }, '密码验证规则不通过'],
    [{ opwd: 'old-pass1', npwd: 'newpass12', rpwd: '' }, '请再次输入密码'],
    [{ opwd: 'old-pass1', npwd: 'newpass12', rpwd: 'newpass13' }, '两次输入密码不一致!'],
  ])('%o -> %s (the first failing check, in the spec order)', (input, message) => {
    expect(validateChangePassword(input, rule4)).toBe(message);
  });

  it('reports the policy of the other rule types too', () => {
    expect(validateChangePassword({ ...valid, npwd: 'short', rpwd: 'short' }, policy())).toBe(
      '密码长度不能少于8位',
    );
    expect(validateChangePassword({ ...valid, npwd: 'abcdefgh', rpwd: 'abcdefgh' }, policy())).toBe(
      '密码须包含字母和数字',
    );
  });

  it('refuses the username when given', () => {
    expect(
      validateChangePassword({ ...valid, npwd: 'zhang123', rpwd: 'zhang123' }, policy(), {
        username: 'Zhang123',
      }),
    ).toBe(PASSWORD_MESSAGES.sameAsUsername);
  });
});
