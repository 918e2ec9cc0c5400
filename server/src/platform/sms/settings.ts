import { z } from 'zod';
import { ENDPOINT_RULE, isAllowedEndpoint } from './endpoint-rule';
import { smsVariable } from './environment-variables';

export type SmsProviderName = 'outbox' | 'aliyun' | 'tencent' | 'webhook';

export interface OutboxSettings {
  provider: 'outbox';
  timeoutMs: number;
}

export interface AliyunSettings {
  provider: 'aliyun';
  timeoutMs: number;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  messageTemplateCode?: string;
  endpoint: string;
  regionId: string;
}

export interface TencentSettings {
  provider: 'tencent';
  timeoutMs: number;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  messageTemplateId?: string;
  endpoint: string;
  region: string;
}

export interface WebhookSettings {
  provider: 'webhook';
  timeoutMs: number;
  url: string;
  secret: string;
}

export type SmsSettings = OutboxSettings | AliyunSettings | TencentSettings | WebhookSettings;

/** Thrown with one line naming the variable; start-up prints it like a ConfigError. */
export class SmsSettingsError extends Error {
  override readonly name = 'SmsSettingsError';
}

const text = z.string();
const digits = z.string().regex(/^\d+$/, 'must be digits only');
const regionName = z.string().regex(/^[a-z0-9-]+$/, 'must be a region name such as cn-hangzhou');
const endpoint = z.string().refine(isAllowedEndpoint, ENDPOINT_RULE);
const timeout = z.coerce.number().int().min(10).max(60_000).default(5000);

export const smsEnvSchemas = {
  outbox: z
    .object({ SMS_TIMEOUT_MS: timeout })
    .transform((e): OutboxSettings => ({ provider: 'outbox', timeoutMs: e.SMS_TIMEOUT_MS })),
  aliyun: z
    .object({
      ALIYUN_ACCESS_KEY_ID: text,
      ALIYUN_ACCESS_KEY_SECRET: text,
      ALIYUN_SMS_SIGN_NAME: text,
      ALIYUN_SMS_TEMPLATE_CODE: text,
      ALIYUN_SMS_MESSAGE_TEMPLATE_CODE: text.optional(),
      ALIYUN_SMS_ENDPOINT: endpoint.default('https://dysmsapi.aliyuncs.com'),
      ALIYUN_REGION: regionName.default('cn-hangzhou'),
      SMS_TIMEOUT_MS: timeout,
    })
    .transform(
      (e): AliyunSettings => ({
        provider: 'aliyun',
        timeoutMs: e.SMS_TIMEOUT_MS,
        accessKeyId: e.ALIYUN_ACCESS_KEY_ID,
        accessKeySecret: e.ALIYUN_ACCESS_KEY_SECRET,
        signName: e.ALIYUN_SMS_SIGN_NAME,
        templateCode: e.ALIYUN_SMS_TEMPLATE_CODE,
        messageTemplateCode: e.ALIYUN_SMS_MESSAGE_TEMPLATE_CODE,
        endpoint: e.ALIYUN_SMS_ENDPOINT,
        regionId: e.ALIYUN_REGION,
      }),
    ),
  tencent: z
    .object({
      TENCENT_SECRET_ID: text,
      TENCENT_SECRET_KEY: text,
      TENCENT_SMS_SDK_APP_ID: digits,
      TENCENT_SMS_SIGN_NAME: text,
      TENCENT_SMS_TEMPLATE_ID: digits,
      TENCENT_SMS_MESSAGE_TEMPLATE_ID: digits.optional(),
      TENCENT_SMS_ENDPOINT: endpoint.default('https://sms.tencentcloudapi.com'),
      TENCENT_REGION: regionName.default('ap-guangzhou'),
      SMS_TIMEOUT_MS: timeout,
    })
    .transform(
      (e): TencentSettings => ({
        provider: 'tencent',
        timeoutMs: e.SMS_TIMEOUT_MS,
        secretId: e.TENCENT_SECRET_ID,
        secretKey: e.TENCENT_SECRET_KEY,
        sdkAppId: e.TENCENT_SMS_SDK_APP_ID,
        signName: e.TENCENT_SMS_SIGN_NAME,
        templateId: e.TENCENT_SMS_TEMPLATE_ID,
        messageTemplateId: e.TENCENT_SMS_MESSAGE_TEMPLATE_ID,
        endpoint: e.TENCENT_SMS_ENDPOINT,
        region: e.TENCENT_REGION,
      }),
    ),
  webhook: z
    .object({
      SMS_WEBHOOK_URL: endpoint,
      SMS_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters'),
      SMS_TIMEOUT_MS: timeout,
    })
    .transform(
      (e): WebhookSettings => ({
        provider: 'webhook',
        timeoutMs: e.SMS_TIMEOUT_MS,
        url: e.SMS_WEBHOOK_URL,
        secret: e.SMS_WEBHOOK_SECRET,
      }),
    ),
} as const;

/** Secrets never appear in an error, not even a wrong one. */
const isSecretName = (name: string) => name.includes('SECRET') && !name.endsWith('_ID');

/** Trimmed values; empty ones count as unset, as in the main config. */
const cleanEnv = (env: Record<string, string | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env)
      .map(([name, value]) => [name, value?.trim() ?? ''] as const)
      .filter(([, value]) => value !== ''),
  );

/**
 * The settings the chosen provider needs, from the environment. Throws SmsSettingsError with one
 * line naming the first missing or bad variable, never showing a secret's value.
 */
export const loadSmsSettings = (
  env: Record<string, string | undefined>,
  provider: SmsProviderName,
): SmsSettings => {
  const cleaned = cleanEnv(env);
  const parsed = smsEnvSchemas[provider].safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? 'SMS settings');
  const value = cleaned[name];
  if (value === undefined) {
    const meaning = smsVariable(name)?.meaning;
    throw new SmsSettingsError(
      `Missing setting ${name} (required when SMS_PROVIDER=${provider})${meaning ? `: ${meaning}` : ''}`,
    );
  }
  const shown = isSecretName(name) ? '' : ` (got "${value}")`;
  throw new SmsSettingsError(`Invalid setting ${name}${shown}: ${issue.message}`);
};
