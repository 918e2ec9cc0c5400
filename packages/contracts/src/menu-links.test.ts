import { describe, expect, it } from 'vitest';
import {
  ADMIN_ROUTES,
  APPLICATION_ROUTES,
  adminIndexUrl,
  adminPageUrl,
  BUILT_IN_ROUTES,
  isBlockedLink,
  isBuiltInRoute,
  resolveMenuLink,
} from './menu-links';

const item = (
  link: string | null,
  extra: { fullLink?: string | null; effectDrawing?: string | null } = {},
) => ({
  link,
  fullLink: extra.fullLink ?? null,
  effectDrawing: extra.effectDrawing ?? null,
});
const signedIn = { token: 'tok-123' };

describe('spec section 2, menu link handling', () => {
  it('a menu item without a link opens /developingPage', () => {
    expect(resolveMenuLink(item(null), signedIn)).toEqual({
      kind: 'route',
      url: 'page.html#/developingPage',
    });
    expect(resolveMenuLink(item('   '), signedIn)).toEqual({
      kind: 'route',
      url: 'page.html#/developingPage',
    });
  });

  it('an item with only an effect drawing opens /preview with an imgUrl query', () => {
    expect(resolveMenuLink(item(null, { effectDrawing: '/files/a b.png?x=1' }), signedIn)).toEqual({
      kind: 'route',
      url: 'page.html#/preview?imgUrl=%2Ffiles%2Fa%20b.png%3Fx%3D1',
    });
    // A link wins over the drawing.
    expect(resolveMenuLink(item('/deviceList', { effectDrawing: '/a.png' }), signedIn).url).toBe(
      'page.html#/deviceList',
    );
  });

  it('built-in routes open as page.html#{path}, with their query', () => {
    expect(resolveMenuLink(item('/deviceList'), signedIn)).toEqual({
      kind: 'route',
      url: 'page.html#/deviceList',
    });
    expect(resolveMenuLink(item('/deviceDetails?id=7'), signedIn).url).toBe('page.html#/deviceDetails?id=7');
    expect(resolveMenuLink(item('/ump/waterLog'), signedIn).url).toBe('page.html#/ump/waterLog');
    expect(resolveMenuLink(item('/downloadPage'), { token: null, pageBase: '/page.html' }).url).toBe(
      '/page.html#/downloadPage',
    );
  });

  it('links starting with /p/ have that prefix stripped', () => {
    expect(resolveMenuLink(item('/p/deviceList'), signedIn)).toEqual({
      kind: 'route',
      url: 'page.html#/deviceList',
    });
    expect(resolveMenuLink(item('/p/reports/daily?d=1'), signedIn).url).toBe('page.html#/reports/daily?d=1');
  });

  it('links of the form runCommand:{scheme} become {scheme}://{token}', () => {
    expect(resolveMenuLink(item('runCommand:uniwimclient'), signedIn)).toEqual({
      kind: 'external-command',
      url: 'uniwimclient://tok-123',
    });
    expect(resolveMenuLink(item('runCommand:hd-cad'), { token: null }).url).toBe('hd-cad://');
    expect(resolveMenuLink(item('runCommand:javascript'), signedIn).kind).toBe('blocked');
    expect(resolveMenuLink(item('runCommand:bad scheme/x'), signedIn).kind).toBe('blocked');
  });

  it('other helper targets: index.html?admin=1 and admin.html', () => {
    expect(adminIndexUrl()).toBe('index.html?admin=1');
    expect(adminIndexUrl('/index.html')).toBe('/index.html?admin=1');
    expect(adminPageUrl()).toBe('admin.html');
  });

  it('application pages open framed at their full link', () => {
    expect(
      resolveMenuLink(
        item('/scada/index.html', { fullLink: 'http://10.0.0.5:8080/scada/index.html' }),
        signedIn,
      ),
    ).toEqual({ kind: 'frame', url: 'http://10.0.0.5:8080/scada/index.html' });
    expect(resolveMenuLink(item('https://gis.example.com/#/map'), signedIn)).toEqual({
      kind: 'frame',
      url: 'https://gis.example.com/#/map',
    });
  });
});

describe('unsafe links are never opened', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0001javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://x/1',
    'ftp://example.com/',
  ])('%j is blocked', (link) => {
    expect(resolveMenuLink(item(link), signedIn)).toEqual({ kind: 'blocked', url: '' });
    expect(isBlockedLink(link)).toBe(true);
  });

  it('a safe link whose full link has a dangerous scheme is blocked', () => {
    expect(resolveMenuLink(item('/app', { fullLink: 'javascript:alert(1)' }), signedIn).kind).toBe('blocked');
  });

  it('http, https and relative addresses are not blocked', () => {
    for (const link of ['http://a', 'HTTPS://a', '/x/y', 'x/y', '//cdn.example.com/a']) {
      expect(isBlockedLink(link)).toBe(false);
    }
  });
});

describe('built-in routes', () => {
  it('are the admin and application routes of spec section 2, plus /preview', () => {
    expect(ADMIN_ROUTES).toHaveLength(28);
    expect(APPLICATION_ROUTES).toHaveLength(38);
    expect(BUILT_IN_ROUTES).toContain('/preview');
    expect(isBuiltInRoute('/knowledgeDetail?id=1')).toBe(true);
    expect(isBuiltInRoute('/deviceListX')).toBe(false);
  });
});
