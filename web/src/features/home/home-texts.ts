import type { LocalizedTexts } from '../../i18n/texts';

const zhCN = {
  greeting: (hour: number): string =>
    hour < 6 ? '夜深了' : hour < 12 ? '上午好' : hour < 18 ? '下午好' : '晚上好',
  welcome: (tenant: string) => `欢迎使用${tenant}`,
  platform: '平台',
  loading: '正在加载…',
  loadFailed: '加载失败',
  retry: '重试',
  banners: '轮播图',
  quickEntries: '快捷入口',
  noApplications: '暂无可用的应用',
  recent: '最近访问',
  noRecent: '暂无访问记录',
  kpis: '数据概览',
  noKpis: '未配置指标卡片',
  cannotOpen: '该应用暂无可打开的页面',
  workbench: {
    search: '搜索应用名称或分类',
    favourites: '我的收藏',
    noFavourites: '点击应用上的星标收藏常用应用',
    recent: '最近使用',
    all: '全部应用',
    noMatch: '没有匹配的应用',
    reset: '恢复默认排列',
    resetDone: '已恢复默认排列',
    saved: '排列已保存',
    saveFailed: '排列保存失败，已恢复原顺序',
    favourite: '收藏',
    unfavourite: '取消收藏',
    moveEarlier: '前移',
    moveLater: '后移',
    dragHint: '拖动应用可调整排列，排列按个人保存',
    uncategorised: '未分类',
  },
};

export type HomeTexts = typeof zhCN;

const enUS: HomeTexts = {
  greeting: (hour: number): string =>
    hour < 6 ? 'Good night' : hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening',
  welcome: (tenant: string) => `Welcome to ${tenant}`,
  platform: 'the platform',
  loading: 'Loading…',
  loadFailed: 'Failed to load',
  retry: 'Retry',
  banners: 'Banners',
  quickEntries: 'Quick entries',
  noApplications: 'No applications available',
  recent: 'Recently visited',
  noRecent: 'Nothing visited yet',
  kpis: 'Overview',
  noKpis: 'No KPI cards configured',
  cannotOpen: 'This application has no page to open',
  workbench: {
    search: 'Search by name or category',
    favourites: 'Favourites',
    noFavourites: 'Star an application to keep it here',
    recent: 'Recently used',
    all: 'All applications',
    noMatch: 'No application matches',
    reset: 'Reset to default',
    resetDone: 'The default arrangement is back',
    saved: 'Arrangement saved',
    saveFailed: 'The arrangement was not saved; the previous order is back',
    favourite: 'Favourite',
    unfavourite: 'Remove from favourites',
    moveEarlier: 'Move earlier',
    moveLater: 'Move later',
    dragHint: 'Drag applications to arrange them; the arrangement is saved for you',
    uncategorised: 'Uncategorised',
  },
};

export const homeTexts: LocalizedTexts<HomeTexts> = { 'zh-CN': zhCN, 'en-US': enUS };
