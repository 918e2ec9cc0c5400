import type { LocalizedTexts } from '../../i18n/texts';

const zhCN = {
  title: '二维码登录',
  imageAlt: '登录二维码',
  loading: '正在获取二维码…',
  hint: '请使用移动端扫描二维码登录',
  refresh: '点击刷新',
  scanned: '扫码成功！',
  confirmOnPhone: '请在手机上确认登录',
  signingIn: '登录中...',
  failed: '二维码获取失败',
  backToAccount: '返回账号登录',
  register: '没有账号，注册',
};

export const qrTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'QR code sign-in',
    imageAlt: 'Sign-in QR code',
    loading: 'Getting the QR code…',
    hint: 'Scan the code with the mobile app to sign in',
    refresh: 'Click to refresh',
    scanned: 'Scanned!',
    confirmOnPhone: 'Confirm the sign-in on your phone',
    signingIn: 'Signing in...',
    failed: 'Could not get the QR code',
    backToAccount: 'Back to account sign-in',
    register: 'No account? Register',
  },
};
