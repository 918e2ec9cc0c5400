import { describe, expect, it } from 'vitest';
import { menuNode } from '../../lib/shell/test-menus';
import { routesOfTree } from './MenuGrantGate';

describe('the routes a menu tree grants (issue 25)', () => {
  it("names the page.html routes of the tree's items, whatever their query", () => {
    const tree = [
      menuNode({ id: 'm-home', link: '/homepage' }),
      menuNode({
        id: 'm-devices',
        link: null,
        children: [
          menuNode({ id: 'm-list', pid: 'm-devices', link: '/deviceList?from=menu' }),
          menuNode({ id: 'm-site', pid: 'm-devices', link: 'https://example.com/app' }),
        ],
      }),
    ];
    const routes = routesOfTree(tree, 'tok');
    expect(routes.has('/homepage')).toBe(true);
    expect(routes.has('/deviceList')).toBe(true);
    expect(routes.has('/saasWorkbench')).toBe(false);
    expect([...routes].some((route) => route.includes('example.com'))).toBe(false);
  });
});
