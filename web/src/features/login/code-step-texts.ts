import type { LocalizedTexts } from '../../i18n/texts';

/** The verification-code step of an SMS or two-factor sign-in (CodeStep). */
const zhCN = {
  title: '输入验证码',
  hint: (phone: string) => `请输入发送至 ${phone} 的验证码，有效期5分钟`,
  back: '返回',
  resend: '重新获取验证码',
  restart: '重新登录',
  // Spec section 8: the code step shows this English text for an empty answer.
  emptyAnswer: 'Login failed, please retry!',
};

export const codeStepTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'Enter verification code',
    hint: (phone) => `Enter the code sent to ${phone}, valid for 5 minutes`,
    back: 'Back',
    resend: 'Get code again',
    restart: 'Log in again',
    emptyAnswer: 'Login failed, please retry!',
  },
};
