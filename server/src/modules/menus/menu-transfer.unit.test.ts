import {
  MENU_EXPORT_FORMAT,
  type MenuExport,
  type MenuExportItem,
  type MenuItemRow,
} from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { type ExistingItem, exportTree, planImport } from './menu-transfer';

const fields = {
  link: null,
  fullLink: null,
  effectDrawing: null,
  menuVersion: null,
  reload: false,
  monitor: false,
  monitorUrl: null,
  menuStyle: null,
  internalNetwork: null,
  externalNetwork: null,
  operatingManual: null,
  target: null,
  type: null,
  permission: null,
  condition: null,
  disabled: false,
  isPublic: false,
  sort: 0,
} as const;

const item = (
  id: string,
  name: string,
  children: MenuExportItem[] = [],
  extra: Partial<MenuExportItem> = {},
) => ({
  id,
  name,
  ...fields,
  ...extra,
  children,
});
const here = (
  id: string,
  name: string,
  parentId: string | null,
  extra: Partial<ExistingItem> = {},
): ExistingItem => ({
  id,
  name,
  parentId,
  version: 3,
  ...fields,
  ...extra,
});
const file = (items: MenuExportItem[]): MenuExport => ({
  format: MENU_EXPORT_FORMAT,
  formatVersion: 1,
  exportedAt: '2026-11-24T00:00:00.000Z',
  application: {
    appKey: 'devices',
    name: '设备管理',
    category: null,
    description: null,
    owner: null,
    internalLink: null,
    externalLink: null,
  },
  items,
});
let counter = 0;
const newId = () => `new-${++counter}`;

describe('menu tree export', () => {
  it('nests the rows in the tree order and keeps no file ids', () => {
    const rows = [
      { ...here('b', '乙', null, { sort: 1 }), effectDrawingFileId: 'f-1' },
      here('a', '甲', null),
      here('a1', '子', 'a'),
    ] as unknown as MenuItemRow[];
    const exported = exportTree(file([]).application, rows, new Date('2026-11-24T00:00:00Z'));
    expect(exported.items.map((i) => i.id)).toEqual(['a', 'b']);
    expect(exported.items[0]!.children.map((i) => i.id)).toEqual(['a1']);
    expect(JSON.stringify(exported)).not.toContain('f-1');
  });
});

describe('menu tree import plan', () => {
  it('matches by id, else by name under the matched parent; creates the rest with the file id when free', () => {
    const plan = planImport(
      file([
        item('x-top', '设备', [
          item('m-list', '设备列表', [], { link: '/changed' }),
          item('x-new', '新菜单'),
        ]),
      ]),
      [
        here('m-devices', '设备', null),
        here('m-list', '设备列表', 'm-devices'),
        here('m-map', '设备地图', 'm-devices'),
      ],
      (id) => id === 'taken',
      newId,
    );
    expect(plan.result.changes).toEqual([
      expect.objectContaining({ sourceId: 'x-top', targetId: 'm-devices', action: 'unchanged' }),
      expect.objectContaining({ sourceId: 'm-list', targetId: 'm-list', action: 'update', fields: ['link'] }),
      expect.objectContaining({
        sourceId: 'x-new',
        targetId: 'x-new',
        action: 'create',
        path: '设备 / 新菜单',
      }),
    ]);
    expect(plan.result.keptOnlyHere).toEqual([{ id: 'm-map', name: '设备地图', path: '设备 / 设备地图' }]);
    expect(plan.writes).toEqual([
      expect.objectContaining({ action: 'update', targetId: 'm-list', parentId: 'm-devices', version: 3 }),
      expect.objectContaining({ action: 'create', targetId: 'x-new', parentId: 'm-devices' }),
    ]);
    expect(plan.result.counts).toEqual({ created: 1, updated: 1, unchanged: 1 });
  });

  it('gives a new id when the file id is used here (another application), and moves a matched item', () => {
    const plan = planImport(
      file([item('taken', '首页'), item('m-list', '设备列表')]),
      [here('m-devices', '设备', null), here('m-list', '设备列表', 'm-devices')],
      (id) => id === 'taken',
      newId,
    );
    expect(plan.result.changes[0]).toMatchObject({ sourceId: 'taken', action: 'create' });
    expect(plan.result.changes[0]!.targetId).toMatch(/^new-/);
    expect(plan.result.changes[1]).toMatchObject({
      targetId: 'm-list',
      action: 'update',
      fields: ['parentId'],
    });
  });

  it('an id the file names is kept for that item, not taken by a name match', () => {
    const plan = planImport(
      file([item('src-1', '首页'), item('m-home', '首页')]),
      [here('m-home', '首页', null)],
      () => false,
      newId,
    );
    expect(plan.result.changes.map((c) => [c.sourceId, c.targetId, c.action])).toEqual([
      ['src-1', 'src-1', 'create'],
      ['m-home', 'm-home', 'unchanged'],
    ]);
  });

  it("checks every item by the form's rules, and drops another installation's uploaded files with a note", () => {
    const plan = planImport(
      file([
        item('a', '坏链接', [], { link: 'javascript:alert(1)' }),
        item('b', '坏条件', [], { condition: "currentUser.id == 'x" }),
        item('c', '按钮', [], { type: 'button' }),
        item('d', '效果图', [], {
          effectDrawing: '/ump/files/f-1',
          operatingManual: 'https://docs.example.com/m.pdf',
        }),
        item('a', '重复'),
      ]),
      [],
      () => false,
      newId,
    );
    const errors = plan.result.errors.map((e) => [e.sourceId, e.message]);
    expect(errors).toEqual([
      ['a', expect.stringContaining('链接只能是')],
      ['b', expect.stringContaining('显示条件无法解析：unterminated string')],
      ['c', '按钮须填写权限码'],
      ['a', '文件中的菜单 id 重复：a'],
    ]);
    expect(plan.result.warnings).toEqual([
      expect.objectContaining({ sourceId: 'd', message: expect.stringContaining('效果图') }),
    ]);
    expect(plan.writes.find((w) => w.targetId === 'd')?.values).toMatchObject({
      effectDrawing: null,
      operatingManual: 'https://docs.example.com/m.pdf',
    });
  });
});
