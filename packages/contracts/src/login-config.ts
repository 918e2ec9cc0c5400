import { z } from 'zod';

/** Sign-in modes of spec section 2: account+password, QR code, phone+SMS code, register. */
export const LOGIN_TYPES = ['1-1', '1-2', '1-3', '-1'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

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
type LoginConfigShape = { [K in keyof LoginConfigFields]: z.output<LoginConfigFields[K]> };

/** The spec's defaults (tagNum "8", themeConfiguration "default", globalSearch "1", ...). */
const LOGIN_CONFIG_DEFAULTS: LoginConfigShape = {
  title: '企业云平台',
  favicon: '',
  logo: '',
  loginBackground: '',
  loginLeftBackground: '',
  loginBgType: '0',
  loginPageType: '1',
  copyright: '',
  copyrightPosition: ['0'],
  loginAccountType: '1-1,1-3,1-2',
  rememberPwd: '1',
  forgetPwd: '1',
  showVctCode: 0,
  appDownload: '0',
  appDownloadPic: '',
  isRedirect: '0',
  pwdRuleType: 3,
  pwdRule: '',
  pwdMinLength: 8,
  weakPasswordSetting: '',
  lockingIsOpen: '1',
  loginTime: '30',
  loginCountMax: '5',
  loginTimeSpan: '10',
  customCss: '',
  displayItems: '',
  forcePasswordChange: '0',
  resourceType: '',
  tagNum: '8',
  themeConfiguration: 'default',
  globalSearch: '1',
  monitoringCenterIsShow: '1',
  appTemp: '',
  appBannerList: [],
};

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

export const defaultLoginConfig = (): LoginConfig => loginConfigSchema.parse({});

/** Parses the loginAccountType comma list into known modes, in order, without duplicates. */
export const parseLoginTypes = (value: string | undefined | null): LoginType[] => {
  const seen = new Set<LoginType>();
  for (const raw of (value ?? '').split(',')) {
    const type = raw.trim() as LoginType;
    if ((LOGIN_TYPES as readonly string[]).includes(type) && type !== '-1') seen.add(type);
  }
  return seen.size > 0 ? [...seen] : ['1-1'];
};

export const showsCopyrightOnLogin = (config: Pick<LoginConfig, 'copyrightPosition'>): boolean =>
  config.copyrightPosition.includes('0');

export const hidesFullPageBackground = (config: Pick<LoginConfig, 'loginBgType'>): boolean =>
  config.loginBgType === '1';
