import type { LocalizedTexts } from '../../../../i18n/texts';

const zhCN = {
  yes: '是',
  no: '否',
  secretSet: '已设置（不显示）',
  secretUnset: '未设置',
  newSecret: '输入新的密文值',
  keepSecret: '留空则保持原密文不变',
  pickValue: '请选择',
  addChoice: '添加选项',
  choiceValue: '选项值',
  choiceLabel: '选项名称',
  remove: '删除',
  choicesOnlyForChoice: '仅“选项”类型使用可选值',
};

export type ParametersTexts = typeof zhCN;

export const parametersTexts: LocalizedTexts<ParametersTexts> = {
  'zh-CN': zhCN,
  'en-US': {
    yes: 'Yes',
    no: 'No',
    secretSet: 'Set (never shown)',
    secretUnset: 'Not set',
    newSecret: 'Enter the new secret',
    keepSecret: 'Leave empty to keep the secret as it is',
    pickValue: 'Choose',
    addChoice: 'Add a choice',
    choiceValue: 'Value',
    choiceLabel: 'Label',
    remove: 'Remove',
    choicesOnlyForChoice: 'Used by the "Choice" type only',
  },
};
