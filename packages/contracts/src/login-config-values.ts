/*
 * The login configuration's values and rules without zod, so the sign-in page can use them without
 * shipping a schema library (its JavaScript budget is tight). The zod schema lives in login-config.ts.
 */
import type { LoginConfig, LoginConfigShape } from './login-config';

/** Sign-in modes of spec section 2: account+password, QR code, phone+SMS code, register. */
export const LOGIN_TYPES = ['1-1', '1-2', '1-3', '-1'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** The spec's defaults (tagNum "8", themeConfiguration "default", globalSearch "1", ...). */
export const LOGIN_CONFIG_DEFAULTS: LoginConfigShape = {
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

export const defaultLoginConfig = (): LoginConfig => structuredClone(LOGIN_CONFIG_DEFAULTS);

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

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * A complete configuration from untrusted JSON: each known field is kept when it has the default's
 * type, anything else falls back to the default. The page stays usable whatever the server sends.
 */
export const coerceLoginConfig = (raw: unknown): LoginConfig => {
  const config = defaultLoginConfig();
  if (!raw || typeof raw !== 'object') return config;
  const target = config as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(LOGIN_CONFIG_DEFAULTS)) {
    const value = (raw as Record<string, unknown>)[key];
    if (Array.isArray(fallback) ? isStringArray(value) : typeof value === typeof fallback)
      target[key] = value;
  }
  return config;
};
