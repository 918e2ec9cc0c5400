import { describe, expect, it } from 'vitest';
import { type ValidationKey, validationTexts } from '../../app/validation-texts';
import { checkMobileField, checkSmsLogin } from './sms-login-form';

const text = (key: ValidationKey) => validationTexts['zh-CN'][key];

describe('the phone mode checks (spec section 5, "SMS login")', () => {
  it('asks for the number, then a valid one of 11 characters at most', () => {
    const cases: [string, string | null][] = [
      ['', '请输入手机号'],
      ['  ', '请输入手机号'],
      ['1390000000', '手机号有误'],
      ['139000000022', '手机号有误'],
      ['23900000002', '手机号有误'],
      ['1390000000a', '手机号有误'],
      [' 13900000002 ', null],
    ];
    for (const [mobile, message] of cases) {
      const key = checkMobileField(mobile);
      expect(key && text(key)).toBe(message);
    }
  });

  it('then the code: "请输入手机验证码" unless six characters', () => {
    const cases: [{ mobile: string; code: string }, string][] = [
      [{ mobile: '', code: '' }, '请输入手机号'],
      [{ mobile: '1390000', code: '482913' }, '手机号有误'],
      [{ mobile: '13900000002', code: '' }, '请输入手机验证码'],
      [{ mobile: '13900000002', code: ' 4829 ' }, '请输入手机验证码'],
    ];
    for (const [input, message] of cases) {
      const check = checkSmsLogin(input);
      expect(check.ok ? null : text(check.messageKey)).toBe(message);
    }
  });

  it('trims the number and the code', () => {
    expect(checkSmsLogin({ mobile: ' 13900000002 ', code: ' 482913 ' })).toEqual({
      ok: true,
      mobile: '13900000002',
      code: '482913',
    });
  });
});
