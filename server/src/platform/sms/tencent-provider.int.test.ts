import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { everythingLoggable, recordingLogger, rejectionOf } from '../../../test/fakes/sms-test-support';
import { startTencentSmsFake, type TencentSmsFake } from '../../../test/fakes/tencent-sms-fake';
import { createSmsProvider, SmsDeliveryError, type SmsMessage } from './index';
import { loadSmsSettings } from './settings';

const SECRET_ID = 'AKIDfakeSecretId';
const SECRET_KEY = 'tencent-fake-secret-7a3b';
const CODE = '730164';
const MOBILE = '13900139000';

const codeMessage: SmsMessage = {
  mobile: MOBILE,
  template: 'verification-code',
  params: { code: CODE },
  text: `您的验证码是${CODE}，5分钟内有效。`,
};

describe('Tencent SMS provider against a local SMS API 3.0 fake', () => {
  let fake: TencentSmsFake;

  beforeAll(async () => {
    fake = await startTencentSmsFake({ secretId: SECRET_ID, secretKey: SECRET_KEY });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const providerWith = (env: Record<string, string> = {}) =>
    createSmsProvider(
      loadSmsSettings(
        {
          TENCENT_SECRET_ID: SECRET_ID,
          TENCENT_SECRET_KEY: SECRET_KEY,
          TENCENT_SMS_SDK_APP_ID: '1400000001',
          TENCENT_SMS_SIGN_NAME: '示例平台',
          TENCENT_SMS_TEMPLATE_ID: '100001',
          TENCENT_SMS_MESSAGE_TEMPLATE_ID: '100002',
          TENCENT_SMS_ENDPOINT: fake.endpoint,
          TENCENT_REGION: 'ap-beijing',
          SMS_TIMEOUT_MS: '2000',
          ...env,
        },
        'tencent',
      ),
      { dataDir: '/nonexistent', logger: recordingLogger() },
    );

  it('delivers a verification code that the vendor accepts as correctly signed', async () => {
    await providerWith().send(codeMessage);

    expect(fake.received).toEqual([
      {
        phoneNumbers: [`+86${MOBILE}`],
        sdkAppId: '1400000001',
        signName: '示例平台',
        templateId: '100001',
        templateParams: [CODE],
        region: 'ap-beijing',
      },
    ]);
  });

  it('sends free text through the message template and keeps a number that has its country code', async () => {
    await providerWith().send({
      mobile: '+85261234567',
      template: 'message',
      params: { content: '会议改到三点' },
      text: 'x',
    });

    expect(fake.received).toEqual([
      expect.objectContaining({
        phoneNumbers: ['+85261234567'],
        templateId: '100002',
        templateParams: ['会议改到三点'],
      }),
    ]);
  });

  it("sends a tenant's own template with its variables in order (issue 15, message templates)", async () => {
    await providerWith().send({
      mobile: MOBILE,
      template: 'message',
      params: { content: '工单W-1请李工处理' },
      text: '工单W-1请李工处理',
      vendorTemplate: {
        id: '200300',
        values: [
          { name: 'orderNo', value: 'W-1' },
          { name: 'name', value: '李工' },
        ],
      },
    });

    expect(fake.received).toEqual([
      expect.objectContaining({ templateId: '200300', templateParams: ['W-1', '李工'] }),
    ]);
  });

  it('rejects when the secret key is wrong, without leaking the key or the code', async () => {
    const wrongKey = 'not-the-right-key-5c8d';
    const error = await rejectionOf(providerWith({ TENCENT_SECRET_KEY: wrongKey }).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({
      provider: 'tencent',
      kind: 'vendor',
      vendorCode: 'AuthFailure.SignatureFailure',
    });
    expect(fake.received).toEqual([]);
    const loggable = everythingLoggable(error);
    for (const hidden of [wrongKey, SECRET_KEY, CODE, MOBILE]) expect(loggable).not.toContain(hidden);
  });

  it("carries the vendor's status code when the number hit its daily limit", async () => {
    fake.behave('limit');
    const error = await rejectionOf(providerWith().send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ kind: 'vendor', vendorCode: 'LimitExceeded.PhoneNumberDailyLimit' });
    expect(everythingLoggable(error)).not.toContain(CODE);
  });

  it('gives up when the vendor does not answer within SMS_TIMEOUT_MS', async () => {
    fake.behave('hang');
    const error = await rejectionOf(providerWith({ SMS_TIMEOUT_MS: '150' }).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(everythingLoggable(error)).not.toContain(CODE);
  });

  it('refuses free text without calling the vendor when no message template is configured', async () => {
    const error = await rejectionOf(
      providerWith({ TENCENT_SMS_MESSAGE_TEMPLATE_ID: '' }).send({
        mobile: MOBILE,
        template: 'message',
        params: {},
        text: 'hi',
      }),
    );

    expect(error).toMatchObject({ kind: 'not-configured' });
    expect(fake.requestCount()).toBe(0);
  });
});
