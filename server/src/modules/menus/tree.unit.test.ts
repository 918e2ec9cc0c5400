import { describe, expect, it } from 'vitest';
import { assembleTree, buildMenuTree, fullLinkOf, indexTree, type MenuRow } from './tree';

const row = (overrides: Partial<MenuRow> & Pick<MenuRow, 'id'>): MenuRow => ({
  parentId: null,
  name: overrides.id,
  nameEn: null,
  link: null,
  mobileLink: null,
  effectDrawing: null,
  sort: 0,
  reload: false,
  monitor: false,
  monitorUrl: null,
  menuStyle: null,
  internalNetwork: null,
  externalNetwork: null,
  operatingManual: null,
  target: null,
  type: null,
  visibleCondition: null,
  disabled: false,
  isPublic: false,
  fullLink: null,
  menuVersion: null,
  releasedVersion: null,
  applicationId: 'app-a',
  applicationName: '应用A',
  applicationVersion: '2.1.0',
  applicationInternalLink: null,
  applicationExternalLink: null,
  applicationOperatingManual: null,
  ...overrides,
});

describe('fullLinkOf', () => {
  it('puts a relative link behind the first http(s) network address', () => {
    expect(fullLinkOf('/scada/index.html', ['http://10.0.0.5:8080/', null])).toBe(
      'http://10.0.0.5:8080/scada/index.html',
    );
    expect(fullLinkOf('views/list.html', [null, 'https://apps.example.com/base'])).toBe(
      'https://apps.example.com/base/views/list.html',
    );
  });

  it('keeps absolute links, and links without a usable address, as configured', () => {
    expect(fullLinkOf('https://gis.example.com/#/map', ['http://10.0.0.5'])).toBe(
      'https://gis.example.com/#/map',
    );
    expect(fullLinkOf('runCommand:hd-cad', ['http://10.0.0.5'])).toBe('runCommand:hd-cad');
    expect(fullLinkOf('/deviceList', [null, null])).toBe('/deviceList');
    // An address that is not http(s) is never put in front of a link.
    expect(fullLinkOf('/x', ['javascript:alert(1)//', ' '])).toBe('/x');
  });

  it('is null without a link', () => {
    expect(fullLinkOf(null, ['http://10.0.0.5'])).toBeNull();
    expect(fullLinkOf('   ', ['http://10.0.0.5'])).toBeNull();
  });
});

describe('buildMenuTree', () => {
  it('nests children under parents, sorted by sort then name, with rootId of the top item', () => {
    const tree = buildMenuTree([
      row({ id: 'leaf-b', parentId: 'group', name: '巡检', sort: 1 }),
      row({ id: 'group', name: '设备', sort: 0 }),
      row({ id: 'leaf-a', parentId: 'group', name: '报警', sort: 1 }),
      row({ id: 'leaf-first', parentId: 'group', name: '资产', sort: 0 }),
      row({ id: 'deep', parentId: 'leaf-b', name: '明细' }),
      row({ id: 'other', name: '首页', sort: -1 }),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['other', 'group']);
    // Same sort: 报警 (bao) before 巡检 (xun), by pinyin.
    expect(tree[1]!.children.map((n) => n.id)).toEqual(['leaf-first', 'leaf-a', 'leaf-b']);
    expect(tree[1]!.children[2]!.children[0]).toMatchObject({ id: 'deep', rootId: 'group', pid: 'leaf-b' });
    expect(tree[0]!.rootId).toBe('other');
  });

  it("fills application fields and falls back to the application's addresses and manual", () => {
    const [node] = buildMenuTree([
      row({
        id: 'scada',
        link: '/scada/',
        target: '_blank',
        menuStyle: 5,
        applicationInternalLink: 'http://10.0.0.5',
        applicationExternalLink: 'https://scada.example.com',
        applicationOperatingManual: '/manuals/scada.pdf',
        visibleCondition: 'currentUser.isAdmin',
      }),
    ]);
    expect(node).toMatchObject({
      fullLink: 'http://10.0.0.5/scada/',
      internalNetwork: 'http://10.0.0.5',
      externalNetwork: 'https://scada.example.com',
      operatingManual: '/manuals/scada.pdf',
      version: '2.1.0',
      applicationName: '应用A',
      target: '_blank',
      menuStyle: 5,
      condition: 'currentUser.isAdmin',
    });
  });

  it("prefers the item's own network address over its application's", () => {
    const [node] = buildMenuTree([
      row({
        id: 'x',
        link: 'a.html',
        internalNetwork: 'http://item-host',
        applicationInternalLink: 'http://app',
      }),
    ]);
    expect(node!.fullLink).toBe('http://item-host/a.html');
  });

  it('drops a target outside _self, _blank and _blankTop', () => {
    const [node] = buildMenuTree([row({ id: 'x', target: '_parent' })]);
    expect(node!.target).toBeNull();
  });
});

describe('assembleTree', () => {
  const flat = (id: string, pid: string | null) => buildMenuTree([row({ id, parentId: pid })])[0]!;

  it('makes an item whose parent is missing a top item', () => {
    const tree = assembleTree([{ ...flat('orphan', null), pid: 'gone' }]);
    expect(tree.map((n) => [n.id, n.rootId])).toEqual([['orphan', 'orphan']]);
  });

  it('leaves out items caught in a parent cycle instead of looping', () => {
    const tree = assembleTree([
      { ...flat('a', null), pid: 'b' },
      { ...flat('b', null), pid: 'a' },
      { ...flat('self', null), pid: 'self' },
      flat('root', null),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['root', 'self']);
  });

  it('indexes every node by id', () => {
    const tree = buildMenuTree([row({ id: 'p' }), row({ id: 'c', parentId: 'p' })]);
    expect([...indexTree(tree).keys()].sort()).toEqual(['c', 'p']);
  });
});

describe("issue 14: the editor's fields in the shell's tree", () => {
  it("an explicit full link wins over the computed one; the item's own version over the application's", () => {
    const [item] = buildMenuTree([
      row({
        id: 'm-1',
        link: '/scada/',
        internalNetwork: 'http://10.0.0.5',
        fullLink: 'https://scada.example.com/entry',
        menuVersion: '3.0.1',
      }),
    ]);
    expect(item).toMatchObject({ fullLink: 'https://scada.example.com/entry', version: '3.0.1' });
    const [plain] = buildMenuTree([row({ id: 'm-2', link: '/scada/', internalNetwork: 'http://10.0.0.5' })]);
    expect(plain).toMatchObject({ fullLink: 'http://10.0.0.5/scada/', version: '2.1.0' });
  });

  it("the version released to the tenant wins over an item's own version (the shell's _v follows the release)", () => {
    const [pinned, plain] = buildMenuTree([
      row({ id: 'm-1', sort: 1, menuVersion: '3.0.1', releasedVersion: '3.2.0' }),
      row({ id: 'm-2', sort: 2, releasedVersion: '3.2.0' }),
    ]);
    expect(pinned).toMatchObject({ id: 'm-1', version: '3.2.0' });
    expect(plain).toMatchObject({ id: 'm-2', version: '3.2.0' });
  });

  it('button items (permission codes) are never menus of the shell', () => {
    const tree = buildMenuTree([
      row({ id: 'm-page', link: '/deviceList' }),
      row({ id: 'm-export', parentId: 'm-page', type: 'button' }),
    ]);
    expect(tree.map((n) => n.id)).toEqual(['m-page']);
    expect(tree[0]!.children).toEqual([]);
  });
});
