import type { LocalizedTexts } from '../../../../i18n/texts';

const zhCN = {
  valueOf: (name: string) => `请输入参数 ${name} 的值`,
  noParams: '该模板没有参数',
};

/** The message templates page's own texts (the "send a test" form). */
export const messageTemplateTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    valueOf: (name: string) => `Value of ${name}`,
    noParams: 'This template has no parameters',
  },
};
