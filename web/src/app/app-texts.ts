import type { LocalizedTexts } from '../i18n/texts';

/** Texts every page shares: the language switch and the session-expired alert (spec section 4). */
const zhCN = {
  common: {
    switchLanguage: '切换语言',
  },
  session: {
    alertTitle: '提示',
    refreshFailed: '刷新凭据验证失败，请重新登录',
    ok: '确定',
  },
};

export type AppTexts = typeof zhCN;

export const appTexts: LocalizedTexts<AppTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    common: {
      switchLanguage: 'Switch language',
    },
    session: {
      alertTitle: 'Notice',
      refreshFailed: 'The session could not be renewed, please sign in again',
      ok: 'OK',
    },
  },
};
