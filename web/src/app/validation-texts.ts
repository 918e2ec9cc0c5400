import type { LocalizedTexts } from '../i18n/texts';

/**
 * Field checks of the SMS sign-in, forgotten password and registration (spec section 5). The checks
 * (sms/send-code.ts, login/sms-login-form.ts, registration/registration-form.ts ...) answer with a
 * ValidationKey; the form shows `texts[key]`.
 */
const zhCN = {
  formInvalid: '请检查必填项',
  mobileRequired: '请输入手机号',
  mobileInvalid: '手机号有误',
  mobileFirst: '请先输入手机号',
  codeRequired: '请输入手机验证码',
  newPasswordRequired: '请输入新密码',
  companyRequired: '请从列表中选择公司',
  usernameRequired: '请输入用户名',
  usernameInvalid: '用户名为3-32位字母、数字或 . _ -',
  passwordRequired: '请输入密码',
  confirmRequired: '请输入确认密码',
  confirmEmpty: '请再次输入密码',
  confirmMismatch: '两次输入密码不一致!',
};

export type ValidationTexts = typeof zhCN;
export type ValidationKey = keyof ValidationTexts;

export const validationTexts: LocalizedTexts<ValidationTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    formInvalid: 'Please fill in the required fields',
    mobileRequired: 'Please enter your mobile number',
    mobileInvalid: 'The mobile number is not valid',
    mobileFirst: 'Please enter your mobile number first',
    codeRequired: 'Please enter the SMS code',
    newPasswordRequired: 'Please enter a new password',
    companyRequired: 'Please choose your company from the list',
    usernameRequired: 'Please enter a user name',
    usernameInvalid: '3-32 letters, digits or . _ -, starting with a letter or digit',
    passwordRequired: 'Please enter a password',
    confirmRequired: 'Please confirm the password',
    confirmEmpty: 'Please enter the password again',
    confirmMismatch: 'The two passwords do not match!',
  },
};
