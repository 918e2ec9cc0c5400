import { z } from 'zod';
import { int4Schema, recordVersionSchema } from '../integers';
import { ruleTypeMeetsFloor } from '../password-policy';
import { TENANT_CUSTOM_CSS_MAX } from '../tenant-css';
import { MOBILE_PATTERN } from '../validation';
import {
  type SecurityFloors,
  securityFloorsSchema,
  signInLookSchema,
  timeZoneSchema,
} from './platform-settings';
import type { LocalText } from './resource';
import { tenantDomainListSchema } from './resources/tenants';

/**
 * A tenant's own settings (issue 13, /tenantSettings at /ump/admin/tenant-settings), declared once:
 * basics, the sign-in page's look (the platform settings' look plus the tenant-only fields), and the
 * security policy held within the platform's floors. The server validates with these schemas and the
 * page shows the same messages.
 */

const flag = (what: string) => z.enum(['0', '1'], { error: `${what}只能是"0"或"1"` });
const text = (what: string, max: number) =>
  z.string({ error: `${what}必须是文本` }).max(max, { error: `${what}不能超过${max}个字符` });
const integer = (what: string, min: number, max: number) =>
  z
    .number({ error: `${what}必须是数字` })
    .int({ error: `${what}必须是整数` })
    .min(min, { error: `${what}不能小于${min}` })
    .max(max, { error: `${what}不能大于${max}` });

export const tenantBasicsSchema = z.strictObject({
  name: text('租户名称', 100).trim().min(1, { error: '请输入租户名称' }),
  shortName: text('简称', 30).trim(),
  contactName: text('联系人', 50).trim(),
  contactPhone: z
    .string()
    .trim()
    .refine((value) => value === '' || MOBILE_PATTERN.test(value), { error: '联系电话须为手机号' }),
  domains: tenantDomainListSchema,
  /** Every time the tenant's people read (pages, exports, statistics' days) is in this zone. */
  timeZone: timeZoneSchema,
});
export type TenantBasics = z.infer<typeof tenantBasicsSchema>;

/**
 * The sign-in page designer: the platform look's fields (captcha belongs to the security policy) and
 * the homepage's layout template (appTemp, issue 15) and banners only a tenant sets.
 */
export const tenantSignInLookSchema = signInLookSchema.omit({ showVctCode: true }).extend({
  customCss: text('自定义样式', TENANT_CUSTOM_CSS_MAX),
  appTemp: text('首页布局模板', 200),
  appBannerList: z.array(text('轮播图地址', 2000)).max(20, { error: '轮播图最多 20 张' }),
});
export type TenantSignInLook = z.infer<typeof tenantSignInLookSchema>;
export const TENANT_SIGN_IN_LOOK_FIELDS = Object.keys(
  tenantSignInLookSchema.shape,
) as (keyof TenantSignInLook)[];

const IPV4 =
  /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(\/([12]?\d|3[0-2]))?$/;
const HEX_COLOUR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const tenantSecurityPolicySchema = z.strictObject({
  /** 1 upper+lower+digit, 2 letter+digit+special, 3 letter+digit, 4 own regex (pwdRule), 5 all four. */
  pwdRuleType: integer('密码规则', 1, 5),
  pwdRule: text('自定义密码正则', 500),
  pwdMinLength: integer('密码最小长度', 1, 64),
  weakPasswordSetting: text('弱密码列表', 10_000),
  lockingIsOpen: flag('登录锁定'),
  loginCountMax: integer('锁定前允许失败次数', 1, 100),
  loginTimeSpan: integer('失败计数时间窗口（分钟）', 1, 1440),
  loginTime: integer('锁定时长（分钟）', 1, 10_080),
  showVctCode: integer('图形验证码', 0, 1),
  twoFactorRequired: z.boolean({ error: '短信双因素认证须为是或否' }),
  /** null: the platform's configured lifetime (still held within its floor). */
  accessTokenMinutes: integer('会话时长（分钟）', 5, 1440).nullable(),
  refreshTokenHours: integer('刷新令牌时长（小时）', 1, 8760).nullable(),
  /** Addresses or IPv4 ranges (CIDR) sign-in is allowed from; empty allows every address. */
  ipAllowList: z
    .array(z.string().trim().regex(IPV4, { error: 'IP 地址或网段格式不正确（如 10.0.0.0/8）' }))
    .max(100, { error: '允许登录的地址最多 100 条' }),
  forcePasswordChange: flag('首次登录强制修改密码'),
  /** 0: never expires. */
  passwordExpiryDays: integer('密码有效期（天）', 0, 3650),
  /** 0: never disabled. */
  dormantDisableDays: integer('长期未登录自动停用（天）', 0, 3650),
  watermarkEnabled: z.boolean({ error: '水印须为开或关' }),
  /** Empty: the user's name and masked mobile, as before. */
  watermarkText: text('水印文字', 100),
  watermarkColor: z.string().regex(HEX_COLOUR, { error: '水印颜色须为 #RGB 或 #RRGGBB' }),
  watermarkAlpha: z.number({ error: '水印透明度必须是数字' }).min(0.05).max(1),
  watermarkFontSize: integer('水印字号', 10, 48),
  watermarkAngle: integer('水印角度', 0, 90),
});
export type TenantSecurityPolicy = z.infer<typeof tenantSecurityPolicySchema>;

/** The policy fields kept outside the public login configuration (never shown to anonymous visitors). */
export const PRIVATE_POLICY_FIELDS = [
  'accessTokenMinutes',
  'refreshTokenHours',
  'ipAllowList',
  'passwordExpiryDays',
  'dormantDisableDays',
  'watermarkEnabled',
  'watermarkText',
  'watermarkColor',
  'watermarkAlpha',
  'watermarkFontSize',
  'watermarkAngle',
] as const satisfies readonly (keyof TenantSecurityPolicy)[];
export type TenantPrivatePolicy = Pick<TenantSecurityPolicy, (typeof PRIVATE_POLICY_FIELDS)[number]>;

export const TENANT_PRIVATE_POLICY_DEFAULTS: TenantPrivatePolicy = {
  accessTokenMinutes: null,
  refreshTokenHours: null,
  ipAllowList: [],
  passwordExpiryDays: 0,
  dormantDisableDays: 0,
  watermarkEnabled: true,
  watermarkText: '',
  watermarkColor: '#aaaaaa',
  watermarkAlpha: 0.4,
  watermarkFontSize: 15,
  watermarkAngle: 20,
};

/** The shell's watermark as the active tenant's policy sets it (GET /ump/watermark). */
export const watermarkPolicySchema = z.object({
  enabled: z.boolean(),
  /** Empty: the user's name and masked mobile; else the text with {name}, {account} and {mobile} filled in. */
  text: z.string(),
  color: z.string(),
  alpha: z.number(),
  fontSize: z.number().int(),
  angle: z.number().int(),
});
export type WatermarkPolicy = z.infer<typeof watermarkPolicySchema>;

export const watermarkPolicyOf = (policy: TenantPrivatePolicy): WatermarkPolicy => ({
  enabled: policy.watermarkEnabled,
  text: policy.watermarkText,
  color: policy.watermarkColor,
  alpha: policy.watermarkAlpha,
  fontSize: policy.watermarkFontSize,
  angle: policy.watermarkAngle,
});

export const tenantSettingsSchema = z.strictObject({
  basics: tenantBasicsSchema,
  signInLook: tenantSignInLookSchema,
  security: tenantSecurityPolicySchema,
});
export type TenantSettings = z.infer<typeof tenantSettingsSchema>;
export type TenantSettingsGroup = keyof TenantSettings;
export const TENANT_SETTINGS_GROUPS = Object.keys(tenantSettingsSchema.shape) as TenantSettingsGroup[];

/** One value held below (or above) what the platform allows. */
export interface FloorProblem {
  /** `security.field`, as the page names its form fields. */
  path: string;
  /** `securityFloors.field` of the platform settings. */
  floor: string;
  floorValue: number | boolean;
  message: string;
}

/** Every value of a policy past the platform's floors, with the floor it went past. Empty: allowed. */
export const floorProblemsOf = (policy: TenantSecurityPolicy, floors: SecurityFloors): FloorProblem[] => {
  const problems: FloorProblem[] = [];
  const add = (field: string, floor: keyof SecurityFloors, message: string) =>
    problems.push({
      path: `security.${field}`,
      floor: `securityFloors.${floor}`,
      floorValue: floors[floor],
      message,
    });
  if (!ruleTypeMeetsFloor(policy.pwdRuleType, floors.passwordMinRuleType))
    add(
      'pwdRuleType',
      'passwordMinRuleType',
      `密码规则不能弱于平台底线（规则 ${floors.passwordMinRuleType}）`,
    );
  if (policy.pwdMinLength < floors.passwordMinLength)
    add('pwdMinLength', 'passwordMinLength', `密码最小长度不能小于平台底线 ${floors.passwordMinLength}`);
  if (policy.lockingIsOpen !== '1' && floors.lockoutAlwaysOn)
    add('lockingIsOpen', 'lockoutAlwaysOn', '平台要求始终启用登录锁定');
  if (policy.loginCountMax > floors.lockoutMaxFailuresAtMost)
    add(
      'loginCountMax',
      'lockoutMaxFailuresAtMost',
      `锁定前允许失败次数不能超过平台上限 ${floors.lockoutMaxFailuresAtMost}`,
    );
  if (policy.loginTimeSpan < floors.lockoutWindowMinutesAtLeast)
    add(
      'loginTimeSpan',
      'lockoutWindowMinutesAtLeast',
      `失败计数时间窗口不能少于平台底线 ${floors.lockoutWindowMinutesAtLeast} 分钟`,
    );
  if (policy.loginTime < floors.lockoutMinutesAtLeast)
    add(
      'loginTime',
      'lockoutMinutesAtLeast',
      `锁定时长不能少于平台底线 ${floors.lockoutMinutesAtLeast} 分钟`,
    );
  if (policy.accessTokenMinutes !== null && policy.accessTokenMinutes > floors.accessTokenMaxMinutes)
    add(
      'accessTokenMinutes',
      'accessTokenMaxMinutes',
      `会话时长不能超过平台上限 ${floors.accessTokenMaxMinutes} 分钟`,
    );
  if (policy.refreshTokenHours !== null && policy.refreshTokenHours > floors.refreshTokenMaxHours)
    add(
      'refreshTokenHours',
      'refreshTokenMaxHours',
      `刷新令牌时长不能超过平台上限 ${floors.refreshTokenMaxHours} 小时`,
    );
  return problems;
};

/** A save: the version it was read at and one or more whole groups. */
export const tenantSettingsSaveSchema = z.strictObject({
  version: recordVersionSchema,
  basics: z.record(z.string(), z.unknown()).optional(),
  signInLook: z.record(z.string(), z.unknown()).optional(),
  security: z.record(z.string(), z.unknown()).optional(),
  /** With a changed password rule: every member must change the password at the next sign-in. */
  forcePasswordChangeForMembers: z.boolean().optional(),
});
export type TenantSettingsSave = z.infer<typeof tenantSettingsSaveSchema>;

export const tenantSettingsAnswerSchema = z.object({
  tenantId: z.string(),
  tenantCode: z.string(),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /**
   * As stored: a value an older release or the platform wrote may break today's rule (a landline as the
   * contact phone); the page shows it with the rule's message rather than the page failing to load.
   */
  settings: z.object({
    basics: z.record(z.string(), z.unknown()),
    signInLook: z.record(z.string(), z.unknown()),
    security: z.record(z.string(), z.unknown()),
  }),
  floors: securityFloorsSchema,
  /** For the preview of the published page: login.html?tenant=code. */
  loginPageUrl: z.string(),
  /** Members marked to change their password by this save (0 unless asked for). */
  membersMarked: z.number().int().optional(),
});
export type TenantSettingsAnswer = Omit<z.infer<typeof tenantSettingsAnswerSchema>, 'settings'> & {
  settings: TenantSettings;
};

export const tenantSettingsHistoryEntrySchema = z.object({
  version: z.number().int(),
  action: z.enum(['update', 'rollback']),
  restoredVersion: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
  /** Field-level diff keyed `group.field`. */
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
});
export type TenantSettingsHistoryEntry = z.infer<typeof tenantSettingsHistoryEntrySchema>;

export const tenantSettingsHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const tenantSettingsRollbackSchema = z.strictObject({
  toVersion: int4Schema(1),
  version: recordVersionSchema,
});

/** A draft of the look to preview: the real login.html rendered with it, before anything is published. */
export const tenantLookPreviewSchema = z.strictObject({ signInLook: z.record(z.string(), z.unknown()) });
export const tenantLookPreviewAnswerSchema = z.object({
  /** Open `login.html?tenant=<code>&preview=<id>`: the page and its scripts use the draft. */
  previewId: z.string(),
  previewUrl: z.string(),
  /** The customCss as it would be stored, and what was taken out of it. */
  customCss: z.string(),
  removedCss: z.array(z.string()),
  expiresInSeconds: z.number().int(),
});
export type TenantLookPreviewAnswer = z.infer<typeof tenantLookPreviewAnswerSchema>;

/** An image for the sign-in page, base64 in JSON (the content type is read from the bytes). */
export const TENANT_IMAGE_MAX_BYTES = 1024 * 1024;
export const tenantImageUploadSchema = z.strictObject({
  fileName: z.string().trim().min(1).max(200),
  /** Base64 of the bytes; at most TENANT_IMAGE_MAX_BYTES once decoded. */
  data: z
    .string()
    .max(Math.ceil((TENANT_IMAGE_MAX_BYTES * 4) / 3) + 4, { error: '图片不能超过 1 MB' })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: '图片数据须为 base64' }),
});
export const tenantImageAnswerSchema = z.object({
  url: z.string(),
  contentType: z.string(),
  bytes: z.number().int(),
});

/** Titles of the groups and every field, in both languages (the page and the history's diff). */
export const TENANT_SETTINGS_TITLES: {
  groups: Record<TenantSettingsGroup, LocalText>;
  fields: Record<string, LocalText>;
} = {
  groups: {
    basics: { zh: '基本信息', en: 'Basics' },
    signInLook: { zh: '登录页设计', en: 'Sign-in page designer' },
    security: { zh: '安全策略', en: 'Security policy' },
  },
  fields: {
    'basics.name': { zh: '租户名称', en: 'Name' },
    'basics.shortName': { zh: '简称', en: 'Short name' },
    'basics.contactName': { zh: '联系人', en: 'Contact' },
    'basics.contactPhone': { zh: '联系电话', en: 'Contact phone' },
    'basics.domains': { zh: '自定义域名', en: 'Custom domains' },
    'basics.timeZone': { zh: '时区', en: 'Time zone' },
    'signInLook.title': { zh: '登录页标题', en: 'Title' },
    'signInLook.logo': { zh: 'Logo', en: 'Logo' },
    'signInLook.favicon': { zh: '网站图标', en: 'Favicon' },
    'signInLook.loginBackground': { zh: '登录背景图', en: 'Background image' },
    'signInLook.loginLeftBackground': { zh: '登录左侧图', en: 'Left panel image' },
    'signInLook.loginBgType': { zh: '隐藏整页背景', en: 'Hide full-page background' },
    'signInLook.loginPageType': { zh: '登录页样式', en: 'Layout' },
    'signInLook.copyright': { zh: '版权信息', en: 'Copyright' },
    'signInLook.copyrightPosition': { zh: '版权显示位置', en: 'Copyright shown on' },
    'signInLook.loginAccountType': { zh: '登录方式（按顺序）', en: 'Sign-in modes (in order)' },
    'signInLook.rememberPwd': { zh: '记住密码', en: 'Remember password' },
    'signInLook.forgetPwd': { zh: '忘记密码', en: 'Forgot password' },
    'signInLook.appDownload': { zh: '应用下载', en: 'App download' },
    'signInLook.appDownloadPic': { zh: '应用下载二维码', en: 'App download QR image' },
    'signInLook.isRedirect': { zh: '登录后跳转', en: 'Redirect after sign-in' },
    'signInLook.customCss': { zh: '自定义样式', en: 'Custom CSS' },
    'signInLook.displayItems': { zh: '显示项', en: 'Display items' },
    'signInLook.tagNum': { zh: '标签页数量上限', en: 'Most open tabs' },
    'signInLook.themeConfiguration': { zh: '主题', en: 'Theme' },
    'signInLook.globalSearch': { zh: '全局搜索', en: 'Global search' },
    'signInLook.monitoringCenterIsShow': { zh: '显示监控中心', en: 'Show monitoring centre' },
    'signInLook.appTemp': { zh: '首页布局模板', en: 'Homepage layout' },
    'signInLook.appBannerList': { zh: '轮播图', en: 'Banners' },
    'security.pwdRuleType': { zh: '密码规则', en: 'Password rule' },
    'security.pwdRule': { zh: '自定义密码正则', en: 'Own password pattern' },
    'security.pwdMinLength': { zh: '密码最小长度', en: 'Shortest password' },
    'security.weakPasswordSetting': { zh: '弱密码列表', en: 'Weak passwords' },
    'security.lockingIsOpen': { zh: '登录锁定', en: 'Lock-out' },
    'security.loginCountMax': { zh: '锁定前允许失败次数', en: 'Failures before lock-out' },
    'security.loginTimeSpan': { zh: '失败计数窗口（分钟）', en: 'Failure window (minutes)' },
    'security.loginTime': { zh: '锁定时长（分钟）', en: 'Lock for (minutes)' },
    'security.showVctCode': { zh: '图形验证码', en: 'Image captcha' },
    'security.twoFactorRequired': { zh: '短信双因素认证', en: 'Two-factor by SMS' },
    'security.accessTokenMinutes': { zh: '会话时长（分钟）', en: 'Session (minutes)' },
    'security.refreshTokenHours': { zh: '刷新令牌时长（小时）', en: 'Refresh lifetime (hours)' },
    'security.ipAllowList': { zh: '允许登录的 IP', en: 'Sign-in IP allow-list' },
    'security.forcePasswordChange': { zh: '首次登录强制修改密码', en: 'Force change at first sign-in' },
    'security.passwordExpiryDays': { zh: '密码有效期（天）', en: 'Password expires after (days)' },
    'security.dormantDisableDays': {
      zh: '长期未登录自动停用（天）',
      en: 'Disable dormant accounts after (days)',
    },
    'security.watermarkEnabled': { zh: '水印', en: 'Watermark' },
    'security.watermarkText': { zh: '水印文字', en: 'Watermark text' },
    'security.watermarkColor': { zh: '水印颜色', en: 'Watermark colour' },
    'security.watermarkAlpha': { zh: '水印透明度', en: 'Watermark opacity' },
    'security.watermarkFontSize': { zh: '水印字号', en: 'Watermark font size' },
    'security.watermarkAngle': { zh: '水印角度', en: 'Watermark angle' },
  },
};
