import { z } from 'zod';
import { tokenAnswerSchema } from './auth';
import { secretAnswer } from './secret-answer';
import {
  SEND_TO_SELF_MAX_LENGTH,
  TOURIST_USER_PREFIX,
  USAGE_LOG_TYPES,
  VISITOR_ID_PATTERN,
} from './shell-values';
import { MOBILE_PATTERN } from './validation';

/*
 * Payloads of the shell's server calls (issue 6, part B): usage logs, the visitor identity, application
 * packages, messages to oneself, dictionaries, parameters, member lookup by phone and tenant switching.
 */

// Usage logs (spec section 3, "Usage log").

const optionalText = (max: number) => z.string().max(max).nullish();

const usageLogFields = {
  /** "web", or the marker of a desktop client (letters, digits, . _ -). */
  source: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,32}$/, 'source 须为1-32位字母、数字或 . _ -')
    .default('web'),
  type: z.union([z.literal(USAGE_LOG_TYPES.access), z.literal(USAGE_LOG_TYPES.download)], {
    error: 'type 须为 1（访问）或 2（下载）',
  }),
  applicationId: z.string().trim().min(1, 'applicationId 不能为空').max(100),
  applicationName: optionalText(100),
  /** The menu item opened (its id and name). */
  functionId: optionalText(100),
  functionName: optionalText(200),
  /** The address opened. */
  path: optionalText(2000),
  /** 1 succeeded (the spec's value), 0 failed. */
  result: z.union([z.literal(0), z.literal(1)], { error: 'result 须为 0 或 1' }).default(1),
};

/**
 * POST /ump/accessLog/saveLog (signed in). The user and tenant come from the session: a `userName`
 * sent by the page is accepted for compatibility with the spec's clients and ignored.
 */
export const usageLogBodySchema = z.strictObject({ ...usageLogFields, userName: optionalText(100) });
export type UsageLogBody = z.input<typeof usageLogBodySchema>;

/** POST /ump/accessTouristLog/saveLog (visitors): userName is "tourist-" followed by the visitor id. */
export const touristUsageLogBodySchema = z.strictObject({
  ...usageLogFields,
  userName: z
    .string()
    .refine(
      (name) =>
        name.startsWith(TOURIST_USER_PREFIX) &&
        VISITOR_ID_PATTERN.test(name.slice(TOURIST_USER_PREFIX.length)),
      'userName 须为 "tourist-" 加8-64位访客标识',
    ),
});
export type TouristUsageLogBody = z.input<typeof touristUsageLogBodySchema>;

/** GET /ump/user/getCasualUser: a new visitor identity; the page keeps it and logs under userName. */
export const casualUserSchema = z.object({ visitorId: z.string(), userName: z.string() });
export type CasualUser = z.infer<typeof casualUserSchema>;

// Application packages.

const appKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'appKey 有误');

/** POST /package-api/appPackage/search */
export const appPackageSearchBodySchema = z.strictObject({ appKey });
/** What the version released to the tenant says about updating (/umpVersioning). */
const releaseFields = {
  /** The version the tenant runs: the one released to it, else the catalogue's. */
  version: z.string(),
  /** SHA-256 of the package (hex), when the version's package is kept by the files module. */
  sha256: z.string().nullable(),
  forceUpdate: z.boolean(),
  minSupportedVersion: z.string().nullable(),
};

/** zip: a download link on this server, valid for a few minutes, that needs no Authorization header. */
export const appPackageAnswerSchema = z.object({
  zip: z.string(),
  fileName: z.string(),
  size: z.number(),
  ...releaseFields,
});
export type AppPackageAnswer = z.infer<typeof appPackageAnswerSchema>;

/** POST /package-api/appPackage/list: the applications of the active tenant, for the download page. */
export const appPackageListItemSchema = z.object({
  applicationId: z.string(),
  appKey: z.string(),
  name: z.string(),
  operatingManual: z.string().nullable(),
  hasPackage: z.boolean(),
  ...releaseFields,
});
export type AppPackageListItem = z.infer<typeof appPackageListItemSchema>;

// Messages.

/** POST /uniwim/message/chat/sendMessageToSelf: an SMS to the signed-in user's own mobile only. */
export const sendMessageToSelfBodySchema = z.strictObject({
  sendMobile: z.string().trim().regex(MOBILE_PATTERN, '手机号有误'),
  content: z
    .string()
    .trim()
    .min(1, '消息内容不能为空')
    .max(SEND_TO_SELF_MAX_LENGTH, `消息内容不能超过${SEND_TO_SELF_MAX_LENGTH}个字`),
});
export type SendMessageToSelfBody = z.input<typeof sendMessageToSelfBodySchema>;

// Dictionaries and parameters.

/**
 * A code as clients ask for it. Type codes are lower case with underscores (issue 14); codes asked in
 * the earlier camelCase style (deviceType) still find their type (see legacyDictionaryCode).
 */
export const DICTIONARY_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const dictionaryCode = z.string().trim().regex(DICTIONARY_CODE_PATTERN, '字典编码有误');

/**
 * The type code a code asked in the earlier style names: deviceType → device_type, a.b-c → a_b_c
 * (migration 0026 renamed the stored codes the same way).
 */
export const legacyDictionaryCode = (asked: string): string =>
  asked
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9_]/g, '_')
    .toLowerCase()
    .slice(0, 60);

/** POST /ump/dictionary/getValueByCode: codes as a list or a comma-separated string, at most 50. */
export const dictionaryQueryBodySchema = z.strictObject({
  codes: z
    .union([z.array(dictionaryCode), z.string().transform((text) => text.split(',').map((c) => c.trim()))])
    .pipe(z.array(dictionaryCode).min(1, '请至少提供一个字典编码').max(50, '一次最多查询50个字典')),
});
export type DictionaryQueryBody = z.input<typeof dictionaryQueryBodySchema>;

/** One active item of a dictionary, as getValueByCode answers it. */
export const dictionaryItemSchema = z.object({
  /** The stored value. */
  value: z.string(),
  /** What people read (the label). */
  name: z.string(),
  /** The English label, when the dictionary has one. */
  nameEn: z.string().nullable(),
  /** The tag colour (an antd preset colour name), when set. */
  color: z.string().nullable(),
  sort: z.number().int(),
});
export type DictionaryItem = z.infer<typeof dictionaryItemSchema>;
/** Answer: each asked code with its active items in order; a code nobody defined has an empty list. */
export const dictionaryValuesSchema = z.record(z.string(), z.array(dictionaryItemSchema));
export type DictionaryValues = z.infer<typeof dictionaryValuesSchema>;

export const PARAM_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/**
 * GET /ump/param/get[?key=]: one parameter, or every parameter when key is absent. Query schemas are not
 * strict and keep unknown keys: pages in frames pass their token as a uniwater_utoken or token query
 * parameter, which the auth guard reads after validation.
 */
export const paramQuerySchema = z.looseObject({
  key: z.string().trim().regex(PARAM_KEY_PATTERN, '参数名有误').optional(),
});
/** Answer: parameter key → value (the tenant's, else the platform default), readable-by-client ones only. */
export const paramValuesSchema = z.record(z.string(), z.string());
export type ParamValues = z.infer<typeof paramValuesSchema>;

// Users.

/** GET /ump/user/getByPhone?phone= */
export const userByPhoneQuerySchema = z.looseObject({
  phone: z.string().trim().regex(MOBILE_PATTERN, '手机号有误'),
});
export const memberByPhoneSchema = z.object({
  id: z.string(),
  sn: z.string(),
  username: z.string(),
  name: z.string(),
  /** Masked: 139****0001. */
  mobile: z.string(),
});
export type MemberByPhone = z.infer<typeof memberByPhoneSchema>;

// Tenant switching.

export const tenantOptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** The tenant the caller's session is in. */
  current: z.boolean(),
});
export type TenantOption = z.infer<typeof tenantOptionSchema>;

/** GET /dmp/getTenantUserOauth */
export const tenantUserOauthSchema = z.object({
  tenants: z.array(tenantOptionSchema),
  /** Platform administrators may also switch to the platform scope (POST /dmp/changePlatformToken). */
  canUsePlatformScope: z.boolean(),
});
export type TenantUserOauth = z.infer<typeof tenantUserOauthSchema>;

/** POST /dmp/changeTenant and /dmp/changeTenantToken */
export const changeTenantBodySchema = z.strictObject({ tenantId: z.string().trim().min(1).max(100) });
/** POST /dmp/changePlatformToken takes no fields; `{}` or no body. */
export const emptyBodySchema = z.strictObject({}).nullish();

/** A new token pair for the new scope, like the sign-in answer, plus the tenant's name (null: platform). */
export const tenantSwitchAnswerSchema = secretAnswer(
  tokenAnswerSchema.extend({ tenantName: z.string().nullable() }),
);
export type TenantSwitchAnswer = z.infer<typeof tenantSwitchAnswerSchema>;
