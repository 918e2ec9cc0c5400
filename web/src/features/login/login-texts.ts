import type { LoginType } from '@uniwim/contracts/client';
import type { LocalizedTexts } from '../../i18n/texts';

/** The sign-in page's own texts (its first paint); the dialogs and the code step have their own files. */
const zhCN = {
  logoAlt: '返回首页',
  leftImageAlt: '平台介绍',
  loadingConfig: '正在加载…',
  types: {
    '1-1': '账号登录',
    '1-2': '扫码登录',
    '1-3': '短信登录',
  } satisfies Record<Exclude<LoginType, '-1'>, string>,
  form: {
    tenantName: '租户名称（选填）',
    account: '请输入账号',
    password: '请输入密码',
    captcha: '请输入验证码',
    captchaImage: '图形验证码',
    captchaRefresh: '看不清？点击换一张',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
    remember: '记住账号',
    forgot: '忘记密码？',
    submit: '登录',
    submitting: '登录中...',
    register: '没有账号，注册',
    getApp: '获取APP',
    getAppHint: '扫码下载移动端APP',
    appPicture: 'APP 下载二维码',
  },
  errors: {
    required: '请检查必填项',
    emptyAnswer: '登录失败，请重试！',
    legacyFailed: '登录失败，请联系管理员',
    insecureContext: '当前连接不安全，无法加密密码，请通过 HTTPS 访问',
  },
  status: {
    popupSignedIn: '登录成功',
  },
};

export type LoginTexts = typeof zhCN;

export const loginTexts: LocalizedTexts<LoginTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    logoAlt: 'Go to the home page',
    leftImageAlt: 'Platform introduction',
    loadingConfig: 'Loading…',
    types: {
      '1-1': 'Account',
      '1-2': 'QR code',
      '1-3': 'SMS code',
    },
    form: {
      tenantName: 'Tenant name (optional)',
      account: 'Account',
      password: 'Password',
      captcha: 'Captcha',
      captchaImage: 'Captcha image',
      captchaRefresh: 'Hard to read? Click for another one',
      showPassword: 'Show password',
      hidePassword: 'Hide password',
      remember: 'Remember my account',
      forgot: 'Forgot password?',
      submit: 'Sign in',
      submitting: 'Signing in...',
      register: 'No account? Register',
      getApp: 'Get the app',
      getAppHint: 'Scan to download the mobile app',
      appPicture: 'App download QR code',
    },
    errors: {
      required: 'Please fill in the required fields',
      emptyAnswer: 'Login failed, please retry!',
      legacyFailed: 'Login failed, please contact the administrator',
      insecureContext: 'This connection is not secure, so the password cannot be encrypted; please use HTTPS',
    },
    status: {
      popupSignedIn: 'Signed in',
    },
  },
};
