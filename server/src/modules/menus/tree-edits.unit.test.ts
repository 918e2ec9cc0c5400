import type { MenuItemRow } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { editorTree, movesUnderItself, placeAt } from './tree-edits';

const row = (id: string, parentId: string | null, sort = 0, name = id) =>
  ({ id, parentId, sort, name, tenantId: null, grantCount: 0 }) as unknown as MenuItemRow & {
    grantCount: number;
  };

describe('the menu editor: moves', () => {
  it('refuses a parent that is the item or below it, and nothing else', () => {
    const subtree = ['a', 'a1', 'a11'];
    expect(movesUnderItself('a', subtree)).toBe(true);
    expect(movesUnderItself('a11', subtree)).toBe(true);
    expect(movesUnderItself('b', subtree)).toBe(false);
    expect(movesUnderItself(null, subtree)).toBe(false);
  });

  it('puts the item at its index among the siblings, taken out first when it is one of them', () => {
    const siblings = [{ id: 'x' }, { id: 'y' }, { id: 'z' }];
    expect(placeAt(siblings, { id: 'n' }, 1).map((s) => s.id)).toEqual(['x', 'n', 'y', 'z']);
    expect(placeAt(siblings, { id: 'x' }, 2).map((s) => s.id)).toEqual(['y', 'z', 'x']);
    expect(placeAt(siblings, { id: 'z' }, 0).map((s) => s.id)).toEqual(['z', 'x', 'y']);
    expect(placeAt(siblings, { id: 'n' }, 99).map((s) => s.id)).toEqual(['x', 'y', 'z', 'n']);
  });
});

describe('the menu editor: the tree', () => {
  it('nests children in the shell order (sort, then name) and marks what the scope edits', () => {
    const tree = editorTree(
      [
        row('b', null, 1),
        row('a', null, 0),
        row('a2', 'a', 0, '乙'),
        row('a1', 'a', 0, '甲'),
        { ...row('t', 'a', 5), tenantId: 't-1' },
      ],
      (r) => r.tenantId === 't-1',
    );
    expect(tree.map((n) => n.id)).toEqual(['a', 'b']);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['a1', 'a2', 't']);
    expect(tree[0]!.editable).toBe(false);
    expect(tree[0]!.children[2]!.editable).toBe(true);
  });

  it('shows items of a stored cycle and orphans at the top instead of losing or looping over them', () => {
    const tree = editorTree([row('p', 'q'), row('q', 'p'), row('o', 'gone')], () => true);
    expect(tree.map((n) => n.id).sort()).toEqual(['o', 'p', 'q']);
  });
});
