import type { LocalizedTexts } from '../../i18n/texts';

/** Sending SMS codes and typing them (spec section 4 "SMS send button", section 8 "SMS send"). */
const zhCN = {
  mobile: '请输入手机号',
  code: '请输入手机验证码',
  getCode: '获取验证码',
  getCodeAgain: '重新获取',
  /** seconds: two digits, "05". */
  sentCountdown: (seconds: string) => `已发送，${seconds}秒`,
  resendIn: (seconds: string) => `${seconds}秒后重发`,
  sent: '验证码已发送，请注意查收',
  failed: '操作失败，请联系管理员',
  next: '下一步',
  boxesLabel: '6位验证码',
  boxLabel: (position: number) => `验证码第${position}位`,
};

export type SmsTexts = typeof zhCN;

export const smsTexts: LocalizedTexts<SmsTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    mobile: 'Mobile number',
    code: 'SMS code',
    getCode: 'Get code',
    getCodeAgain: 'Get again',
    sentCountdown: (seconds) => `Sent, ${seconds}s`,
    resendIn: (seconds) => `Resend in ${seconds}s`,
    sent: 'The code has been sent, please check your phone',
    failed: 'Operation failed, please contact the administrator',
    next: 'Next',
    boxesLabel: '6-digit code',
    boxLabel: (position) => `Code digit ${position}`,
  },
};
