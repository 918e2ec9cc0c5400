import { describe, expect, it } from 'vitest';
import { menuNode } from './menu-node.fixture';
import { effectiveMenuStyle, filterMenuTree, normaliseMenuTree, walkMenus } from './menu-normalise';

describe('spec section 3, menu item normalisation', () => {
  it('gives Id, Name, Val (effective URL), Value, App, Children, ValBuffer', () => {
    const [menu] = normaliseMenuTree(
      [
        menuNode({
          id: 'm-scada',
          name: '监控',
          link: '/scada/',
          fullLink: 'http://10.0.0.5/scada/',
          version: '3.2',
          applicationId: 'app-scada',
          applicationName: 'SCADA',
          target: '_blank',
          reload: true,
          condition: 'false',
        }),
      ],
      { token: 't' },
    );
    expect(menu).toMatchObject({
      Id: 'm-scada',
      Name: '监控',
      Val: 'http://10.0.0.5/scada/',
      Value: 'm-scada',
      App: { id: 'app-scada', name: 'SCADA', version: '3.2' },
      Children: [],
      ValBuffer: '/scada/',
      linkKind: 'frame',
      target: '_blank',
      reload: true,
      condition: 'false',
    });
    expect(menu!.VisitorId).toBeUndefined();
    expect(menu!.raw.id).toBe('m-scada');
  });

  it('names items in the language asked for: English where given, else the Chinese name (issue 25)', () => {
    const nodes = [
      menuNode({
        id: 'group',
        name: '系统设置',
        nameEn: 'System settings',
        children: [menuNode({ id: 'item', name: '数据字典', nameEn: null })],
      }),
    ];
    const names = (tree: ReturnType<typeof normaliseMenuTree>) =>
      [...walkMenus(tree)].map((menu) => menu.Name);
    expect(names(normaliseMenuTree(nodes, { token: null }))).toEqual(['系统设置', '数据字典']);
    const english = normaliseMenuTree(nodes, { token: null }, 'en');
    expect(names(english)).toEqual(['System settings', '数据字典']);
    expect(english[0]!.Names).toEqual({ zh: '系统设置', en: 'System settings' });
    expect(english[0]!.Children[0]!.Names).toEqual({ zh: '数据字典', en: '数据字典' });
  });

  it('resolves links (no link, built-in route, blocked) and defaults the target to _self', () => {
    const tree = normaliseMenuTree(
      [
        menuNode({ id: 'a' }),
        menuNode({ id: 'b', link: '/deviceList' }),
        menuNode({ id: 'c', link: 'javascript:alert(1)' }),
      ],
      { token: null },
    );
    expect(tree.map((menu) => [menu.Val, menu.linkKind, menu.target])).toEqual([
      ['page.html#/developingPage', 'route', '_self'],
      ['page.html#/deviceList', 'route', '_self'],
      ['', 'blocked', '_self'],
    ]);
    expect(tree[2]!.ValBuffer).toBe('javascript:alert(1)');
  });

  it('carries the visitor id onto every item of a visitor tree', () => {
    const tree = normaliseMenuTree([menuNode({ id: 'p', children: [menuNode({ id: 'c' })] })], {
      token: null,
      visitorId: 'abcdef0123456789',
    });
    expect([...walkMenus(tree)].map((menu) => menu.VisitorId)).toEqual([
      'abcdef0123456789',
      'abcdef0123456789',
    ]);
  });

  it('menuStyle 4, 5 and 12 are kept, other styles are inherited from the parent', () => {
    const tree = normaliseMenuTree(
      [
        menuNode({
          id: 'root',
          menuStyle: 2,
          children: [
            menuNode({ id: 'own4', menuStyle: 4, children: [menuNode({ id: 'under4', menuStyle: 7 })] }),
            menuNode({ id: 'own5', menuStyle: 5 }),
            menuNode({
              id: 'own12',
              menuStyle: 12,
              children: [menuNode({ id: 'under12', menuStyle: null })],
            }),
            menuNode({ id: 'other', menuStyle: 3, children: [menuNode({ id: 'deep', menuStyle: 12 })] }),
            menuNode({ id: 'none', menuStyle: null }),
          ],
        }),
        menuNode({ id: 'root2', menuStyle: 7 }),
      ],
      { token: 't' },
    );
    const styles = Object.fromEntries([...walkMenus(tree)].map((menu) => [menu.Id, menu.menuStyle]));
    expect(styles).toEqual({
      root: 2,
      own4: 4,
      under4: 4,
      own5: 5,
      own12: 12,
      under12: 12,
      other: 2,
      deep: 12,
      none: 2,
      root2: 7,
    });
    expect(effectiveMenuStyle(null, undefined)).toBeNull();
  });

  it('keeps the order of the server', () => {
    const tree = normaliseMenuTree([menuNode({ id: 'b', sort: 2 }), menuNode({ id: 'a', sort: 1 })], {
      token: null,
    });
    expect(tree.map((menu) => menu.Id)).toEqual(['b', 'a']);
  });
});

describe('filterMenuTree', () => {
  it('drops hidden items with their children and parents left empty', () => {
    const tree = normaliseMenuTree(
      [
        menuNode({
          id: 'p1',
          children: [menuNode({ id: 'hidden', condition: 'false' }), menuNode({ id: 'shown' })],
        }),
        menuNode({ id: 'p2', children: [menuNode({ id: 'hidden2', condition: 'false' })] }),
        menuNode({ id: 'p3', condition: 'false', children: [menuNode({ id: 'under-hidden' })] }),
      ],
      { token: null },
    );
    const filtered = filterMenuTree(tree, (menu) => menu.condition !== 'false');
    expect([...walkMenus(filtered)].map((menu) => menu.Id)).toEqual(['p1', 'shown']);
    expect(tree[0]!.Children).toHaveLength(2);
  });
});
