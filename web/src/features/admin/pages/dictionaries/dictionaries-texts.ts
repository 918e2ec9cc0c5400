import type { LocalizedTexts } from '../../../../i18n/texts';

const zhCN = {
  items: '字典数据',
  itemsOf: (name: string, code: string) => `字典数据：${name}（${code}）`,
  notExtendable:
    '这是平台字典，平台未允许租户添加数据；平台数据可以按本租户的需要修改标签、排序、颜色或停用（已锁定的除外）。',
  platformType: '这是平台字典：平台数据可以按本租户的需要修改（已锁定的除外），也可以添加本租户自己的数据。',
  platformItems:
    '平台字典的数据对所有租户生效：锁定的数据租户不能修改；“租户可扩展”的字典允许租户添加自己的数据。',
};

export type DictionariesTexts = typeof zhCN;

export const dictionariesTexts: LocalizedTexts<DictionariesTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    items: 'Items',
    itemsOf: (name, code) => `Items of ${name} (${code})`,
    notExtendable:
      "A platform dictionary the platform has not opened to tenants' own items; its items can still be relabelled, re-sorted, recoloured or switched off for this tenant (unless locked).",
    platformType:
      "A platform dictionary: its items can be changed for this tenant (unless locked), and this tenant's own items added.",
    platformItems:
      'Platform dictionaries apply to every tenant: tenants cannot change a locked item, and may add their own items to an extendable dictionary.',
  },
};
