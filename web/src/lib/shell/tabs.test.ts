import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import {
  activateTab,
  activeTab,
  closeTab,
  DEFAULT_TAG_NUM,
  emptyTabState,
  openTab,
  type PageTabEntry,
  parseTagNum,
  reloadTab,
  type TabState,
  tabEntryFromMenu,
  tabNameIn,
} from './tabs';
import { menuNode } from './test-menus';

const entry = (Id: string, extra: Partial<PageTabEntry> = {}): PageTabEntry => ({
  Id,
  Val: `http://app/${Id}`,
  ValBuffer: `/${Id}`,
  Name: Id,
  App: null,
  target: '_self',
  ...extra,
});

const openAll = (ids: string[], tagNum?: number, state: TabState = emptyTabState()) =>
  ids.reduce((current, id) => openTab(current, entry(id), tagNum), state);

describe('spec section 3, page tab entries', () => {
  it('opens _self entries as tabs and activates the newest', () => {
    const state = openAll(['a', 'b']);
    expect(state.tabs.map((tab) => tab.Id)).toEqual(['a', 'b']);
    expect(state.activeId).toBe('b');
    expect(activeTab(state)?.Val).toBe('http://app/b');
    expect(state.tabs.every((tab) => tab.tabCloseable)).toBe(true);
  });

  it('leaves the tabs alone for _blank and _blankTop (they open browser windows)', () => {
    const state = openAll(['a']);
    expect(openTab(state, entry('w', { target: '_blank' }))).toBe(state);
    expect(openTab(state, entry('w', { target: '_blankTop' }))).toBe(state);
  });

  it('activates an open tab instead of opening it twice, keeping its frame', () => {
    const state = openAll(['a', 'b']);
    const again = openTab(state, entry('a', { Val: 'http://app/a?other=1' }));
    expect(again.tabs).toHaveLength(2);
    expect(again.activeId).toBe('a');
    expect(again.tabs[0]).toEqual(state.tabs[0]);
  });

  it('with the reload flag gives the open tab a new KeyId (its frame reloads)', () => {
    const state = openAll(['a', 'b']);
    const reloaded = openTab(state, entry('a', { reload: true, Val: 'http://app/a?v=2' }));
    expect(reloaded.tabs[0]!.KeyId).not.toBe(state.tabs[0]!.KeyId);
    expect(reloaded.tabs[0]!.Val).toBe('http://app/a?v=2');
    expect(reloaded.activeId).toBe('a');
    expect(reloadTab(reloaded, 'a').tabs[0]!.KeyId).not.toBe(reloaded.tabs[0]!.KeyId);
  });

  it('with the direct flag sends the open frame to the new address without a new KeyId', () => {
    const state = openAll(['a']);
    const direct = openTab(
      state,
      entry('a', { direct: true, Val: 'http://app/a#/detail', params: { id: '7' } }),
    );
    expect(direct.tabs[0]!.KeyId).toBe(state.tabs[0]!.KeyId);
    expect(direct.tabs[0]!.Val).toBe('http://app/a#/detail');
    expect(direct.tabs[0]!.params).toEqual({ id: '7' });
  });

  it('keeps at most tagNum tabs: the oldest closeable one closes', () => {
    const state = openAll(['a', 'b', 'c', 'd'], 3);
    expect(state.tabs.map((tab) => tab.Id)).toEqual(['b', 'c', 'd']);
    const withDefault = openAll(Array.from({ length: DEFAULT_TAG_NUM + 2 }, (_, i) => `t${i}`));
    expect(withDefault.tabs).toHaveLength(DEFAULT_TAG_NUM);
    expect(withDefault.tabs[0]!.Id).toBe('t2');
  });

  it('never closes pinned tabs to make room; with only pinned tabs the limit gives way', () => {
    let state = openTab(emptyTabState(), entry('home', { tabCloseable: false }), 2);
    state = openAll(['a', 'b'], 2, state);
    expect(state.tabs.map((tab) => tab.Id)).toEqual(['home', 'b']);
    const pinnedOnly = [entry('p1'), entry('p2'), entry('p3')].reduce(
      (current, pinned) => openTab(current, { ...pinned, tabCloseable: false }, 2),
      emptyTabState(),
    );
    expect(pinnedOnly.tabs).toHaveLength(3);
  });

  it('never reuses a KeyId, even after closing and reopening', () => {
    let state = openAll(['a']);
    const first = state.tabs[0]!.KeyId;
    state = openTab(closeTab(openTab(state, entry('b')), 'a'), entry('a'));
    expect(state.tabs.find((tab) => tab.Id === 'a')!.KeyId).not.toBe(first);
  });
});

describe('closing and activating tabs', () => {
  it('closing the active tab activates its left neighbour, or the right one when first', () => {
    const state = activateTab(openAll(['a', 'b', 'c']), 'b');
    expect(closeTab(state, 'b').activeId).toBe('a');
    const first = activateTab(state, 'a');
    expect(closeTab(first, 'a').activeId).toBe('b');
    expect(closeTab(openAll(['only']), 'only')).toMatchObject({ tabs: [], activeId: null });
  });

  it('closing another tab keeps the active one', () => {
    const state = openAll(['a', 'b', 'c']);
    expect(closeTab(state, 'a')).toMatchObject({ activeId: 'c' });
  });

  it('does not close a tab that is not closeable, nor unknown ids', () => {
    const state = openTab(emptyTabState(), entry('home', { tabCloseable: false }));
    expect(closeTab(state, 'home')).toBe(state);
    expect(closeTab(state, 'nope')).toBe(state);
  });

  it('activates only open tabs', () => {
    const state = openAll(['a', 'b']);
    expect(activateTab(state, 'a').activeId).toBe('a');
    expect(activateTab(state, 'zzz')).toBe(state);
  });
});

describe('tagNum and entries from menus', () => {
  it('parses tagNum from the configuration, defaulting to 8', () => {
    expect(parseTagNum('5')).toBe(5);
    expect(parseTagNum(3)).toBe(3);
    for (const bad of ['', '0', '-2', 'x', null, undefined]) expect(parseTagNum(bad)).toBe(8);
  });

  it('builds an entry from a menu item with its frame address', () => {
    const [menu] = normaliseMenuTree(
      [
        menuNode({
          id: 'm',
          name: '设备',
          link: '/deviceList',
          applicationId: 'a',
          applicationName: 'A',
          reload: true,
        }),
      ],
      { token: null },
    );
    expect(tabEntryFromMenu(menu!, 'page.html?x=1#/deviceList')).toEqual({
      Id: 'm',
      Val: 'page.html?x=1#/deviceList',
      ValBuffer: '/deviceList',
      Name: '设备',
      Names: { zh: '设备', en: '设备' },
      App: { id: 'a', name: 'A', version: '1.0' },
      target: '_self',
      reload: true,
    });
  });

  it('names a tab in the language shown, so open tabs follow a language switch (issue 25)', () => {
    const [menu] = normaliseMenuTree([menuNode({ id: 'm', name: '用户管理', nameEn: 'Users' })], {
      token: null,
    });
    const tab = tabEntryFromMenu(menu!);
    expect(tabNameIn(tab, 'zh-CN')).toBe('用户管理');
    expect(tabNameIn(tab, 'en-US')).toBe('Users');
    // A page opened under a name of one language only keeps that name.
    expect(tabNameIn(entry('x', { Name: '通知' }), 'en-US')).toBe('通知');
  });
});
