import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { menuNode } from '../../lib/shell/test-menus';
import { type MobileOpeningContext, mobileAppGroups, mobileOpening } from './mobile-apps';

const ctx: MobileOpeningContext = {
  token: 'tok-123',
  tenantId: 't-water',
  sn: 'sn-1',
  language: 'zh',
  origin: 'https://cloud.example.com',
};

const menu = (overrides: Parameters<typeof menuNode>[0]) =>
  normaliseMenuTree([menuNode({ applicationId: 'app', applicationName: 'App', ...overrides })], {
    token: ctx.token,
  })[0]!;

describe('the mobile page opens an application (issue 25)', () => {
  it("opens a page of this site full-screen from the site's root, without the token in its address", () => {
    const opening = mobileOpening(menu({ id: 'm-devices', name: '设备列表', link: '/deviceList' }), ctx);
    expect(opening).toMatchObject({ kind: 'go', newWindow: false });
    const url = new URL((opening as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://cloud.example.com/page.html');
    expect(url.hash.startsWith('#/deviceList?')).toBe(true);
    expect(url.href).not.toContain('tok-123');
    expect(url.searchParams.get('__uniwim_scene')).toBe('mobile');
    expect(url.searchParams.get('uniwim_tenant_id')).toBe('t-water');
  });

  it('opens the mobile link when the item has one; another site gets the token as the shell gives it', () => {
    const item = menu({ id: 'm-inspect', link: '/deviceList', mobileLink: 'https://m.example.com/inspect' });
    const opening = mobileOpening(item, ctx) as { kind: string; url: string };
    expect(opening.kind).toBe('go');
    const url = new URL(opening.url);
    expect(url.origin + url.pathname).toBe('https://m.example.com/inspect');
    expect(url.searchParams.get('uniwater_utoken')).toBe('tok-123');
    // A mobile link that is a page of this site opens that page.
    const own = mobileOpening(menu({ id: 'm-map', link: '/deviceList', mobileLink: '/knowledge' }), ctx);
    expect(new URL((own as { url: string }).url).hash.startsWith('#/knowledge?')).toBe(true);
  });

  it('never opens an unsafe link, and a desktop command or a group is nothing a phone opens', () => {
    expect(mobileOpening(menu({ id: 'x', link: 'javascript:alert(1)' }), ctx)).toEqual({ kind: 'blocked' });
    expect(mobileOpening(menu({ id: 'y', link: '/ok', mobileLink: 'javascript:alert(1)' }), ctx)).toEqual({
      kind: 'blocked',
    });
    expect(mobileOpening(menu({ id: 'z', link: 'runCommand:cad' }), ctx)).toEqual({ kind: 'none' });
    expect(mobileOpening(menu({ id: 'g', children: [menuNode({ id: 'c', link: '/a' })] }), ctx)).toEqual({
      kind: 'none',
    });
  });

  it('opens in a new window what the item says opens in one', () => {
    const opening = mobileOpening(
      menu({ id: 'w', link: 'https://other.example.com/', target: '_blank' }),
      ctx,
    );
    expect(opening).toMatchObject({ kind: 'go', newWindow: true });
  });
});

describe('the mobile list of applications', () => {
  it('lists top-level pages first, then each group with every page below it', () => {
    const tree = normaliseMenuTree(
      [
        menuNode({ id: 'home', name: '首页', link: '/homepage' }),
        menuNode({
          id: 'devices',
          name: '设备',
          children: [
            menuNode({ id: 'list', name: '设备列表', link: '/deviceList' }),
            menuNode({
              id: 'more',
              name: '更多',
              children: [menuNode({ id: 'map', name: '地图', link: '/m' })],
            }),
            menuNode({ id: 'cad', name: '制图', link: 'runCommand:cad' }),
          ],
        }),
        menuNode({ id: 'tools', name: '工具', children: [menuNode({ id: 'cmd', link: 'runCommand:x' })] }),
      ],
      { token: null },
    );
    const groups = mobileAppGroups(tree, (item) => mobileOpening(item, ctx).kind !== 'none');
    expect(groups.map((group) => [group.name, group.items.map((item) => item.Id)])).toEqual([
      [null, ['home']],
      ['设备', ['list', 'map']],
    ]);
  });
});
