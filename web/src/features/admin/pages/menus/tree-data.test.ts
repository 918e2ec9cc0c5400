import type { MenuEditorNode } from '@uniwim/contracts';
import { describe, expect, it } from 'vitest';
import { dropTarget, indexEditorTree, isWithin } from './tree-data';

const node = (id: string, children: MenuEditorNode[] = []): MenuEditorNode =>
  ({ id, name: id, children, editable: true, grantCount: 0 }) as unknown as MenuEditorNode;

// a ─ a1 ─ a11
//   └ a2
// b
// c
const tree = [node('a', [node('a1', [node('a11')]), node('a2')]), node('b'), node('c')];
const index = indexEditorTree(tree);
const drop = (dragId: string, dropId: string, dropToGap: boolean, side: -1 | 0 | 1, dropExpanded = false) =>
  dropTarget(index, { dragId, dropId, dropToGap, side, dropExpanded });

describe('the menu editor: where a drag and drop puts an item', () => {
  it('onto a node: its first child', () => {
    expect(drop('c', 'a1', false, 0)).toEqual({ parentId: 'a1', index: 0 });
  });

  it('before or after a sibling: its index among the siblings without the dragged item', () => {
    expect(drop('c', 'a', true, -1)).toEqual({ parentId: null, index: 0 });
    expect(drop('a', 'c', true, 1)).toEqual({ parentId: null, index: 2 });
    expect(drop('a', 'b', true, 1)).toEqual({ parentId: null, index: 1 });
    expect(drop('b', 'a2', true, -1)).toEqual({ parentId: 'a', index: 1 });
  });

  it('after an expanded node with children: its first child', () => {
    expect(drop('c', 'a', true, 1, true)).toEqual({ parentId: 'a', index: 0 });
  });

  it('never under itself or one of its descendants', () => {
    expect(drop('a', 'a', false, 0)).toBeNull();
    expect(drop('a', 'a11', false, 0)).toBeNull();
    expect(drop('a', 'a11', true, 1)).toBeNull();
    expect(drop('a1', 'a2', true, -1)).toEqual({ parentId: 'a', index: 0 });
    expect(isWithin(index, 'a11', 'a')).toBe(true);
    expect(isWithin(index, 'b', 'a')).toBe(false);
  });
});
