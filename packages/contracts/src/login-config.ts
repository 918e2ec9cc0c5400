import { z } from 'zod';
import { LOGIN_CONFIG_DEFAULTS } from './login-config-values';

const flag = z.enum(['0', '1']);
const numericString = z.string().regex(/^\d+$/);

/** Field schemas of the login configuration of spec section 3, without defaults. */
const loginConfigFields = {
  title: z.string().max(100),
  favicon: z.string().max(2000),
  logo: z.string().max(2000),
  loginBackground: z.string().max(2000),
  loginLeftBackground: z.string().max(2000),
  /** "1" hides the full-page background. */
  loginBgType: z.string().max(10),
  loginPageType: z.string().max(10),
  copyright: z.string().max(500),
  /** Where the copyright shows; the login footer shows it only when the list contains "0". */
  copyrightPosition: z.array(z.string().max(10)).max(10),
  /** Comma list of LoginType; the first is the initial mode. */
  loginAccountType: z.string().max(50),
  rememberPwd: flag,
  forgetPwd: flag,
  showVctCode: z.coerce.number().int().min(0).max(1),
  appDownload: flag,
  appDownloadPic: z.string().max(4000),
  isRedirect: flag,
  pwdRuleType: z.coerce.number().int().min(1).max(6),
  pwdRule: z.string().max(500),
  pwdMinLength: z.coerce.number().int().min(1).max(64),
  weakPasswordSetting: z.string().max(10_000),
  lockingIsOpen: flag,
  /** Lock-out duration in minutes. */
  loginTime: numericString,
  /** Failures allowed within loginTimeSpan before locking. */
  loginCountMax: numericString,
  /** Window in minutes in which failures are counted. */
  loginTimeSpan: numericString,
  customCss: z.string().max(20_000),
  displayItems: z.string().max(1000),
  forcePasswordChange: flag,
  resourceType: z.string().max(50),
  tagNum: numericString,
  themeConfiguration: z.string().max(50),
  globalSearch: flag,
  monitoringCenterIsShow: flag,
  appTemp: z.string().max(200),
  appBannerList: z.array(z.string().max(2000)).max(20),
};

type LoginConfigFields = typeof loginConfigFields;
export type LoginConfigShape = { [K in keyof LoginConfigFields]: z.output<LoginConfigFields[K]> };

const withDefaults = Object.fromEntries(
  Object.entries(loginConfigFields).map(([key, schema]) => [
    key,
    (schema as unknown as { default(value: unknown): z.ZodType }).default(
      LOGIN_CONFIG_DEFAULTS[key as keyof LoginConfigShape],
    ),
  ]),
) as { [K in keyof LoginConfigFields]: z.ZodDefault<LoginConfigFields[K]> };

/**
 * The complete login configuration: every field has the spec's default, so a partial stored
 * configuration (platform default or a tenant override) always yields a complete one.
 * It is shown to anonymous visitors: it must never hold a secret.
 */
export const loginConfigSchema = z.strictObject(withDefaults);

export type LoginConfig = z.infer<typeof loginConfigSchema>;
/** A stored override: any subset of fields. */
export const loginConfigOverrideSchema = z.strictObject(loginConfigFields).partial();
export type LoginConfigOverride = z.infer<typeof loginConfigOverrideSchema>;
