import type { LocalizedTexts } from '../../../../i18n/texts';

const zhCN = {
  changes: '变更内容',
  field: '字段',
  before: '变更前',
  after: '变更后',
  empty: '（空）',
  noChanges: '本次操作没有字段变更',
  added: '新增',
  removed: '删除',
  traceHint:
    '输入截图或文件水印上的 8 位追踪码（字母不区分大小写），即可查到查看人、页面或文件、时间和地址；也可按用户和时间查看。',
};

export const accessLogTexts: LocalizedTexts<typeof zhCN> = {
  'zh-CN': zhCN,
  'en-US': {
    changes: 'Changes',
    field: 'Field',
    before: 'Before',
    after: 'After',
    empty: '(empty)',
    noChanges: 'This operation changed no field',
    added: 'Added',
    removed: 'Removed',
    traceHint:
      'Type the 8-character trace id from a screenshot or file watermark (any case) to find who saw which page or file, when and from where; or list by user and time.',
  },
};
