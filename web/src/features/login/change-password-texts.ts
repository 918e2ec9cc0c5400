import type { LocalizedTexts } from '../../i18n/texts';

/** The forced password change after sign-in (ChangePasswordDialog). */
const zhCN = {
  title: '修改密码',
  reason: '为了账号安全，请先修改密码后再进入系统',
  oldPassword: '原密码',
  newPassword: '新密码',
  confirmPassword: '确认密码',
  submit: '确定',
  cancel: '取消',
  failed: '修改密码失败，请重试！',
};

export const changePasswordTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    title: 'Change password',
    reason: 'For the security of your account, change your password before you continue',
    oldPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    submit: 'OK',
    cancel: 'Cancel',
    failed: 'The password could not be changed, please retry!',
  },
};
