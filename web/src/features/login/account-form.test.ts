import { describe, expect, it } from 'vitest';
import { checkAccountForm, emptyAccountForm } from './account-form';
import { loginTexts } from './login-texts';

const filled = {
  tenantName: ' 示范水务集团 ',
  account: ' water.admin ',
  password: ' secret ',
  captcha: ' ab12 ',
  remember: true,
};

describe('checkAccountForm', () => {
  it('trims every input', () => {
    expect(checkAccountForm(filled, { captchaShown: true })).toEqual({
      ok: true,
      values: {
        tenantName: '示范水务集团',
        account: 'water.admin',
        password: 'secret',
        captcha: 'ab12',
        remember: true,
      },
    });
  });

  it('drops the captcha when it is not shown', () => {
    const check = checkAccountForm({ ...filled, captcha: 'left over' }, { captchaShown: false });
    expect(check.ok && check.values.captcha).toBe('');
  });

  it('asks for the account, the password and a shown captcha with one message: 请检查必填项', () => {
    const check = checkAccountForm(
      { ...emptyAccountForm(), account: '  ', password: '' },
      { captchaShown: true },
    );
    expect(check).toEqual({
      ok: false,
      missing: ['account', 'password', 'captcha'],
      messageKey: 'required',
    });
    expect(loginTexts['zh-CN'].errors.required).toBe('请检查必填项');
  });

  it('does not require the tenant name, nor a hidden captcha', () => {
    expect(checkAccountForm({ ...filled, tenantName: '', captcha: '' }, { captchaShown: false }).ok).toBe(
      true,
    );
    expect(checkAccountForm({ ...filled, captcha: ' ' }, { captchaShown: true })).toMatchObject({
      missing: ['captcha'],
    });
  });
});
