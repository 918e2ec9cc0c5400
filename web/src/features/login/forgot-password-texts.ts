import type { LocalizedTexts } from '../../i18n/texts';

/** The forgotten-password dialog (spec section 5 "Forgot password"). */
const zhCN = {
  title: '忘记密码',
  mobile: '手机号',
  code: '验证码',
  newPassword: '新密码',
  newPasswordPlaceholder: '请输入新密码',
  submit: '重置密码',
  cancel: '取消',
  failed: '密码重置失败，请联系管理员',
  succeeded: '密码重置成功',
};

export const forgotPasswordTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'Forgot password',
    mobile: 'Mobile number',
    code: 'SMS code',
    newPassword: 'New password',
    newPasswordPlaceholder: 'New password',
    submit: 'Reset password',
    cancel: 'Cancel',
    failed: 'The password could not be reset, please contact the administrator',
    succeeded: 'Your password has been reset',
  },
};
