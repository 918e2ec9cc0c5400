import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AliyunSmsFake, startAliyunSmsFake } from '../../../test/fakes/aliyun-sms-fake';
import { everythingLoggable, recordingLogger, rejectionOf } from '../../../test/fakes/sms-test-support';
import { createSmsProvider, SmsDeliveryError, type SmsMessage } from './index';
import { loadSmsSettings } from './settings';

const ACCESS_KEY_ID = 'LTAI5tFakeKeyId';
const SECRET = 'aliyun-fake-secret-4f1c';
const CODE = '482913';
const MOBILE = '13800138000';

const codeMessage: SmsMessage = {
  mobile: MOBILE,
  template: 'verification-code',
  params: { code: CODE },
  text: `您的验证码是${CODE}，5分钟内有效。`,
};

describe('Aliyun SMS provider against a local Dysmsapi fake', () => {
  let fake: AliyunSmsFake;

  beforeAll(async () => {
    fake = await startAliyunSmsFake({ accessKeyId: ACCESS_KEY_ID, accessKeySecret: SECRET });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const providerWith = (env: Record<string, string> = {}, logger = recordingLogger()) =>
    createSmsProvider(
      loadSmsSettings(
        {
          ALIYUN_ACCESS_KEY_ID: ACCESS_KEY_ID,
          ALIYUN_ACCESS_KEY_SECRET: SECRET,
          ALIYUN_SMS_SIGN_NAME: '示例平台',
          ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100000001',
          ALIYUN_SMS_MESSAGE_TEMPLATE_CODE: 'SMS_100000002',
          ALIYUN_SMS_ENDPOINT: fake.endpoint,
          ALIYUN_REGION: 'cn-shanghai',
          SMS_TIMEOUT_MS: '2000',
          ...env,
        },
        'aliyun',
      ),
      { dataDir: '/nonexistent', logger },
    );

  it('delivers a verification code that the vendor accepts as correctly signed', async () => {
    await providerWith().send(codeMessage);

    expect(fake.received).toEqual([
      {
        phoneNumbers: MOBILE,
        signName: '示例平台',
        templateCode: 'SMS_100000001',
        templateParam: { code: CODE },
        regionId: 'cn-shanghai',
      },
    ]);
  });

  it("sends a tenant's own template with its variables by name (issue 15, message templates)", async () => {
    await providerWith().send({
      mobile: MOBILE,
      template: 'message',
      params: { content: '工单W-1请李工处理' },
      text: '工单W-1请李工处理',
      vendorTemplate: {
        id: 'SMS_200300',
        values: [
          { name: 'orderNo', value: 'W-1' },
          { name: 'name', value: '李工' },
        ],
      },
    });

    expect(fake.received).toEqual([
      expect.objectContaining({
        templateCode: 'SMS_200300',
        templateParam: { orderNo: 'W-1', name: '李工' },
      }),
    ]);
  });

  it('sends free text through the message template as `content`, with characters that need encoding', async () => {
    const text = "Hi! (it's) *done* ~ 100% & more";
    await providerWith().send({ mobile: MOBILE, template: 'message', params: {}, text });

    expect(fake.received).toEqual([
      expect.objectContaining({ templateCode: 'SMS_100000002', templateParam: { content: text } }),
    ]);
  });

  it('signs each call with a fresh nonce, so repeated sends are all accepted', async () => {
    const provider = providerWith();
    await Promise.all([provider.send(codeMessage), provider.send(codeMessage), provider.send(codeMessage)]);
    expect(fake.received).toHaveLength(3);
  });

  it('rejects when the secret is wrong, without leaking the secret or the code', async () => {
    const wrongSecret = 'not-the-right-secret-9d2e';
    const error = await rejectionOf(
      providerWith({ ALIYUN_ACCESS_KEY_SECRET: wrongSecret }).send(codeMessage),
    );

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ provider: 'aliyun', kind: 'vendor', vendorCode: 'SignatureDoesNotMatch' });
    expect(fake.received).toEqual([]);
    const loggable = everythingLoggable(error);
    for (const hidden of [wrongSecret, SECRET, CODE, MOBILE]) expect(loggable).not.toContain(hidden);
  });

  it("carries the vendor's code on a business error", async () => {
    fake.behave('limit');
    const logger = recordingLogger();
    const error = await rejectionOf(providerWith({}, logger).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({
      kind: 'vendor',
      vendorCode: 'isv.BUSINESS_LIMIT_CONTROL',
      httpStatus: 200,
    });
    expect((error as Error).message).toContain('isv.BUSINESS_LIMIT_CONTROL');
    expect(everythingLoggable(error)).not.toContain(CODE);
    // Callers replace the error with a generic one, so the reason is logged here, without the code.
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: 'sms-delivery-failed',
        details: expect.objectContaining({ provider: 'aliyun', vendorCode: 'isv.BUSINESS_LIMIT_CONTROL' }),
      }),
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(CODE);
  });

  it('gives up when the vendor does not answer within SMS_TIMEOUT_MS', async () => {
    fake.behave('hang');
    const startedAt = Date.now();
    const error = await rejectionOf(providerWith({ SMS_TIMEOUT_MS: '150' }).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - startedAt).toBeLessThan(5000);
    expect(everythingLoggable(error)).not.toContain(CODE);
  });

  it('refuses free text without calling the vendor when no message template is configured', async () => {
    const error = await rejectionOf(
      providerWith({ ALIYUN_SMS_MESSAGE_TEMPLATE_CODE: '' }).send({
        mobile: MOBILE,
        template: 'message',
        params: {},
        text: 'hello',
      }),
    );

    expect(error).toMatchObject({ kind: 'not-configured' });
    expect((error as Error).message).toContain('ALIYUN_SMS_MESSAGE_TEMPLATE_CODE');
    expect(fake.requestCount()).toBe(0);
  });
});
