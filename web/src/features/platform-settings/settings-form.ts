import {
  LOGIN_TYPES,
  type LocalText,
  PLATFORM_SETTINGS_TITLES,
  type PlatformSettings,
  type PlatformSettingsGroup,
  platformSettingsSchema,
} from '@uniwim/contracts';
import type { z } from 'zod';

/**
 * The settings page's pure logic: which control each field gets (the field list itself comes from the
 * contract's schema), what changed, what the schema says about a value, how a diff reads.
 */
export type ControlKind =
  | 'text'
  | 'textarea'
  /** '0' / '1' texts of the login configuration, as a switch. */
  | 'flag'
  /** 0 / 1 numbers, as a switch. */
  | 'bit'
  | 'number'
  | 'boolean'
  | 'select'
  /** A comma list whose order matters (the first sign-in mode is the initial one). */
  | 'orderedList'
  | 'multiSelect'
  /** An IANA time zone, searchable, labelled with its offset. */
  | 'timeZone';

export interface SettingsField {
  /** A group of the platform settings, or of another settings page (tenant settings). */
  group: string;
  key: string;
  control: ControlKind;
  title: LocalText;
  options?: readonly { value: string | number; label: LocalText }[];
}

export const LOGIN_TYPE_LABELS: Record<string, LocalText> = {
  '1-1': { zh: '账号密码', en: 'Account and password' },
  '1-2': { zh: '扫码登录', en: 'QR code' },
  '1-3': { zh: '短信验证码', en: 'SMS code' },
  '-1': { zh: '注册', en: 'Register' },
};

export const SETTINGS_CONTROLS: Record<string, Omit<SettingsField, 'group' | 'key' | 'title'>> = {
  'regional.timeZone': { control: 'timeZone' },
  'signInLook.customCss': { control: 'textarea' },
  'signInLook.appDownloadPic': { control: 'textarea' },
  'signInLook.loginBgType': { control: 'flag' },
  'signInLook.rememberPwd': { control: 'flag' },
  'signInLook.forgetPwd': { control: 'flag' },
  'signInLook.appDownload': { control: 'flag' },
  'signInLook.isRedirect': { control: 'flag' },
  'signInLook.globalSearch': { control: 'flag' },
  'signInLook.monitoringCenterIsShow': { control: 'flag' },
  'signInLook.showVctCode': { control: 'bit' },
  'signInLook.copyrightPosition': {
    control: 'multiSelect',
    options: [
      { value: '0', label: { zh: '登录页', en: 'Sign-in page' } },
      { value: '1', label: { zh: '主页', en: 'Home page' } },
    ],
  },
  'signInLook.loginAccountType': {
    control: 'orderedList',
    options: LOGIN_TYPES.map((type) => ({ value: type, label: LOGIN_TYPE_LABELS[type]! })),
  },
  'securityFloors.passwordMinRuleType': {
    control: 'select',
    options: [
      { value: 0, label: { zh: '不限字符类型', en: 'Any characters' } },
      { value: 3, label: { zh: '字母和数字', en: 'Letters and digits' } },
      { value: 1, label: { zh: '大写字母、小写字母和数字', en: 'Upper and lower case letters and digits' } },
      { value: 2, label: { zh: '字母、数字和特殊字符', en: 'Letters, digits and special characters' } },
      {
        value: 5,
        label: {
          zh: '大小写字母、数字和特殊字符',
          en: 'Upper and lower case, digits and special characters',
        },
      },
    ],
  },
};

export const controlKindOf = (schema: z.ZodType): ControlKind => {
  const type = (schema as { type?: string }).type;
  if (type === 'boolean') return 'boolean';
  if (type === 'number') return 'number';
  return 'text';
};

/** The fields of a group, in the contract's order. */
export const fieldsOf = (group: PlatformSettingsGroup): SettingsField[] =>
  Object.entries(platformSettingsSchema.shape[group].shape as Record<string, z.ZodType>).map(
    ([key, schema]) => {
      const path = `${group}.${key}`;
      return {
        group,
        key,
        title: PLATFORM_SETTINGS_TITLES.fields[path] ?? { zh: key, en: key },
        control: controlKindOf(schema),
        ...SETTINGS_CONTROLS[path],
      };
    },
  );

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The keys whose value differs from what was read: Save is enabled only when there is one. */
export const changedKeys = (original: Record<string, unknown>, current: Record<string, unknown>): string[] =>
  Object.keys(original).filter((key) => key in current && !same(original[key], current[key]));

/** The schema's own message about one value, or null when it is fine (what the server would answer). */
export const fieldProblem = (group: PlatformSettingsGroup, key: string, value: unknown): string | null => {
  const schema = (platformSettingsSchema.shape[group].shape as Record<string, z.ZodType>)[key];
  if (!schema) return null;
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
};

/** A group's values as the server takes them: texts trimmed where the schema trims. */
export const groupBody = (group: PlatformSettingsGroup, values: Record<string, unknown>) => {
  const parsed = platformSettingsSchema.shape[group].safeParse(values);
  return parsed.success ? parsed.data : values;
};

export type SettingsGroups = PlatformSettings;

/** The title of a diff's `group.field` key in the page's language. */
export const changeTitle = (path: string, language: 'zh-CN' | 'en-US'): string => {
  const title = PLATFORM_SETTINGS_TITLES.fields[path];
  return title ? (language === 'en-US' ? title.en : title.zh) : path;
};

/** A value of a diff as a person reads it. */
export const displayValue = (value: unknown, words: { yes: string; no: string; empty: string }): string => {
  if (value === null || value === undefined || value === '') return words.empty;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (Array.isArray(value)) return value.length === 0 ? words.empty : value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};
