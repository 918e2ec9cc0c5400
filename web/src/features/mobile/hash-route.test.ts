import { describe, expect, it } from 'vitest';
import { MobileRoutes, parseHashRoute } from './hash-route';

describe('parseHashRoute', () => {
  it('reads the path and query of the hash', () => {
    const route = parseHashRoute('#/qr?uid=abc&x=1');
    expect(route.path).toBe('/qr');
    expect(route.params.get('uid')).toBe('abc');
    expect(parseHashRoute('#/scan').path).toBe('/scan');
  });

  it('treats an empty hash as home, and adds a missing slash', () => {
    expect(parseHashRoute('').path).toBe('/');
    expect(parseHashRoute('#').path).toBe('/');
    expect(parseHashRoute('#scan').path).toBe('/scan');
  });

  it('builds the confirm route the QR image links to', () => {
    expect(MobileRoutes.confirm('a_b-c')).toBe('#/qr?uid=a_b-c');
    expect(parseHashRoute(MobileRoutes.confirm('a b')).params.get('uid')).toBe('a b');
  });
});
