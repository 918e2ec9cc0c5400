import type { GettingStartedStep } from '@uniwim/contracts/client';
import type { LocalizedTexts } from '../../i18n/texts';

interface StepTexts {
  title: string;
  hint: string;
  action: string;
}

const zhCN = {
  title: '开始使用',
  intro: '您是本租户的管理员。完成以下几步，成员就能登录并使用应用：',
  progress: (done: number, total: number) => `已完成 ${done}/${total}`,
  admin: '进入管理后台',
  done: '已完成',
  steps: {
    users: {
      title: '添加用户',
      hint: '逐个新增或从 Excel 导入成员，并为他们分配部门与角色。',
      action: '去添加用户',
    },
    'sign-in-look': {
      title: '设置登录页外观',
      hint: '上传标志、背景与标题，让成员看到贵单位自己的登录页。',
      action: '去设置外观',
    },
    applications: {
      title: '为成员选择应用',
      hint: '新建角色并勾选其菜单，决定成员在工作台中看到哪些应用。',
      action: '去配置角色',
    },
  } as Record<GettingStartedStep, StepTexts>,
};

export type GettingStartedTexts = typeof zhCN;

const enUS: GettingStartedTexts = {
  title: 'Getting started',
  intro: 'You administer this tenant. A few steps and your members can sign in and use their applications:',
  progress: (done, total) => `${done} of ${total} done`,
  admin: 'Open the administration',
  done: 'Done',
  steps: {
    users: {
      title: 'Add users',
      hint: 'Add members one by one or import them from Excel, with their departments and roles.',
      action: 'Add users',
    },
    'sign-in-look': {
      title: 'Set the sign-in look',
      hint: "Upload your logo, background and title: members see your organisation's own sign-in page.",
      action: 'Set the look',
    },
    applications: {
      title: "Choose the members' applications",
      hint: 'Create roles and tick their menu items: they decide which applications members see.',
      action: 'Set up roles',
    },
  },
};

export const gettingStartedTexts: LocalizedTexts<GettingStartedTexts> = { 'zh-CN': zhCN, 'en-US': enUS };
