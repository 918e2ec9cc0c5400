import { describe, expect, it } from 'vitest';
import { menuNode } from '../../../../packages/contracts/src/menu-node.fixture';
import { applicationsOfTree, knownIds } from './applications';

describe('applicationsOfTree', () => {
  it('gives one entry per application in tree order, opened by its first item with a page', () => {
    const group = menuNode({ id: 'g', applicationId: 'dev', applicationName: '设备', link: null });
    const nodes = [
      menuNode({ id: 'h', applicationId: 'wb', applicationName: '工作台', link: '/homepage' }),
      group,
      menuNode({ id: 'off', applicationId: 'dev', applicationName: '设备', link: '/x', disabled: true }),
      menuNode({
        id: 'hidden',
        applicationId: 'dev',
        applicationName: '设备',
        link: '/y',
        condition: 'false',
      }),
      menuNode({ id: 'list', applicationId: 'dev', applicationName: '设备', link: '/deviceList' }),
      menuNode({ id: 'k', applicationId: 'kn', applicationName: '知识', link: '  ' }),
    ];
    expect(applicationsOfTree(nodes)).toEqual([
      { id: 'wb', name: '工作台', entryMenuId: 'h' },
      { id: 'dev', name: '设备', entryMenuId: 'list' },
      { id: 'kn', name: '知识', entryMenuId: null },
    ]);
  });

  it('does not open a parent item itself', () => {
    const child = menuNode({ id: 'c', applicationId: 'a', link: '/c' });
    const parent = menuNode({ id: 'p', applicationId: 'a', link: '/p', children: [child] });
    expect(applicationsOfTree([parent, child])[0]?.entryMenuId).toBe('c');
  });
});

describe('knownIds', () => {
  it('keeps the known ids in order, once', () => {
    expect(knownIds(['b', 'x', 'a', 'b'], new Set(['a', 'b']))).toEqual(['b', 'a']);
  });
});
