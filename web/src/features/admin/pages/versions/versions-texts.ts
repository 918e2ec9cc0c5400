import type { LocalizedTexts } from '../../../../i18n/texts';

/** The version page's own words (the declaration carries the field titles). */
const zhCN = {
  pickApplication: '请选择应用',
  catalogueVersion: (version: string) => `目录版本 ${version}`,
  pickTenants: '搜索并选择租户',
  allTenants: '发布到全部租户',
  releases: '发布记录',
  noReleases: '尚未发布',
  publish: '发布',
  rollback: '回滚',
  toAll: '全部租户',
  toTenants: (names: string) => `指定租户：${names}`,
  liveTenants: (count: number) => `当前运行此版本的租户（${count}）`,
  noLiveTenants: '目前没有租户运行此版本',
  more: (count: number) => `等 ${count} 个`,
  checking: '正在检查压缩包……',
  checked: (files: number) => `可读取的 zip 压缩包，共 ${files} 个文件`,
  sha256: 'SHA-256',
  loadFailed: '加载失败',
};

export type VersionsTexts = typeof zhCN;

export const versionsTexts: LocalizedTexts<VersionsTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    pickApplication: 'Choose an application',
    catalogueVersion: (version) => `catalogue version ${version}`,
    pickTenants: 'Search and choose tenants',
    allTenants: 'Released to every tenant',
    releases: 'Releases',
    noReleases: 'Not released yet',
    publish: 'Publish',
    rollback: 'Rollback',
    toAll: 'All tenants',
    toTenants: (names) => `Chosen tenants: ${names}`,
    liveTenants: (count) => `Tenants running this version now (${count})`,
    noLiveTenants: 'No tenant runs this version now',
    more: (count) => `and ${count} in all`,
    checking: 'Checking the archive…',
    checked: (files) => `A readable zip archive of ${files} files`,
    sha256: 'SHA-256',
    loadFailed: 'Could not load',
  },
};
