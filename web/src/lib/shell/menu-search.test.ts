import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { findFirstMenu, matchMenu, opensNewWindow } from './menu-search';
import { menuNode } from './test-menus';

const tree = normaliseMenuTree(
  [
    menuNode({ id: 'disabled-leaf', link: '/deviceList', disabled: true }),
    menuNode({
      id: 'disabled-parent',
      disabled: true,
      children: [menuNode({ id: 'under-disabled', link: '/deviceAdd' })],
    }),
    menuNode({ id: 'blank', link: 'http://a/x', target: '_blank' }),
    menuNode({ id: 'blank-top', link: 'http://a/y', target: '_blankTop' }),
    menuNode({ id: 'evil', link: 'javascript:alert(1)' }),
    menuNode({
      id: 'parent',
      link: '/homepage',
      applicationId: 'app-parent',
      children: [
        menuNode({ id: 'empty-parent', children: [] }),
        menuNode({ id: 'first', link: '/scada/index.html', fullLink: 'http://10.0.0.5/scada/index.html' }),
      ],
    }),
    menuNode({ id: 'other-app', link: '/knowledge', applicationId: 'app-know' }),
  ],
  { token: 't' },
);

describe('spec section 5, first-menu search', () => {
  it('skips disabled items, new-window items and parents, and finds the first leaf depth first', () => {
    // empty-parent has no children: it is a leaf (opening /developingPage), so it comes first.
    expect(findFirstMenu(tree)?.Id).toBe('empty-parent');
  });

  it('skips items a caller condition rejects (e.g. hidden ones) and blocked links', () => {
    expect(findFirstMenu(tree, (menu) => menu.Id !== 'empty-parent')?.Id).toBe('first');
    const onlyBad = normaliseMenuTree([menuNode({ id: 'x', link: 'data:text/html,hi' })], { token: null });
    expect(findFirstMenu(onlyBad)).toBeUndefined();
  });

  it('finds nothing in an empty tree or a tree of parents without leaves', () => {
    expect(findFirstMenu([])).toBeUndefined();
    const parents = normaliseMenuTree(
      [menuNode({ id: 'p', children: [menuNode({ id: 'c', target: '_blank', link: 'http://a' })] })],
      { token: null },
    );
    expect(findFirstMenu(parents)).toBeUndefined();
  });

  it('knows which targets open a new window', () => {
    expect(opensNewWindow({ target: '_blank' })).toBe(true);
    expect(opensNewWindow({ target: '_blankTop' })).toBe(true);
    expect(opensNewWindow({ target: '_self' })).toBe(false);
  });
});

describe('spec section 2, menu matching', () => {
  it('matches by menu id', () => {
    expect(matchMenu(tree, { menuId: 'first' })?.Id).toBe('first');
    expect(matchMenu(tree, { menuId: 'nope' })).toBeUndefined();
  });

  it('matches by address suffix of the effective or the configured link', () => {
    expect(matchMenu(tree, { address: '/knowledge' })?.Id).toBe('other-app');
    expect(matchMenu(tree, { address: 'scada/index.html' })?.Id).toBe('first');
    expect(matchMenu(tree, { address: 'http://10.0.0.5/scada/index.html' })?.Id).toBe('first');
    expect(matchMenu(tree, { address: '/nothing' })).toBeUndefined();
  });

  it('never matches a blocked item by address', () => {
    expect(matchMenu(tree, { address: 'alert(1)' })).toBeUndefined();
  });

  it('matches by app id: the first openable item of the application', () => {
    expect(matchMenu(tree, { appId: 'app-know' })?.Id).toBe('other-app');
    expect(matchMenu(tree, { appId: 'app-none' })).toBeUndefined();
  });

  it('prefers the menu id, then the address, then the app id', () => {
    expect(matchMenu(tree, { menuId: 'first', address: '/knowledge', appId: 'app-know' })?.Id).toBe('first');
    expect(matchMenu(tree, { menuId: 'nope', address: '/knowledge' })?.Id).toBe('other-app');
    expect(matchMenu(tree, { menuId: ' ', address: '', appId: 'app-know' })?.Id).toBe('other-app');
    expect(matchMenu(tree, {})).toBeUndefined();
  });
});
