import { describe, expect, it } from 'vitest';
import { SMS_VARIABLES } from './environment-variables';
import { loadSmsSettings, type SmsProviderName, SmsSettingsError } from './settings';

const completeEnv: Record<Exclude<SmsProviderName, 'outbox'>, Record<string, string>> = {
  aliyun: {
    ALIYUN_ACCESS_KEY_ID: 'LTAI5tExampleKeyId',
    ALIYUN_ACCESS_KEY_SECRET: 'aliyun-secret-value',
    ALIYUN_SMS_SIGN_NAME: '示例',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_154950909',
  },
  tencent: {
    TENCENT_SECRET_ID: 'AKIDexample',
    TENCENT_SECRET_KEY: 'tencent-secret-value',
    TENCENT_SMS_SDK_APP_ID: '1400006666',
    TENCENT_SMS_SIGN_NAME: '示例',
    TENCENT_SMS_TEMPLATE_ID: '1234567',
  },
  webhook: {
    SMS_WEBHOOK_URL: 'https://sms-gateway.example.com/hook',
    SMS_WEBHOOK_SECRET: 'webhook-secret-0123456789',
  },
};

const failureOf = (env: Record<string, string | undefined>, provider: SmsProviderName): SmsSettingsError => {
  try {
    loadSmsSettings(env, provider);
  } catch (error) {
    if (error instanceof SmsSettingsError) return error;
    throw error;
  }
  throw new Error('expected loadSmsSettings to throw');
};

describe('loadSmsSettings', () => {
  it('needs nothing for the outbox', () => {
    expect(loadSmsSettings({}, 'outbox')).toEqual({ provider: 'outbox', timeoutMs: 5000 });
  });

  it('fills the documented defaults for Aliyun', () => {
    expect(loadSmsSettings(completeEnv.aliyun, 'aliyun')).toEqual({
      provider: 'aliyun',
      timeoutMs: 5000,
      accessKeyId: 'LTAI5tExampleKeyId',
      accessKeySecret: 'aliyun-secret-value',
      signName: '示例',
      templateCode: 'SMS_154950909',
      messageTemplateCode: undefined,
      endpoint: 'https://dysmsapi.aliyuncs.com',
      regionId: 'cn-hangzhou',
    });
  });

  it('fills the documented defaults for Tencent and reads the optional message template', () => {
    expect(
      loadSmsSettings({ ...completeEnv.tencent, TENCENT_SMS_MESSAGE_TEMPLATE_ID: '7654321' }, 'tencent'),
    ).toMatchObject({
      provider: 'tencent',
      endpoint: 'https://sms.tencentcloudapi.com',
      region: 'ap-guangzhou',
      messageTemplateId: '7654321',
    });
  });

  it('reads the webhook and the timeout, trimming stray whitespace', () => {
    expect(loadSmsSettings({ ...completeEnv.webhook, SMS_TIMEOUT_MS: ' 750 ' }, 'webhook')).toEqual({
      provider: 'webhook',
      timeoutMs: 750,
      url: 'https://sms-gateway.example.com/hook',
      secret: 'webhook-secret-0123456789',
    });
  });

  for (const provider of ['aliyun', 'tencent', 'webhook'] as const) {
    const required = SMS_VARIABLES.filter((variable) => variable.usedBy === provider && variable.required);

    for (const variable of required) {
      it(`names ${variable.name} in one line when SMS_PROVIDER=${provider} lacks it`, () => {
        const env: Record<string, string | undefined> = {
          ...completeEnv[provider],
          [variable.name]: undefined,
        };
        const error = failureOf(env, provider);
        expect(error.message).toMatch(
          new RegExp(`^Missing setting ${variable.name} \\(required when SMS_PROVIDER=${provider}\\): `),
        );
        expect(error.message).not.toContain('\n');
      });
    }

    it(`treats an empty or blank value as missing (${provider})`, () => {
      const [first] = required;
      expect(failureOf({ ...completeEnv[provider], [first!.name]: '   ' }, provider).message).toMatch(
        new RegExp(`^Missing setting ${first!.name}`),
      );
    });
  }

  it.each([
    ['aliyun', 'ALIYUN_SMS_ENDPOINT', 'http://dysmsapi.aliyuncs.com'],
    ['tencent', 'TENCENT_SMS_ENDPOINT', 'http://sms.tencentcloudapi.com'],
    ['webhook', 'SMS_WEBHOOK_URL', 'http://sms-gateway.example.com/hook'],
    ['aliyun', 'ALIYUN_SMS_ENDPOINT', 'ftp://dysmsapi.aliyuncs.com'],
    ['aliyun', 'ALIYUN_SMS_ENDPOINT', 'https://user:pass@dysmsapi.aliyuncs.com'],
    ['tencent', 'TENCENT_SMS_ENDPOINT', 'not a url'],
  ] as const)('refuses %s endpoint %s=%s', (provider, name, value) => {
    const error = failureOf({ ...completeEnv[provider], [name]: value }, provider);
    expect(error.message).toBe(
      `Invalid setting ${name} (got "${value}"): must be an https:// address (plain http:// only for 127.0.0.1 or localhost)`,
    );
  });

  it.each(['http://127.0.0.1:4010', 'http://localhost:4010', 'http://[::1]:4010'])(
    'accepts plain http to this machine (%s), for local fakes',
    (endpoint) => {
      expect(
        loadSmsSettings({ ...completeEnv.aliyun, ALIYUN_SMS_ENDPOINT: endpoint }, 'aliyun'),
      ).toMatchObject({
        endpoint,
      });
    },
  );

  it('never prints a secret, even a bad one', () => {
    const error = failureOf({ ...completeEnv.webhook, SMS_WEBHOOK_SECRET: 'tooShortSecret' }, 'webhook');
    expect(error.message).toBe('Invalid setting SMS_WEBHOOK_SECRET: must be at least 16 characters');
  });

  it('refuses a timeout that is not a whole number of milliseconds in range', () => {
    expect(failureOf({ SMS_TIMEOUT_MS: 'soon' }, 'outbox').message).toMatch(
      /^Invalid setting SMS_TIMEOUT_MS \(got "soon"\)/,
    );
    expect(failureOf({ ...completeEnv.aliyun, SMS_TIMEOUT_MS: '600000' }, 'aliyun').message).toMatch(
      /^Invalid setting SMS_TIMEOUT_MS/,
    );
  });

  it('refuses a Tencent application id that is not digits', () => {
    expect(failureOf({ ...completeEnv.tencent, TENCENT_SMS_SDK_APP_ID: 'app-1' }, 'tencent').message).toBe(
      'Invalid setting TENCENT_SMS_SDK_APP_ID (got "app-1"): must be digits only',
    );
  });

  it('ignores the other providers’ variables', () => {
    expect(() =>
      loadSmsSettings({ ...completeEnv.aliyun, TENCENT_SMS_SDK_APP_ID: 'x' }, 'aliyun'),
    ).not.toThrow();
  });
});
