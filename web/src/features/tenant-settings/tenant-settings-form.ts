import {
  type LocalText,
  TENANT_SETTINGS_TITLES,
  type TenantSettingsGroup,
  tenantSettingsSchema,
} from '@uniwim/contracts';
import type { z } from 'zod';
import { controlKindOf, SETTINGS_CONTROLS, type SettingsField } from '../platform-settings/settings-form';

/**
 * The tenant settings page's pure logic: the fields of each group from the contract's schema, with
 * the platform settings page's controls for the look's fields (the same fields) and the policy's own.
 */

/** Fields the designer shows with an image upload beside the address. */
export const IMAGE_FIELDS: ReadonlySet<string> = new Set([
  'signInLook.logo',
  'signInLook.favicon',
  'signInLook.loginBackground',
  'signInLook.loginLeftBackground',
  'signInLook.appDownloadPic',
]);
/** Lists of free texts (domains, addresses, banner images), typed in as tags. */
export const TAG_FIELDS: ReadonlySet<string> = new Set([
  'basics.domains',
  'security.ipAllowList',
  'signInLook.appBannerList',
]);

const rule = (value: number, zh: string, en: string) => ({ value, label: { zh, en } as LocalText });

const TENANT_CONTROLS: Record<string, Omit<SettingsField, 'group' | 'key' | 'title'>> = {
  // Issue 25: every time the tenant's people read is shown in this zone.
  'basics.timeZone': { control: 'timeZone' },
  'signInLook.customCss': { control: 'textarea' },
  'security.weakPasswordSetting': { control: 'textarea' },
  'security.lockingIsOpen': { control: 'flag' },
  'security.forcePasswordChange': { control: 'flag' },
  'security.showVctCode': { control: 'bit' },
  'security.accessTokenMinutes': { control: 'number' },
  'security.refreshTokenHours': { control: 'number' },
  'security.pwdRuleType': {
    control: 'select',
    options: [
      rule(3, '字母和数字', 'Letters and digits'),
      rule(1, '大写字母、小写字母和数字', 'Upper and lower case letters and digits'),
      rule(2, '字母、数字和特殊字符', 'Letters, digits and special characters'),
      rule(5, '大小写字母、数字和特殊字符', 'Upper and lower case, digits and special characters'),
      rule(4, '自定义正则（填写下方规则）', 'Own pattern (below)'),
    ],
  },
  // Issue 15: appTemp picks the members' homepage layout (HOME_LAYOUTS; empty is the default one).
  'signInLook.appTemp': {
    control: 'select',
    options: [
      {
        value: '',
        label: {
          zh: '标准：轮播图、问候和指标卡片在上，入口与列表在下',
          en: 'Standard: banners, greeting and cards above',
        },
      },
      {
        value: 'compact',
        label: {
          zh: '紧凑：入口与列表在左，轮播图和指标卡片在右',
          en: 'Compact: entries and lists beside banners and cards',
        },
      },
    ],
  },
};

export const tenantFieldsOf = (group: TenantSettingsGroup): SettingsField[] =>
  Object.entries(tenantSettingsSchema.shape[group].shape as Record<string, z.ZodType>).map(
    ([key, schema]) => {
      const path = `${group}.${key}`;
      return {
        group,
        key,
        title: TENANT_SETTINGS_TITLES.fields[path] ?? { zh: key, en: key },
        control: controlKindOf(schema),
        ...SETTINGS_CONTROLS[path],
        ...TENANT_CONTROLS[path],
      };
    },
  );

/** The schema's own message about one value, or null when it is fine. */
export const tenantFieldProblem = (
  group: TenantSettingsGroup,
  key: string,
  value: unknown,
): string | null => {
  const schema = (tenantSettingsSchema.shape[group].shape as Record<string, z.ZodType>)[key];
  if (!schema) return null;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** A group's values as the server takes them (trimmed where the schema trims). */
export const tenantGroupBody = (group: TenantSettingsGroup, values: Record<string, unknown>) => {
  const parsed = tenantSettingsSchema.shape[group].safeParse(values);
  return parsed.success ? parsed.data : values;
};

export const tenantChangeTitle = (path: string, language: 'zh-CN' | 'en-US'): string => {
  const title = TENANT_SETTINGS_TITLES.fields[path];
  return title ? (language === 'en-US' ? title.en : title.zh) : path;
};

/** Whether a save of the policy changes the password rule (the page then offers to mark members). */
export const passwordRuleChanged = (
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): boolean =>
  ['pwdRuleType', 'pwdRule', 'pwdMinLength'].some(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );

/** A file read as base64 for the upload (the server reads the type from the bytes). */
export const toBase64 = (bytes: ArrayBuffer): string => {
  let binary = '';
  const view = new Uint8Array(bytes);
  for (let start = 0; start < view.length; start += 0x8000)
    binary += String.fromCharCode(...view.subarray(start, start + 0x8000));
  return btoa(binary);
};
