import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { menuNode } from '../../lib/shell/test-menus';
import { monitorMenus } from './monitor-menus';

const ctx = { token: 'tok' };

describe('monitorMenus', () => {
  const tree = normaliseMenuTree(
    [
      menuNode({
        id: 'p',
        children: [
          menuNode({ id: 'a', link: '/deviceList', monitor: true, monitorUrl: 'https://mon.example.com/a' }),
          menuNode({ id: 'b', link: '/deviceAdd', monitor: true }),
          menuNode({ id: 'c', link: '/knowledge' }),
          menuNode({ id: 'd', link: '/train', monitor: true, disabled: true }),
          menuNode({ id: 'e', link: '/train', monitor: true, monitorUrl: 'javascript:alert(1)' }),
        ],
      }),
    ],
    ctx,
  );

  it('lists the items with the monitor flag, opening their monitorUrl in a tab of its own', () => {
    const menus = monitorMenus(tree, ctx);
    expect(menus.map((menu) => menu.Id)).toEqual(['monitor:a', 'b', 'monitor:e']);
    expect(menus[0]).toMatchObject({ Val: 'https://mon.example.com/a', linkKind: 'frame', target: '_self' });
  });

  it('opens the item itself when it has no monitorUrl', () => {
    expect(monitorMenus(tree, ctx)[1]).toMatchObject({
      Id: 'b',
      Val: 'page.html#/deviceAdd',
      linkKind: 'route',
    });
  });

  it('blocks an unsafe monitorUrl', () => {
    expect(monitorMenus(tree, ctx)[2]).toMatchObject({ linkKind: 'blocked', Val: '' });
  });
});
