import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/test-doubles';
import {
  padSeconds,
  readSentCode,
  recordCodeSent,
  secondsUntilResend,
  sendButtonState,
  sentAtFromRetryAfter,
  sentToNumber,
} from './countdown';

const T0 = 1_700_000_000_000;

describe('countdown formatting', () => {
  it('zero-pads numbers under 10', () => {
    expect(padSeconds(60)).toBe('60');
    expect(padSeconds(10)).toBe('10');
    expect(padSeconds(9)).toBe('09');
    expect(padSeconds(1)).toBe('01');
    expect(padSeconds(0)).toBe('00');
  });

  it('counts 60 seconds down, one per full second', () => {
    expect(secondsUntilResend(T0, T0)).toBe(60);
    expect(secondsUntilResend(T0, T0 + 999)).toBe(60);
    expect(secondsUntilResend(T0, T0 + 1_000)).toBe(59);
    expect(secondsUntilResend(T0, T0 + 51_000)).toBe(9);
    expect(secondsUntilResend(T0, T0 + 59_999)).toBe(1);
    expect(secondsUntilResend(T0, T0 + 60_000)).toBe(0);
    expect(secondsUntilResend(T0, T0 + 3_600_000)).toBe(0);
  });

  it('runs no countdown without a request, nor for a time in the future', () => {
    expect(secondsUntilResend(null, T0)).toBe(0);
    expect(secondsUntilResend(T0 + 5_000, T0)).toBe(0);
  });

  it('gives the button "获取验证码", then the padded countdown, then "重新获取"', () => {
    expect(sendButtonState(0, false)).toEqual({ kind: 'first' });
    expect(sendButtonState(60, true)).toEqual({ kind: 'countdown', seconds: '60' });
    expect(sendButtonState(5, true)).toEqual({ kind: 'countdown', seconds: '05' });
    expect(sendButtonState(0, true)).toEqual({ kind: 'again' });
  });

  it("starts where the server's own wait ends when it refuses a code as too soon", () => {
    expect(secondsUntilResend(sentAtFromRetryAfter(42, T0), T0)).toBe(42);
    expect(secondsUntilResend(sentAtFromRetryAfter(60, T0), T0)).toBe(60);
    expect(secondsUntilResend(sentAtFromRetryAfter(600, T0), T0)).toBe(60);
    expect(secondsUntilResend(sentAtFromRetryAfter(-3, T0), T0)).toBe(0);
  });
});

describe('countdown persistence (UniWimSmsTime)', () => {
  it('keeps one request per purpose, with its number, so a reload finds the countdown', () => {
    const storage = createMemoryStorage();
    recordCodeSent(storage, 'LOGIN_CODE', '13900000002', T0);
    recordCodeSent(storage, 'REGISTER_CODE', '13600000009', T0 + 2_000);
    expect(JSON.parse(storage.getItem('UniWimSmsTime')!)).toEqual({
      LOGIN_CODE: { at: T0, mobile: '13900000002' },
      REGISTER_CODE: { at: T0 + 2_000, mobile: '13600000009' },
    });
    // What a page reading it after a reload 20 s later sees.
    const sent = readSentCode(storage, 'LOGIN_CODE', T0 + 20_000);
    expect(sent).toEqual({ at: T0, mobile: '13900000002' });
    expect(secondsUntilResend(sent!.at, T0 + 20_000)).toBe(40);
    expect(readSentCode(storage, 'FORGET_PWD_CODE', T0)).toBeNull();
  });

  it('replaces the request of the same purpose and drops requests whose code has expired', () => {
    const storage = createMemoryStorage();
    recordCodeSent(storage, 'FORGET_PWD_CODE', '13600000003', T0);
    recordCodeSent(storage, 'LOGIN_CODE', '13900000002', T0);
    recordCodeSent(storage, 'LOGIN_CODE', '13900000003', T0 + 61_000);
    recordCodeSent(storage, 'REGISTER_CODE', '13600000009', T0 + 5 * 60_000);
    expect(JSON.parse(storage.getItem('UniWimSmsTime')!)).toEqual({
      LOGIN_CODE: { at: T0 + 61_000, mobile: '13900000003' },
      REGISTER_CODE: { at: T0 + 5 * 60_000, mobile: '13600000009' },
    });
  });

  it('forgets a request once its code is no longer valid (5 minutes)', () => {
    const storage = createMemoryStorage();
    recordCodeSent(storage, 'LOGIN_CODE', '13900000002', T0);
    expect(readSentCode(storage, 'LOGIN_CODE', T0 + 5 * 60_000 - 1)).not.toBeNull();
    expect(readSentCode(storage, 'LOGIN_CODE', T0 + 5 * 60_000)).toBeNull();
  });

  it('ignores what it cannot read: a bare time left by the legacy product, or garbage', () => {
    for (const value of ['1700000000000', 'not json', '[1]', '{"LOGIN_CODE":{"at":"x","mobile":1}}']) {
      const storage = createMemoryStorage({ UniWimSmsTime: value });
      expect(readSentCode(storage, 'LOGIN_CODE', T0)).toBeNull();
      recordCodeSent(storage, 'LOGIN_CODE', '13900000002', T0);
      expect(readSentCode(storage, 'LOGIN_CODE', T0)).toEqual({ at: T0, mobile: '13900000002' });
    }
  });

  it('follows the number typed: a code to another number runs no countdown for this one', () => {
    const sent = { at: T0, mobile: '13900000002' };
    expect(sentToNumber(sent, '13900000002')).toBe(sent);
    expect(sentToNumber(sent, ' 13900000002 ')).toBe(sent);
    expect(sentToNumber(sent, '13900000003')).toBeNull();
    expect(sentToNumber(sent, undefined)).toBe(sent);
    expect(sentToNumber(null, '13900000002')).toBeNull();
  });
});
