import { describe, expect, it } from 'vitest';
import { rateLimitSubject, retryAfterSecondsOf } from './rate-limit';

describe('rateLimitSubject', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0db8:0000:0001:ffff::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (ip, subject) => {
    expect(rateLimitSubject(ip)).toBe(subject);
  });

  it('puts two addresses of one /64 in one bucket', () => {
    expect(rateLimitSubject('2001:db8:1:2::a')).toBe(rateLimitSubject('2001:db8:1:2:ffff:1:2:3'));
    expect(rateLimitSubject('2001:db8:1:2::a')).not.toBe(rateLimitSubject('2001:db8:1:3::a'));
  });
});

describe('retryAfterSecondsOf', () => {
  it('rounds up and never says 0', () => {
    expect(retryAfterSecondsOf({ retryAfterMs: 0 })).toBe(1);
    expect(retryAfterSecondsOf({ retryAfterMs: 1 })).toBe(1);
    expect(retryAfterSecondsOf({ retryAfterMs: 1000 })).toBe(1);
    expect(retryAfterSecondsOf({ retryAfterMs: 59_001 })).toBe(60);
  });
});
