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
    form: {
      tenantName: '租户名称（选填）',
      account: '请输入账号',
      password: '请输入密码',
      captcha: '请输入验证码',
      captchaImage: '图形验证码',
      captchaRefresh: '看不清？点击换一张',
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
      twoFactorPending: '该账号需要短信验证码二次验证，此功能即将开放',
      popupSignedIn: '登录成功',
    },
    forgot: {
      title: '忘记密码',
      comingSoon: '通过短信验证码重置密码的功能即将开放，如需帮助请联系管理员。',
      close: '知道了',
    },
    register: {
      title: '注册',
      comingSoon: '自助注册即将开放',
      backToLogin: '去登录',
    },
    changePassword: {
      title: '修改密码',
      reason: '为了账号安全，请先修改密码后再进入系统',
      oldPassword: '原密码',
      newPassword: '新密码',
      confirmPassword: '确认密码',
      submit: '确定',
      cancel: '取消',
      failed: '修改密码失败，请重试！',
    },
  },
  session: {
    alertTitle: '提示',
    refreshFailed: '刷新凭据验证失败，请重新登录',
    ok: '确定',
    logout: '退出登录',
    loadingUser: '正在加载用户信息…',
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
