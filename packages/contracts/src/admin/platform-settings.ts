import { z } from 'zod';
import { int4Schema, recordVersionSchema } from '../integers';
import { LOGIN_CONFIG_DEFAULTS, LOGIN_TYPES } from '../login-config-values';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../time-zone';
import type { LocalText } from './resource';

/**
 * The platform's settings (/dmp/admin/platform-settings, page /dmpSysConfigManagement), declared once:
 * typed groups with their bounds, defaults and Chinese messages. The server validates saves with
 * these schemas and the page shows the same messages.
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

/** The look of the platform's own sign-in page: the login configuration fields of spec section 3 that make it. */
export const signInLookSchema = z.strictObject({
  title: text('平台标题', 100).trim().min(1, { error: '请输入平台标题' }),
  logo: text('Logo 地址', 2000),
  favicon: text('网站图标地址', 2000),
  loginBackground: text('登录背景图地址', 2000),
  loginLeftBackground: text('登录左侧图地址', 2000),
  loginBgType: flag('隐藏整页背景'),
  loginPageType: z.string().regex(/^\d{1,2}$/, { error: '登录页样式须为 1-2 位数字' }),
  copyright: text('版权信息', 500),
  copyrightPosition: z
    .array(z.enum(['0', '1'], { error: '版权位置只能是"0"（登录页）或"1"（主页）' }))
    .max(2, { error: '版权位置最多 2 项' }),
  loginAccountType: text('登录方式', 50).refine(
    (value) => {
      const types = value.split(',').map((type) => type.trim());
      return types.length > 0 && types.every((type) => (LOGIN_TYPES as readonly string[]).includes(type));
    },
    { error: `登录方式须为 ${LOGIN_TYPES.join('、')} 的逗号分隔列表` },
  ),
  rememberPwd: flag('记住密码'),
  forgetPwd: flag('忘记密码'),
  showVctCode: integer('图形验证码', 0, 1),
  appDownload: flag('应用下载'),
  appDownloadPic: text('应用下载二维码地址', 4000),
  isRedirect: flag('登录后跳转'),
  /** Sanitised on save with sanitizeCustomCss: what could load or run something is dropped. */
  customCss: text('自定义样式', 20_000),
  displayItems: text('显示项', 1000),
  tagNum: z.string().regex(/^([1-9]|[12]\d|30)$/, { error: '标签页数量须在 1 到 30 之间' }),
  themeConfiguration: text('主题', 50).min(1, { error: '请选择主题' }),
  globalSearch: flag('全局搜索'),
  monitoringCenterIsShow: flag('监控中心'),
});
export type SignInLook = z.infer<typeof signInLookSchema>;
export const SIGN_IN_LOOK_FIELDS = Object.keys(signInLookSchema.shape) as (keyof SignInLook)[];

/**
 * Character rules of the password floor in order of strength; 1 and 2 are side by side (neither
 * contains the other), 0 asks for no character classes. Rule 4 (a tenant's own regex) is no floor.
 */
export const PASSWORD_FLOOR_RULE_TYPES = [0, 3, 1, 2, 5] as const;

/** What no tenant may go below (or above, for lifetimes). Held at sign-in; issue 13's policy page shows them. */
export const securityFloorsSchema = z.strictObject({
  passwordMinRuleType: z.literal(PASSWORD_FLOOR_RULE_TYPES, { error: '密码规则下限须为 0、1、2、3、5 之一' }),
  passwordMinLength: integer('密码最小长度', 6, 64),
  lockoutAlwaysOn: z.boolean({ error: '始终启用登录锁定须为是或否' }),
  lockoutMaxFailuresAtMost: integer('锁定前允许的失败次数上限', 1, 20),
  lockoutWindowMinutesAtLeast: integer('失败计数时间窗口下限（分钟）', 1, 1440),
  lockoutMinutesAtLeast: integer('锁定时长下限（分钟）', 1, 1440),
  accessTokenMaxMinutes: integer('会话（访问令牌）最长时长（分钟）', 5, 1440),
  refreshTokenMaxHours: integer('刷新令牌最长时长（小时）', 1, 8760),
  twoFactorForOperators: z.boolean({ error: '平台运维人员双因素认证须为是或否' }),
});
export type SecurityFloors = z.infer<typeof securityFloorsSchema>;

/** The longest any log may be kept, in days (issue 16 reads them). */
export const logRetentionSchema = z.strictObject({
  loginLogDays: integer('登录日志保留天数', 1, 3650),
  usageLogDays: integer('访问日志保留天数', 1, 3650),
  operationLogDays: integer('操作日志保留天数', 1, 3650),
});
export type LogRetention = z.infer<typeof logRetentionSchema>;

/** An IANA zone name the runtime's Intl knows (Intl.supportedValuesOf('timeZone'), and UTC). */
export const timeZoneSchema = z
  .string({ error: '时区必须是文本' })
  .trim()
  .refine(isTimeZone, { error: '时区须为 IANA 时区名（如 Asia/Shanghai）' });

/** Where the platform is: its pages outside a tenant and the all-tenant statistics read its zone. */
export const regionalSchema = z.strictObject({ timeZone: timeZoneSchema });
export type Regional = z.infer<typeof regionalSchema>;

export const platformSettingsSchema = z.strictObject({
  signInLook: signInLookSchema,
  securityFloors: securityFloorsSchema,
  logRetention: logRetentionSchema,
  regional: regionalSchema,
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;
export type PlatformSettingsGroup = keyof PlatformSettings;
export const PLATFORM_SETTINGS_GROUPS = Object.keys(platformSettingsSchema.shape) as PlatformSettingsGroup[];

const lookDefaults = Object.fromEntries(
  SIGN_IN_LOOK_FIELDS.map((key) => [key, LOGIN_CONFIG_DEFAULTS[key]]),
) as SignInLook;

/**
 * Defaults that keep what the platform did before these settings existed: the lock-out floor is the
 * spec's default lock-out (5 failures in 10 minutes lock for 30), the password floor the default rule
 * (letters and digits, 8 characters), the lifetimes above every configured one.
 */
export const PLATFORM_SETTINGS_DEFAULTS: PlatformSettings = {
  signInLook: lookDefaults,
  securityFloors: {
    passwordMinRuleType: 3,
    passwordMinLength: 8,
    lockoutAlwaysOn: true,
    lockoutMaxFailuresAtMost: 5,
    lockoutWindowMinutesAtLeast: 10,
    lockoutMinutesAtLeast: 30,
    accessTokenMaxMinutes: 1440,
    refreshTokenMaxHours: 240,
    twoFactorForOperators: false,
  },
  logRetention: { loginLogDays: 180, usageLogDays: 180, operationLogDays: 365 },
  regional: { timeZone: DEFAULT_TIME_ZONE },
};

/**
 * A stored group read back: each field kept when it still validates, else its default, so a value an
 * older release wrote (or a manual edit) never breaks sign-in.
 */
export const readSettingsGroup = <G extends PlatformSettingsGroup>(
  group: G,
  stored: unknown,
): PlatformSettings[G] => {
  const defaults = PLATFORM_SETTINGS_DEFAULTS[group] as Record<string, unknown>;
  const shape = platformSettingsSchema.shape[group].shape as Record<string, z.ZodType>;
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const result: Record<string, unknown> = {};
  for (const [key, fallback] of Object.entries(defaults)) {
    const parsed = shape[key]!.safeParse(source[key]);
    result[key] = parsed.success ? parsed.data : structuredClone(fallback);
  }
  return result as PlatformSettings[G];
};

/** A save: the version it was read at and one or more whole groups. */
export const platformSettingsSaveSchema = z.strictObject({
  version: recordVersionSchema,
  signInLook: z.record(z.string(), z.unknown()).optional(),
  securityFloors: z.record(z.string(), z.unknown()).optional(),
  logRetention: z.record(z.string(), z.unknown()).optional(),
  regional: z.record(z.string(), z.unknown()).optional(),
});
export type PlatformSettingsSave = z.infer<typeof platformSettingsSaveSchema>;

export const smsStatusSchema = z.object({
  provider: z.enum(['outbox', 'aliyun', 'tencent', 'webhook']),
  /** A vendor is set up and messages really go out (the outbox only writes a local file). */
  sendsForReal: z.boolean(),
  /** The last failed delivery this instance saw since it started; never a number or a code. */
  lastFailure: z.object({ at: z.string(), kind: z.string(), vendorCode: z.string().nullable() }).nullable(),
});
export type SmsStatus = z.infer<typeof smsStatusSchema>;

export const platformSettingsAnswerSchema = z.object({
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  settings: platformSettingsSchema,
  smsStatus: smsStatusSchema,
});
export type PlatformSettingsAnswer = z.infer<typeof platformSettingsAnswerSchema>;

export const settingsChangesSchema = z.record(
  z.string(),
  z.object({ before: z.unknown(), after: z.unknown() }),
);

export const platformSettingsHistoryEntrySchema = z.object({
  version: z.number().int(),
  action: z.enum(['update', 'rollback']),
  /** For a rollback: the version whose values were restored. */
  restoredVersion: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  createdAt: z.string(),
  /** Field-level diff keyed `group.field`. */
  changes: settingsChangesSchema,
});
export type PlatformSettingsHistoryEntry = z.infer<typeof platformSettingsHistoryEntrySchema>;

export const platformSettingsHistoryQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const platformSettingsRollbackSchema = z.strictObject({
  /** The version whose values become current again. */
  toVersion: int4Schema(1),
  /** The current version, as read: a stale one answers 409. */
  version: recordVersionSchema,
});

/** Titles of the groups and of every field, in both languages (the page and the history's diff). */
export const PLATFORM_SETTINGS_TITLES: {
  groups: Record<PlatformSettingsGroup | 'smsStatus', LocalText>;
  fields: Record<string, LocalText>;
} = {
  groups: {
    signInLook: { zh: '平台默认登录页', en: 'Default sign-in page' },
    securityFloors: { zh: '安全底线', en: 'Security floors' },
    smsStatus: { zh: '短信服务状态', en: 'SMS provider status' },
    logRetention: { zh: '日志保留上限', en: 'Log retention maximums' },
    regional: { zh: '时区', en: 'Time zone' },
  },
  fields: {
    'signInLook.title': { zh: '平台标题', en: 'Title' },
    'signInLook.logo': { zh: 'Logo 地址', en: 'Logo URL' },
    'signInLook.favicon': { zh: '网站图标地址', en: 'Favicon URL' },
    'signInLook.loginBackground': { zh: '登录背景图地址', en: 'Background image URL' },
    'signInLook.loginLeftBackground': { zh: '登录左侧图地址', en: 'Left panel image URL' },
    'signInLook.loginBgType': { zh: '隐藏整页背景', en: 'Hide full-page background' },
    'signInLook.loginPageType': { zh: '登录页样式', en: 'Sign-in page layout' },
    'signInLook.copyright': { zh: '版权信息', en: 'Copyright' },
    'signInLook.copyrightPosition': { zh: '版权显示位置', en: 'Copyright shown on' },
    'signInLook.loginAccountType': { zh: '登录方式（按顺序）', en: 'Sign-in modes (in order)' },
    'signInLook.rememberPwd': { zh: '记住密码', en: 'Remember password' },
    'signInLook.forgetPwd': { zh: '忘记密码', en: 'Forgot password' },
    'signInLook.showVctCode': { zh: '图形验证码', en: 'Image captcha' },
    'signInLook.appDownload': { zh: '应用下载', en: 'App download' },
    'signInLook.appDownloadPic': { zh: '应用下载二维码地址', en: 'App download QR image URLs' },
    'signInLook.isRedirect': { zh: '登录后跳转', en: 'Redirect after sign-in' },
    'signInLook.customCss': { zh: '自定义样式', en: 'Custom CSS' },
    'signInLook.displayItems': { zh: '显示项', en: 'Display items' },
    'signInLook.tagNum': { zh: '标签页数量上限', en: 'Most open tabs' },
    'signInLook.themeConfiguration': { zh: '主题', en: 'Theme' },
    'signInLook.globalSearch': { zh: '全局搜索', en: 'Global search' },
    'signInLook.monitoringCenterIsShow': { zh: '显示监控中心', en: 'Show monitoring centre' },
    'securityFloors.passwordMinRuleType': { zh: '密码规则下限', en: 'Weakest password rule' },
    'securityFloors.passwordMinLength': { zh: '密码最小长度下限', en: 'Shortest password' },
    'securityFloors.lockoutAlwaysOn': { zh: '始终启用登录锁定', en: 'Lock-out always on' },
    'securityFloors.lockoutMaxFailuresAtMost': {
      zh: '锁定前最多允许失败次数',
      en: 'Most failures before lock-out',
    },
    'securityFloors.lockoutWindowMinutesAtLeast': {
      zh: '失败计数窗口至少（分钟）',
      en: 'Failure window at least (minutes)',
    },
    'securityFloors.lockoutMinutesAtLeast': { zh: '锁定时长至少（分钟）', en: 'Lock at least (minutes)' },
    'securityFloors.accessTokenMaxMinutes': {
      zh: '会话最长时长（分钟）',
      en: 'Longest session (minutes)',
    },
    'securityFloors.refreshTokenMaxHours': {
      zh: '刷新令牌最长时长（小时）',
      en: 'Longest refresh lifetime (hours)',
    },
    'securityFloors.twoFactorForOperators': {
      zh: '平台运维人员必须短信双因素认证',
      en: 'Two-factor required for platform operators',
    },
    'logRetention.loginLogDays': { zh: '登录日志最长保留（天）', en: 'Login logs, at most (days)' },
    'logRetention.usageLogDays': { zh: '访问日志最长保留（天）', en: 'Usage logs, at most (days)' },
    'logRetention.operationLogDays': { zh: '操作日志最长保留（天）', en: 'Operation logs, at most (days)' },
    'regional.timeZone': { zh: '平台时区', en: "Platform's time zone" },
  },
};
