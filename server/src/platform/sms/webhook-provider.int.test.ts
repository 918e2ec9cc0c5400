import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { everythingLoggable, recordingLogger, rejectionOf } from '../../../test/fakes/sms-test-support';
import { type SmsWebhookFake, startSmsWebhookFake } from '../../../test/fakes/sms-webhook-fake';
import { createSmsProvider, SmsDeliveryError, type SmsMessage } from './index';
import { loadSmsSettings } from './settings';

const SECRET = 'webhook-fake-secret-0e6f2a';
const CODE = '205817';
const MOBILE = '13700137000';

const codeMessage: SmsMessage = {
  mobile: MOBILE,
  template: 'verification-code',
  params: { code: CODE },
  text: `您的验证码是${CODE}，5分钟内有效。`,
};

describe('webhook SMS provider against a local receiver', () => {
  let fake: SmsWebhookFake;

  beforeAll(async () => {
    fake = await startSmsWebhookFake(SECRET);
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  const providerWith = (env: Record<string, string> = {}) =>
    createSmsProvider(
      loadSmsSettings(
        { SMS_WEBHOOK_URL: fake.url, SMS_WEBHOOK_SECRET: SECRET, SMS_TIMEOUT_MS: '2000', ...env },
        'webhook',
      ),
      { dataDir: '/nonexistent', logger: recordingLogger() },
    );

  it('delivers the message, signed so the receiver accepts it', async () => {
    const before = Math.floor(Date.now() / 1000);
    await providerWith().send(codeMessage);

    expect(fake.received).toHaveLength(1);
    const [received] = fake.received;
    expect(received).toMatchObject({ ...codeMessage });
    expect(Date.parse(received!.time)).not.toBeNaN();
    expect(Number(received!.timestampHeader)).toBeGreaterThanOrEqual(before);
  });

  it('rejects when the secret is wrong, without leaking the secret or the code', async () => {
    const wrongSecret = 'not-the-right-webhook-secret';
    const error = await rejectionOf(providerWith({ SMS_WEBHOOK_SECRET: wrongSecret }).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({
      provider: 'webhook',
      kind: 'vendor',
      vendorCode: 'HTTP_401',
      httpStatus: 401,
    });
    expect(fake.received).toEqual([]);
    const loggable = everythingLoggable(error);
    for (const hidden of [wrongSecret, SECRET, CODE, MOBILE]) expect(loggable).not.toContain(hidden);
  });

  it('treats any non-2xx answer as not delivered', async () => {
    fake.behave('fail');
    const error = await rejectionOf(providerWith().send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ vendorCode: 'HTTP_503', httpStatus: 503 });
  });

  it('gives up when the receiver does not answer within SMS_TIMEOUT_MS', async () => {
    fake.behave('hang');
    const error = await rejectionOf(providerWith({ SMS_TIMEOUT_MS: '150' }).send(codeMessage));

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect(everythingLoggable(error)).not.toContain(CODE);
  });

  it('reports an unreachable receiver as a network failure', async () => {
    const error = await rejectionOf(
      providerWith({ SMS_WEBHOOK_URL: 'http://127.0.0.1:9/sms' }).send(codeMessage),
    );

    expect(error).toMatchObject({ kind: 'network' });
    expect(everythingLoggable(error)).not.toContain(CODE);
  });
});
