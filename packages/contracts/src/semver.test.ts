import { describe, expect, it } from 'vitest';
import { compareSemver, parseSemver, semverSortKey } from './semver';

describe('parseSemver', () => {
  it('reads releases and pre-releases', () => {
    expect(parseSemver('1.2.3')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: [] });
    expect(parseSemver('0.0.1-beta.2')).toEqual({ major: 0, minor: 0, patch: 1, prerelease: ['beta', '2'] });
    expect(parseSemver('10.20.30-rc-1.x-y')).toMatchObject({ prerelease: ['rc-1', 'x-y'] });
  });

  it.each([
    '1',
    '1.2',
    '1.2.3.4',
    '01.2.3',
    '1.02.3',
    '1.2.3-01',
    '1.2.3-',
    '1.2.3-a..b',
    '1.2.3+build',
    'v1.2.3',
    ' 1.2.3',
    '1.2.3-beta_1',
    '99999999999999999999.0.0',
  ])('refuses %j', (text) => {
    expect(parseSemver(text)).toBeNull();
  });
});

// semver.org's own example of precedence, in order.
const ORDERED = [
  '1.0.0-alpha',
  '1.0.0-alpha.1',
  '1.0.0-alpha.beta',
  '1.0.0-beta',
  '1.0.0-beta.2',
  '1.0.0-beta.11',
  '1.0.0-rc.1',
  '1.0.0',
  '1.0.1',
  '1.2.0',
  '1.10.0',
  '2.0.0-0',
  '2.0.0',
  '10.0.0',
];

describe('compareSemver and semverSortKey', () => {
  it('orders by precedence', () => {
    for (let i = 0; i < ORDERED.length; i++) {
      for (let j = 0; j < ORDERED.length; j++) {
        expect(compareSemver(ORDERED[i]!, ORDERED[j]!), `${ORDERED[i]} vs ${ORDERED[j]}`).toBe(
          Math.sign(i - j),
        );
      }
    }
  });

  it('gives sort keys whose byte order is the precedence', () => {
    const shuffled = [...ORDERED].reverse();
    const byKey = shuffled.sort((a, b) => {
      const x = semverSortKey(a);
      const y = semverSortKey(b);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    expect(byKey).toEqual(ORDERED);
  });

  it('keeps "alpha.x" before "alpha-x" (identifier "alpha" before "alpha-x")', () => {
    expect(compareSemver('1.0.0-alpha.x', '1.0.0-alpha-x')).toBe(-1);
    expect(semverSortKey('1.0.0-alpha.x') < semverSortKey('1.0.0-alpha-x')).toBe(true);
  });

  it('throws on text that is not a version', () => {
    expect(() => compareSemver('1.0', '1.0.0')).toThrow();
    expect(() => semverSortKey('x')).toThrow();
  });
});
