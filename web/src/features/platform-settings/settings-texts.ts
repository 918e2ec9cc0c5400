import type { LocalizedTexts } from '../../i18n/texts';

/** The platform settings page's own words; group and field titles come from the contract. */
const zhCN = {
  pageTitle: '系统配置',
  versionLine: (version: number, who: string | null, when: string | null) =>
    version === 0
      ? '尚未保存过（当前为初始设置）'
      : `当前版本 v${version} · ${who ?? '未知'} · ${when ?? ''}`,
  save: '保存',
  revert: '撤销修改',
  history: '变更历史',
  saved: '保存成功',
  unchanged: '没有修改',
  changedCount: (n: number) => `已修改 ${n} 项`,
  loadFailed: '系统配置加载失败',
  retry: '重试',
  conflictTitle: '系统配置已被他人修改',
  conflictHint: '您编辑期间，其他管理员保存了新的版本。重新加载将放弃您未保存的修改。',
  reload: '重新加载',
  cancel: '取消',
  fixErrors: '请先修正标出的设置项',
  smsProvider: '短信服务商',
  smsSendsForReal: '真实发送',
  smsOutboxHint: '未配置短信服务商：短信写入本地 sms-outbox.jsonl 文件，不会真正发出',
  smsLastFailure: '最近一次发送失败',
  smsNoFailure: '本实例启动以来没有发送失败',
  smsSecretsHint: '服务商的密钥等机密只在服务器环境变量中配置，此处不显示。',
  providers: { outbox: '本地发件箱', aliyun: '阿里云短信', tencent: '腾讯云短信', webhook: '自建短信网关' },
  yes: '是',
  no: '否',
  empty: '（空）',
  historyEmpty: '暂无变更历史',
  historyAction: { update: '修改', rollback: '回滚' },
  restoredFrom: (version: number) => `恢复为 v${version}`,
  rollback: '回滚到此版本',
  rollbackConfirm: (version: number) => `确定将系统配置回滚到 v${version} 吗？回滚会作为一个新版本保存。`,
  rolledBack: (version: number) => `已回滚到 v${version}`,
  currentVersion: '当前版本',
  field: '设置项',
  before: '修改前',
  after: '修改后',
  floorsHint: '租户的安全策略不能低于这些底线；登录时按租户设置与底线中更严格的一方执行。',
  retentionHint: '各类日志最多保留的天数，租户的保留设置不能超过这些上限。',
  regionalHint:
    '平台页面（未进入租户时）、全部租户的统计与导出的时间都按此时区显示；各租户在“租户设置”中设置自己的时区。',
  lookHint: '平台默认登录页的外观；租户未单独设置的项沿用这里的值。',
};

export type SettingsTexts = typeof zhCN;

const enUS: SettingsTexts = {
  pageTitle: 'Platform settings',
  versionLine: (version, who, when) =>
    version === 0
      ? 'Never saved (initial settings)'
      : `Version ${version} · ${who ?? 'unknown'} · ${when ?? ''}`,
  save: 'Save',
  revert: 'Revert',
  history: 'History',
  saved: 'Saved',
  unchanged: 'No changes',
  changedCount: (n) => `${n} changed`,
  loadFailed: 'The platform settings could not be loaded',
  retry: 'Retry',
  conflictTitle: 'Someone else changed the settings',
  conflictHint:
    'Another administrator saved a new version while you were editing. Reloading discards your unsaved changes.',
  reload: 'Reload',
  cancel: 'Cancel',
  fixErrors: 'Please correct the marked settings first',
  smsProvider: 'SMS provider',
  smsSendsForReal: 'Sends for real',
  smsOutboxHint: 'No SMS provider is configured: messages go to the local sms-outbox.jsonl file, never out',
  smsLastFailure: 'Last failed delivery',
  smsNoFailure: 'No failed delivery since this instance started',
  smsSecretsHint:
    "The provider's keys and secrets are set in the server's environment only and never shown here.",
  providers: {
    outbox: 'Local outbox',
    aliyun: 'Alibaba Cloud SMS',
    tencent: 'Tencent Cloud SMS',
    webhook: 'Own SMS gateway',
  },
  yes: 'Yes',
  no: 'No',
  empty: '(empty)',
  historyEmpty: 'No changes yet',
  historyAction: { update: 'Changed', rollback: 'Rolled back' },
  restoredFrom: (version) => `restored version ${version}`,
  rollback: 'Roll back to this version',
  rollbackConfirm: (version) =>
    `Roll the platform settings back to version ${version}? The rollback is saved as a new version.`,
  rolledBack: (version) => `Rolled back to version ${version}`,
  currentVersion: 'Current version',
  field: 'Setting',
  before: 'Before',
  after: 'After',
  floorsHint:
    "No tenant's security policy may go below these floors; sign-in applies the stricter of the tenant's value and the floor.",
  retentionHint: 'The longest each log may be kept; no tenant may keep one longer.',
  regionalHint:
    "Times on the platform's pages (outside a tenant), in the all-tenant statistics and in their exports are shown in this zone; each tenant sets its own in its settings.",
  lookHint: 'The look of the platform default sign-in page; tenants inherit every field they do not set.',
};

export const settingsTexts: LocalizedTexts<SettingsTexts> = { 'zh-CN': zhCN, 'en-US': enUS };
