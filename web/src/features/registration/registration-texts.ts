import type { LocalizedTexts } from '../../i18n/texts';

/** The registration view (login type -1); its field checks are in app/validation-texts.ts. */
const zhCN = {
  title: '注册',
  company: '请输入公司名称',
  username: '请输入用户名',
  password: '请输入密码',
  confirmPassword: '请输入确认密码',
  submit: '注册',
  submitting: '注册中...',
  toLogin: '去登录',
  failed: '注册失败，请重试！',
  succeeded: '注册成功',
};

export const registrationTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'Register',
    company: 'Company name',
    username: 'User name',
    password: 'Password',
    confirmPassword: 'Confirm password',
    submit: 'Register',
    submitting: 'Registering...',
    toLogin: 'Go to sign-in',
    failed: 'Registration failed, please retry!',
    succeeded: 'Registered',
  },
};
