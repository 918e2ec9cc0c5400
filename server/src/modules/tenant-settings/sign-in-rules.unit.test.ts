import { describe, expect, it } from 'vitest';
import { ipAllowed, memberDormant, passwordExpired } from './sign-in-rules';

const DAY = 86_400_000;
const now = new Date('2026-06-01T00:00:00Z');

describe('ipAllowed', () => {
  it('allows every address with an empty list', () => {
    expect(ipAllowed('203.0.113.9', [])).toBe(true);
    expect(ipAllowed(null, [])).toBe(true);
  });

  it('matches single addresses and CIDR ranges, IPv6-mapped IPv4 too', () => {
    const list = ['10.0.0.0/8', '192.168.1.7'];
    expect(ipAllowed('10.20.30.40', list)).toBe(true);
    expect(ipAllowed('::ffff:10.1.2.3', list)).toBe(true);
    expect(ipAllowed('192.168.1.7', list)).toBe(true);
    expect(ipAllowed('192.168.1.8', list)).toBe(false);
    expect(ipAllowed('11.0.0.1', list)).toBe(false);
    expect(ipAllowed('0.0.0.1', ['0.0.0.0/0'])).toBe(true);
  });

  it('refuses what it cannot compare when a list is set', () => {
    expect(ipAllowed('::1', ['127.0.0.1'])).toBe(false);
    expect(ipAllowed(null, ['127.0.0.1'])).toBe(false);
  });
});

describe('passwordExpired', () => {
  it('is never with 0 days or without a change date', () => {
    expect(passwordExpired(new Date(0), { passwordExpiryDays: 0 }, now)).toBe(false);
    expect(passwordExpired(null, { passwordExpiryDays: 30 }, now)).toBe(false);
  });

  it('expires after the days', () => {
    expect(passwordExpired(new Date(now.getTime() - 31 * DAY), { passwordExpiryDays: 30 }, now)).toBe(true);
    expect(passwordExpired(new Date(now.getTime() - 29 * DAY), { passwordExpiryDays: 30 }, now)).toBe(false);
  });
});

describe('memberDormant', () => {
  const old = new Date(now.getTime() - 100 * DAY);
  it('uses the last sign-in, else the joining date', () => {
    expect(memberDormant({ lastSignInAt: null, createdAt: old }, { dormantDisableDays: 90 }, now)).toBe(true);
    expect(memberDormant({ lastSignInAt: now, createdAt: old }, { dormantDisableDays: 90 }, now)).toBe(false);
    expect(memberDormant({ lastSignInAt: null, createdAt: old }, { dormantDisableDays: 0 }, now)).toBe(false);
  });
});
