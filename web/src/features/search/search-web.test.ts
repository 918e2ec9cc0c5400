import type { SearchGroup } from '@uniwim/contracts/client';
import { normaliseMenuTree } from '@uniwim/contracts/client';
import { describe, expect, it } from 'vitest';
import { menuNode } from '../../lib/shell/test-menus';
import { highlightSegments } from './highlight-segments';
import { hitOpening, openableGroups } from './hit-opening';

const tree = normaliseMenuTree(
  [
    menuNode({
      id: 'm-devices',
      name: '设备',
      applicationId: 'app-devices',
      children: [
        menuNode({
          id: 'm-list',
          pid: 'm-devices',
          name: '设备列表',
          link: '/deviceList',
          applicationId: 'app-devices',
        }),
        menuNode({
          id: 'm-off',
          pid: 'm-devices',
          name: '停用',
          link: '/deviceAdd',
          disabled: true,
          applicationId: 'app-devices',
        }),
      ],
    }),
  ],
  { token: 't', visitorId: null },
);

const hit = (id: string, open: SearchGroup['hits'][number]['open']) => ({
  id,
  title: id,
  subtitle: null,
  snippet: null,
  highlights: { title: [], subtitle: [], snippet: [] },
  open,
});

describe('opening a search hit in the shell', () => {
  it('opens a menu item, a folder’s first item and an application’s first item from the tree as shown', () => {
    expect(hitOpening(tree, { kind: 'menu', menuId: 'm-list' })).toMatchObject({
      kind: 'menu',
      menu: { Id: 'm-list' },
    });
    expect(hitOpening(tree, { kind: 'menu', menuId: 'm-devices' })).toMatchObject({
      kind: 'menu',
      menu: { Id: 'm-list' },
    });
    expect(hitOpening(tree, { kind: 'application', applicationId: 'app-devices' })).toMatchObject({
      kind: 'menu',
      menu: { Id: 'm-list' },
    });
    expect(hitOpening(tree, { kind: 'route', route: '/knowledgeDetail?id=1', name: '文档' })).toEqual({
      kind: 'route',
      route: '/knowledgeDetail?id=1',
      name: '文档',
    });
  });

  it('offers no hit the tree does not show (hidden by a condition, disabled, unknown)', () => {
    expect(hitOpening(tree, { kind: 'menu', menuId: 'm-off' })).toEqual({ kind: 'none' });
    expect(hitOpening(tree, { kind: 'menu', menuId: 'm-gone' })).toEqual({ kind: 'none' });
    const groups: SearchGroup[] = [
      {
        source: 'menus',
        title: { zh: '菜单', en: 'Menus' },
        more: false,
        hits: [
          hit('m-list', { kind: 'menu', menuId: 'm-list' }),
          hit('m-gone', { kind: 'menu', menuId: 'm-gone' }),
        ],
      },
      {
        source: 'applications',
        title: { zh: '应用', en: 'Applications' },
        more: false,
        hits: [hit('app-x', { kind: 'application', applicationId: 'app-x' })],
      },
    ];
    expect(openableGroups(groups, tree).map((group) => [group.source, group.hits.map((h) => h.id)])).toEqual([
      ['menus', ['m-list']],
    ]);
  });
});

describe('highlighted text', () => {
  it('cuts a text into marked and plain pieces at the ranges', () => {
    expect(highlightSegments('供水管网漏损', [[2, 4]])).toEqual([
      { text: '供水', marked: false },
      { text: '管网', marked: true },
      { text: '漏损', marked: false },
    ]);
    expect(
      highlightSegments('abc', [
        [0, 1],
        [0, 2],
        [5, 9],
      ]),
    ).toEqual([
      { text: 'a', marked: true },
      { text: 'b', marked: true },
      { text: 'c', marked: false },
    ]);
  });
});
