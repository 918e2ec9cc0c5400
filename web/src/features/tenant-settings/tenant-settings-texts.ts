import type { LocalizedTexts } from '../../i18n/texts';
import { settingsTexts } from '../platform-settings/settings-texts';

/** The tenant settings page's own words, over the platform settings page's (forms and history are shared). */
const zhCN = {
  ...settingsTexts['zh-CN'],
  pageTitle: '租户设置',
  logRetentionTab: '日志保留',
  loadFailed: '租户设置加载失败',
  conflictTitle: '租户设置已被他人修改',
  rollbackConfirm: (version: number) => `确定将租户设置回滚到 v${version} 吗？回滚会作为一个新版本保存。`,
  basicsHint:
    '租户名称与简称、联系人、自定义域名（域名在所有租户中唯一）和时区（成员看到的页面、导出与统计中的时间都按此时区）。',
  lookHint: '登录页的外观。右侧预览的是真实的登录页（未保存的修改），保存即发布，所有实例立即生效。',
  securityHint: '安全策略不能低于平台的安全底线；低于底线时会提示是哪一项底线。',
  floorsTitle: '平台安全底线',
  floors: (f: {
    passwordMinLength: number;
    lockoutMaxFailuresAtMost: number;
    lockoutWindowMinutesAtLeast: number;
    lockoutMinutesAtLeast: number;
    accessTokenMaxMinutes: number;
    refreshTokenMaxHours: number;
    lockoutAlwaysOn: boolean;
  }) =>
    `密码至少 ${f.passwordMinLength} 位；失败最多 ${f.lockoutMaxFailuresAtMost} 次；计数窗口至少 ${f.lockoutWindowMinutesAtLeast} 分钟；锁定至少 ${f.lockoutMinutesAtLeast} 分钟；会话最长 ${f.accessTokenMaxMinutes} 分钟；刷新令牌最长 ${f.refreshTokenMaxHours} 小时${f.lockoutAlwaysOn ? '；必须启用登录锁定' : ''}`,
  markMembers: '密码规则变更后，要求所有成员下次登录时修改密码',
  membersMarked: (n: number) => `已要求 ${n} 名成员下次登录时修改密码`,
  previewTitle: '实时预览（未发布）',
  previewDesktop: '电脑',
  previewPhone: '手机',
  previewLoading: '正在生成预览…',
  previewFailed: '预览生成失败',
  openPublished: '打开已发布的登录页',
  cssRemoved: '自定义样式中以下内容不安全，保存时将被移除：',
  upload: '上传图片',
  uploading: '上传中…',
  uploaded: '图片已上传',
  tagsPlaceholder: '输入后回车',
  inheritPlaceholder: '沿用平台设置',
};

export type TenantSettingsTexts = typeof zhCN;

const enUS: TenantSettingsTexts = {
  ...settingsTexts['en-US'],
  pageTitle: 'Tenant settings',
  logRetentionTab: 'Log retention',
  loadFailed: 'The tenant settings could not be loaded',
  conflictTitle: 'Someone else changed the tenant settings',
  rollbackConfirm: (version) =>
    `Roll the tenant settings back to version ${version}? The rollback is saved as a new version.`,
  basicsHint:
    'Name and short name, contact, custom domains (a domain belongs to one tenant only) and time zone (every time the members read, on pages, in exports and statistics, is in it).',
  lookHint:
    'The look of the sign-in page. The preview on the right is the real sign-in page with your unsaved changes; saving publishes it on every instance at once.',
  securityHint: "The policy cannot go below the platform's security floors; an attempt says which floor.",
  floorsTitle: 'Platform security floors',
  floors: (f) =>
    `passwords at least ${f.passwordMinLength} characters; at most ${f.lockoutMaxFailuresAtMost} failures; window at least ${f.lockoutWindowMinutesAtLeast} min; lock at least ${f.lockoutMinutesAtLeast} min; sessions at most ${f.accessTokenMaxMinutes} min; refresh at most ${f.refreshTokenMaxHours} h${f.lockoutAlwaysOn ? '; lock-out must stay on' : ''}`,
  markMembers:
    'After a change of the password rule, every member must change the password at the next sign-in',
  membersMarked: (n) => `${n} members must change their password at the next sign-in`,
  previewTitle: 'Live preview (not published)',
  previewDesktop: 'Desktop',
  previewPhone: 'Phone',
  previewLoading: 'Making the preview…',
  previewFailed: 'The preview could not be made',
  openPublished: 'Open the published sign-in page',
  cssRemoved: 'These parts of the custom CSS are unsafe and will be removed on save:',
  upload: 'Upload image',
  uploading: 'Uploading…',
  uploaded: 'Image uploaded',
  tagsPlaceholder: 'Type and press Enter',
  inheritPlaceholder: "The platform's setting",
};

export const tenantSettingsTexts: LocalizedTexts<TenantSettingsTexts> = { 'zh-CN': zhCN, 'en-US': enUS };
