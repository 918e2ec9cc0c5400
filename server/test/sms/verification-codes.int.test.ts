import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerificationCodes } from '../../src/modules/sms/code-service';
import type { SmsMessage, SmsProvider } from '../../src/platform/sms/provider';
import { SmsDeliveryError } from '../../src/platform/sms/provider';
import { type TestInfrastructure, testBackends } from '../support/backends';

/** Stands in for the SMS vendor: records what would reach the phone, or fails like a vendor outage. */
const phone = () => {
  const received: SmsMessage[] = [];
  let failing = false;
  const provider: SmsProvider = {
    name: 'test-phone',
    send: async (message) => {
      if (failing) throw new SmsDeliveryError('test-phone', 'vendor', 'outage', { vendorCode: 'isv.DOWN' });
      received.push(message);
    },
  };
  return {
    provider,
    received,
    lastCode: () => received.at(-1)?.params.code ?? '',
    fail: (value: boolean) => {
      failing = value;
    },
  };
};

const errorName = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { errorName?: string }) => error.errorName,
  );

describe.each(testBackends())('verification codes on $name', (backend) => {
  let infra: TestInfrastructure;
  let n = 0;
  const mobile = () => {
    n += 1;
    return `1380000${String(1000 + n).slice(-4)}`;
  };

  beforeAll(async () => {
    infra = await backend.open();
  });
  afterAll(async () => {
    await infra?.close();
  });

  it('sends six digits, accepts them once, for their mobile and type only', async () => {
    const p = phone();
    const codes = createVerificationCodes({ store: infra.store, sms: p.provider });
    const number = mobile();
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.1' });
    const code = p.lastCode();
    expect(code).toMatch(/^\d{6}$/);
    expect(p.received[0]?.text).toContain(code);
    expect(await errorName(codes.verify({ type: 'FORGET_PWD_CODE', mobile: number, code }))).toBe(
      'CODE_INVALID',
    );
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: mobile(), code }))).toBe(
      'CODE_INVALID',
    );
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code }))).toBe('resolved');
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code }))).toBe('CODE_INVALID');
  });

  it('lets exactly one of several concurrent uses of a code succeed', async () => {
    const p = phone();
    const codes = createVerificationCodes({ store: infra.store, sms: p.provider });
    const number = mobile();
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.2' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: p.lastCode() })),
      ),
    );
    expect(results.filter((r) => r === 'resolved')).toHaveLength(1);
  });

  it('expires a code after its validity', async () => {
    const p = phone();
    const codes = createVerificationCodes({ store: infra.store, sms: p.provider, limits: { ttlMs: 100 } });
    const number = mobile();
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.3' });
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: p.lastCode() }))).toBe(
      'CODE_INVALID',
    );
  });

  it('kills a code after five wrong tries, even if the right one follows', async () => {
    const p = phone();
    const codes = createVerificationCodes({ store: infra.store, sms: p.provider });
    const number = mobile();
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.4' });
    const wrong = p.lastCode() === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: wrong })));
    expect(answers).toEqual([
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_INVALID',
      'CODE_TOO_MANY_TRIES',
    ]);
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: p.lastCode() }))).toBe(
      'CODE_INVALID',
    );
  });

  it('refuses a resend within 60 seconds per mobile and type, and a new code replaces the old', async () => {
    const p = phone();
    const codes = createVerificationCodes({
      store: infra.store,
      sms: p.provider,
      limits: { resendIntervalMs: 200 },
    });
    const number = mobile();
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.5' });
    const first = p.lastCode();
    expect(await errorName(codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.5' }))).toBe(
      'CODE_RESEND_TOO_SOON',
    );
    await codes.send({ type: 'REGISTER_CODE', mobile: number, ip: '10.2.0.5' }); // another type is another guard
    await new Promise((resolve) => setTimeout(resolve, 300));
    await codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.5' });
    const second = p.lastCode();
    if (first !== second) {
      expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: first }))).toBe(
        'CODE_INVALID',
      );
    }
    expect(await errorName(codes.verify({ type: 'LOGIN_CODE', mobile: number, code: second }))).toBe(
      'resolved',
    );
  });

  it('caps sends per mobile and per address each day', async () => {
    const p = phone();
    const codes = createVerificationCodes({
      store: infra.store,
      sms: p.provider,
      limits: { resendIntervalMs: 1, dailyPerMobile: 3, dailyPerIp: 5 },
    });
    const number = mobile();
    const results = [];
    for (let i = 0; i < 4; i++) {
      results.push(await errorName(codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.6' })));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(results).toEqual(['resolved', 'resolved', 'resolved', 'CODE_DAILY_LIMIT']);
    const perIp = [];
    for (let i = 0; i < 3; i++)
      perIp.push(await errorName(codes.send({ type: 'LOGIN_CODE', mobile: mobile(), ip: '10.2.0.6' })));
    // The address already asked four times today: one more is allowed, then it is capped.
    expect(perIp).toEqual(['resolved', 'CODE_DAILY_LIMIT', 'CODE_DAILY_LIMIT']);
  });

  it('keeps no code when the vendor fails, and lets the user ask again at once', async () => {
    const p = phone();
    const codes = createVerificationCodes({ store: infra.store, sms: p.provider });
    const number = mobile();
    p.fail(true);
    const failed = await codes
      .send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.7' })
      .catch((e: Error) => e);
    expect(failed).toMatchObject({ errorName: 'SMS_SEND_FAILED', message: '操作失败，请联系管理员' });
    expect(await infra.store.get(`vcode:LOGIN_CODE:${number}`)).toBeNull();
    p.fail(false);
    expect(await errorName(codes.send({ type: 'LOGIN_CODE', mobile: number, ip: '10.2.0.7' }))).toBe(
      'resolved',
    );
  });
});
