import type { LocalizedTexts } from '../../i18n/texts';
import type { PageView } from './route-table';

const zhCN = {
  documentTitle: '应用页面',
  loading: '正在加载…',
  loadFailed: '页面加载失败',
  loadFailedHint: '请检查网络后重新加载',
  retry: '重新加载',
  titles: {
    developing: '功能开发中',
    notFound: '页面不存在',
    preview: '效果图预览',
    download: '下载中心',
    resource: '系统管理',
    settings: '系统配置',
    tenantSettings: '租户设置',
    // Issue 15: notices.
    noticeDetail: '通知公告',
    // Issue 15: home and workbench
    home: '首页',
    workbench: 'SaaS 工作台',
    // Issue 15: the message centre; the members' to-dos
    messages: '消息中心',
    todos: '我的待办',
  } satisfies Record<PageView, string>,
  developing: {
    heading: '功能开发中',
    hint: '该功能正在建设中，敬请期待。',
  },
  notFound: {
    heading: '404',
    hint: '抱歉，您访问的页面不存在。',
    home: '返回工作台',
  },
  preview: {
    noImage: '没有可预览的效果图',
    imageFailed: '效果图加载失败',
    zoomIn: '放大',
    zoomOut: '缩小',
    reset: '原始大小',
    alt: '效果图',
  },
  download: {
    intro: '您可以使用的应用及其安装包',
    empty: '暂无可用的应用',
    application: '应用',
    version: '版本',
    manual: '操作手册',
    package: '安装包',
    download: '下载',
    noPackage: '暂无下载包',
    forceUpdate: '强制更新',
    minSupported: (version: string) => `最低支持 ${version}`,
    signInFirst: '请先登录后再下载',
    loadFailed: '应用列表加载失败',
  },
  menus: '应用菜单',
  // Issue 25: every refused or failed page says so, the same way.
  refused: {
    heading: '无权访问',
    hint: '您没有访问此页面的权限。如需使用，请联系管理员为您授权。',
  },
  failed: {
    heading: '页面数据加载失败',
    retry: '重试',
  },
  tenantRequired: {
    heading: '请先切换到要管理的租户',
    hint: '此页面管理一个租户的数据。选择租户后，页面将在该租户中重新打开。',
    choose: '切换租户',
    title: '选择要管理的租户',
    empty: '没有可以切换的租户',
    failed: '租户列表加载失败',
    cancel: '取消',
  },
};

export type PageTexts = typeof zhCN;

const enUS: PageTexts = {
  documentTitle: 'Application page',
  loading: 'Loading…',
  loadFailed: 'The page failed to load',
  loadFailedHint: 'Check the network and load it again',
  retry: 'Reload',
  titles: {
    developing: 'Under development',
    notFound: 'Page not found',
    preview: 'Design preview',
    download: 'Downloads',
    resource: 'Administration',
    settings: 'Platform settings',
    tenantSettings: 'Tenant settings',
    // Issue 15: notices.
    noticeDetail: 'Notices',
    // Issue 15: home and workbench
    home: 'Home',
    workbench: 'SaaS workbench',
    // Issue 15: the message centre; the members' to-dos
    messages: 'Message centre',
    todos: 'My to-dos',
  },
  developing: {
    heading: 'Under development',
    hint: 'This feature is being built. Stay tuned.',
  },
  notFound: {
    heading: '404',
    hint: 'Sorry, the page you visited does not exist.',
    home: 'Back to the workspace',
  },
  preview: {
    noImage: 'There is no design to preview',
    imageFailed: 'The design failed to load',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reset: 'Actual size',
    alt: 'Design drawing',
  },
  download: {
    intro: 'The applications you may use and their installation packages',
    empty: 'No applications available',
    application: 'Application',
    version: 'Version',
    manual: 'Manual',
    package: 'Package',
    download: 'Download',
    noPackage: 'No package to download',
    forceUpdate: 'Update required',
    minSupported: (version: string) => `at least ${version}`,
    signInFirst: 'Sign in to download',
    loadFailed: 'The application list failed to load',
  },
  menus: 'Application menus',
  refused: {
    heading: 'Access denied',
    hint: 'You are not allowed to open this page. Ask an administrator to grant you access.',
  },
  failed: {
    heading: "The page's data failed to load",
    retry: 'Retry',
  },
  tenantRequired: {
    heading: 'Switch to the tenant you want to manage first',
    hint: "This page manages one tenant's data. Choose a tenant and the page opens again in it.",
    choose: 'Switch tenant',
    title: 'Choose the tenant to manage',
    empty: 'There is no tenant to switch to',
    failed: 'The tenant list failed to load',
    cancel: 'Cancel',
  },
};

export const pageTexts: LocalizedTexts<PageTexts> = { 'zh-CN': zhCN, 'en-US': enUS };
