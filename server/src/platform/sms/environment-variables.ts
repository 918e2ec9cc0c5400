/**
 * Every environment variable the SMS layer reads, with its meaning and default. The README table
 * is written from this list (a unit test keeps them in step) and settings errors quote `meaning`.
 */
export interface SmsVariable {
  readonly name: string;
  /** The SMS_PROVIDER value that reads it; 'all' for every provider except where noted. */
  readonly usedBy: 'all' | 'aliyun' | 'tencent' | 'webhook';
  readonly required: boolean;
  readonly defaultValue?: string;
  readonly meaning: string;
}

export const SMS_VARIABLES: readonly SmsVariable[] = [
  {
    name: 'SMS_PROVIDER',
    usedBy: 'all',
    required: false,
    defaultValue: 'outbox',
    meaning:
      'Where SMS go: `outbox` (the file DATA_DIR/sms-outbox.jsonl plus a log line; local use), `aliyun`, `tencent` or `webhook`',
  },
  {
    name: 'SMS_TIMEOUT_MS',
    usedBy: 'all',
    required: false,
    defaultValue: '5000',
    meaning: 'How long to wait for the SMS vendor or webhook to answer, in milliseconds (10 to 60000)',
  },
  {
    name: 'ALIYUN_ACCESS_KEY_ID',
    usedBy: 'aliyun',
    required: true,
    meaning: 'AccessKey ID of a RAM user allowed to call Dysmsapi SendSms',
  },
  {
    name: 'ALIYUN_ACCESS_KEY_SECRET',
    usedBy: 'aliyun',
    required: true,
    meaning: 'AccessKey secret of that RAM user',
  },
  {
    name: 'ALIYUN_SMS_SIGN_NAME',
    usedBy: 'aliyun',
    required: true,
    meaning: 'Approved SMS signature (签名) shown at the start of each message',
  },
  {
    name: 'ALIYUN_SMS_TEMPLATE_CODE',
    usedBy: 'aliyun',
    required: true,
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Aliyun's own template-variable syntax, shown literally
    meaning: 'Approved verification-code template, e.g. SMS_123456789, with one variable `${code}`',
  },
  {
    name: 'ALIYUN_SMS_MESSAGE_TEMPLATE_CODE',
    usedBy: 'aliyun',
    required: false,
    meaning:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Aliyun's own template-variable syntax, shown literally
      'Approved free-text template with one variable `${content}`, for "send message to self"; without it such messages fail',
  },
  {
    name: 'ALIYUN_SMS_ENDPOINT',
    usedBy: 'aliyun',
    required: false,
    defaultValue: 'https://dysmsapi.aliyuncs.com',
    meaning: 'Dysmsapi address; https only (plain http only for 127.0.0.1 or localhost, used by test fakes)',
  },
  {
    name: 'ALIYUN_REGION',
    usedBy: 'aliyun',
    required: false,
    defaultValue: 'cn-hangzhou',
    meaning: 'RegionId sent with each call',
  },
  {
    name: 'TENCENT_SECRET_ID',
    usedBy: 'tencent',
    required: true,
    meaning: 'SecretId of a Tencent Cloud API key allowed to call sms:SendSms',
  },
  {
    name: 'TENCENT_SECRET_KEY',
    usedBy: 'tencent',
    required: true,
    meaning: 'SecretKey of that API key',
  },
  {
    name: 'TENCENT_SMS_SDK_APP_ID',
    usedBy: 'tencent',
    required: true,
    meaning: 'SmsSdkAppId of the SMS application (digits)',
  },
  {
    name: 'TENCENT_SMS_SIGN_NAME',
    usedBy: 'tencent',
    required: true,
    meaning: 'Approved SMS signature (签名内容)',
  },
  {
    name: 'TENCENT_SMS_TEMPLATE_ID',
    usedBy: 'tencent',
    required: true,
    meaning: 'Approved verification-code template ID (digits) with one variable {1}, the code',
  },
  {
    name: 'TENCENT_SMS_MESSAGE_TEMPLATE_ID',
    usedBy: 'tencent',
    required: false,
    meaning:
      'Approved free-text template ID (digits) with one variable {1}, for "send message to self"; without it such messages fail',
  },
  {
    name: 'TENCENT_SMS_ENDPOINT',
    usedBy: 'tencent',
    required: false,
    defaultValue: 'https://sms.tencentcloudapi.com',
    meaning:
      'SMS API 3.0 address; https only (plain http only for 127.0.0.1 or localhost, used by test fakes)',
  },
  {
    name: 'TENCENT_REGION',
    usedBy: 'tencent',
    required: false,
    defaultValue: 'ap-guangzhou',
    meaning: 'X-TC-Region sent with each call',
  },
  {
    name: 'SMS_WEBHOOK_URL',
    usedBy: 'webhook',
    required: true,
    meaning:
      'Address that receives each message as a signed JSON POST; https only (plain http only for 127.0.0.1 or localhost)',
  },
  {
    name: 'SMS_WEBHOOK_SECRET',
    usedBy: 'webhook',
    required: true,
    meaning: 'Shared secret (at least 16 characters) for the X-Signature HMAC-SHA256 of each request body',
  },
];

export const smsVariable = (name: string): SmsVariable | undefined =>
  SMS_VARIABLES.find((variable) => variable.name === name);
