import { describe, expect, it } from 'vitest';
import { validationTexts } from '../../app/validation-texts';
import {
  checkRegistration,
  emptyRegistration,
  type RegistrationMessage,
  type RegistrationValues,
  registrationFieldMessages,
} from './registration-form';

const text = (key: RegistrationMessage | 'formInvalid') => validationTexts['zh-CN'][key];

const filled: RegistrationValues = {
  tenantName: '示范水务集团',
  tenantId: 't-water',
  username: ' new.user ',
  mobile: ' 13600000009 ',
  password: 'Reg-Passw0rd',
  confirmPassword: 'Reg-Passw0rd',
  code: ' 482913 ',
};

/** The message shown first, field by field, as the form fills up. */
const firstMessage = (values: RegistrationValues): string | null => {
  const check = checkRegistration(values);
  return check.ok ? null : text(check.errors[0]!.messageKey);
};

describe('registration checks (spec section 5, "Register")', () => {
  it("follow the spec's order with its exact messages", () => {
    const steps: [Partial<RegistrationValues>, string][] = [
      [{ username: '' }, '请输入用户名'],
      [{ username: 'new.user', mobile: '' }, '请输入手机号'],
      [{ mobile: '1360000000' }, '手机号有误'],
      [{ mobile: '136000000091' }, '手机号有误'],
      [{ mobile: '13600000009', password: '' }, '请输入密码'],
      [{ password: 'Reg-Passw0rd', confirmPassword: '' }, '请输入确认密码'],
      [{ confirmPassword: 'Reg-Passw0rd-x' }, '两次输入密码不一致!'],
      [{ confirmPassword: 'Reg-Passw0rd', code: ' ' }, '请输入手机验证码'],
    ];
    let values: RegistrationValues = { ...filled, username: '' };
    for (const [change, message] of steps) {
      values = { ...values, ...change };
      expect(firstMessage(values)).toBe(message);
    }
    expect(firstMessage({ ...values, code: '482913' })).toBeNull();
  });

  it('list every message a field breaks: an empty confirmation also gives "请再次输入密码"', () => {
    const messages = registrationFieldMessages(emptyRegistration());
    expect(
      Object.fromEntries(Object.entries(messages).map(([field, keys]) => [field, keys.map(text)])),
    ).toEqual({
      tenantName: ['请从列表中选择公司'],
      username: ['请输入用户名'],
      mobile: ['请输入手机号'],
      password: ['请输入密码'],
      confirmPassword: ['请输入确认密码', '请再次输入密码'],
      code: ['请输入手机验证码'],
    });
  });

  it('give the form its one message "请检查必填项", with each failing field in order', () => {
    const check = checkRegistration(emptyRegistration());
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(text(check.messageKey)).toBe('请检查必填项');
    expect(check.errors.map((error) => [error.field, text(error.messageKey)])).toEqual([
      ['tenantName', '请从列表中选择公司'],
      ['username', '请输入用户名'],
      ['mobile', '请输入手机号'],
      ['password', '请输入密码'],
      ['confirmPassword', '请输入确认密码'],
      ['code', '请输入手机验证码'],
    ]);
  });

  it('need a company chosen from the suggestions, not just typed', () => {
    expect(firstMessage({ ...filled, tenantId: null })).toBe('请从列表中选择公司');
  });

  it("hold the username to the server's rule", () => {
    for (const username of ['ab', '.user', 'user name', 'a'.repeat(33), '用户']) {
      expect(firstMessage({ ...filled, username })).toBe('用户名为3-32位字母、数字或 . _ -');
    }
    for (const username of ['abc', 'user_1', '9lives', 'a.b-c', 'a'.repeat(32)]) {
      expect(firstMessage({ ...filled, username })).toBeNull();
    }
  });

  it('trim the username, mobile and code, but not the passwords', () => {
    expect(
      checkRegistration({ ...filled, password: ' Reg-Passw0rd ', confirmPassword: ' Reg-Passw0rd ' }),
    ).toEqual({
      ok: true,
      data: {
        tenantId: 't-water',
        username: 'new.user',
        mobile: '13600000009',
        password: ' Reg-Passw0rd ',
        code: '482913',
      },
    });
  });
});
