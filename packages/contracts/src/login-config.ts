import { z } from 'zod';

/** Sign-in modes of spec section 2: account+password, QR code, phone+SMS code, register. */
export const LOGIN_TYPES = ['1-1', '1-2', '1-3', '-1'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

const flag = z.enum(['0', '1']);
const numericString = z.string().regex(/^\d+$/);

/**
 * The login configuration of spec section 3. Every field has the spec's default, so a partial
 * stored configuration (platform default or a tenant override) always yields a complete one.
 * It is shown to anonymous visitors: it must never hold a secret.
 */
export const loginConfigSchema = z
  .object({
    title: z.string().max(100).default('企业云平台'),
    favicon: z.string().max(2000).default(''),
    logo: z.string().max(2000).default(''),
    loginBackground: z.string().max(2000).default(''),
    loginLeftBackground: z.string().max(2000).default(''),
    /** "1" hides the full-page background. */
    loginBgType: z.string().max(10).default('0'),
    loginPageType: z.string().max(10).default('1'),
    copyright: z.string().max(500).default(''),
    /** Where the copyright shows; the login footer shows it only when the list contains "0". */
    copyrightPosition: z.array(z.string().max(10)).max(10).default(['0']),
    /** Comma list of LoginType; the first is the initial mode. */
    loginAccountType: z.string().max(50).default('1-1,1-3,1-2'),
    rememberPwd: flag.default('1'),
    forgetPwd: flag.default('1'),
    showVctCode: z.coerce.number().int().min(0).max(1).default(0),
    appDownload: flag.default('0'),
    appDownloadPic: z.string().max(4000).default(''),
    isRedirect: flag.default('0'),
    pwdRuleType: z.coerce.number().int().min(1).max(6).default(3),
    pwdRule: z.string().max(500).default(''),
    pwdMinLength: z.coerce.number().int().min(1).max(64).default(8),
    weakPasswordSetting: z.string().max(10_000).default(''),
    lockingIsOpen: flag.default('1'),
    /** Lock-out duration in minutes. */
    loginTime: numericString.default('30'),
    /** Failures allowed within loginTimeSpan before locking. */
    loginCountMax: numericString.default('5'),
    /** Window in minutes in which failures are counted. */
    loginTimeSpan: numericString.default('10'),
    customCss: z.string().max(20_000).default(''),
    displayItems: z.string().max(1000).default(''),
    forcePasswordChange: flag.default('0'),
    resourceType: z.string().max(50).default(''),
    tagNum: numericString.default('8'),
    themeConfiguration: z.string().max(50).default('default'),
    globalSearch: flag.default('1'),
    monitoringCenterIsShow: flag.default('1'),
    appTemp: z.string().max(200).default(''),
    appBannerList: z.array(z.string().max(2000)).max(20).default([]),
  })
  .strict();

export type LoginConfig = z.infer<typeof loginConfigSchema>;
/** A stored override: any subset of fields. */
export const loginConfigOverrideSchema = loginConfigSchema.partial().strict();
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
