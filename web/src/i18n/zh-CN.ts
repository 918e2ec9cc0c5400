/** Chinese (default) texts. en-US must provide the same keys: its type is derived from this one. */
export const zhCN = {
  common: {
    languageName: '中文',
    switchLanguage: '切换语言',
    backToLogin: '返回登录页',
  },
  login: {
    logoAlt: '返回首页',
    leftImageAlt: '平台介绍',
    loadingConfig: '正在加载…',
    types: {
      '1-1': '账号登录',
      '1-2': '扫码登录',
      '1-3': '短信登录',
    },
    comingSoon: {
      '1-1': '账号密码登录即将开放',
      '1-2': '扫码登录即将开放',
      '1-3': '手机验证码登录即将开放',
    },
    comingSoonHint: '登录表单将在下一个版本中提供',
  },
  workspace: {
    title: '工作台',
    comingSoon: '工作台正在建设中',
    comingSoonHint: '应用菜单、页签与管理功能将在后续版本中上线。',
    adminTitle: '管理后台',
    pageTitle: '应用页面',
    mobileTitle: '移动工作台',
  },
};

export type Messages = typeof zhCN;
