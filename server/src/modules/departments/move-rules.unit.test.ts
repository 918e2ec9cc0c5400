import { describe, expect, it } from 'vitest';
import { movedPlace, moveProblem } from './move-rules';

const root = { id: 'r', parentId: null, path: 'r/', depth: 1 };
const a = { id: 'a', parentId: 'r', path: 'r/a/', depth: 2 };
const a1 = { id: 'a1', parentId: 'a', path: 'r/a/a1/', depth: 3 };
const b = { id: 'b', parentId: 'r', path: 'r/b/', depth: 2 };
const b4 = { id: 'b4', parentId: 'x', path: 'r/b/x/y/b4/', depth: 5 };
const aa = { id: 'aa', parentId: 'r', path: 'r/aa/', depth: 2 };

describe('department moves', () => {
  it('refuses the root, itself and its own subtree', () => {
    expect(moveProblem(root, a, 1)).toBe('根部门不能移动');
    expect(moveProblem(a, a, 1)).toBe('不能移动到自身之下');
    expect(moveProblem(a, a1, 2)).toBe('不能移动到自己的下级部门之下');
  });

  it('does not mistake a sibling whose id begins alike for a descendant', () => {
    expect(moveProblem(a, aa, 2)).toBeNull();
  });

  it('counts the moved subtree against the five levels', () => {
    expect(moveProblem(a, b, 2)).toBeNull(); // a at 3, a1 at 4
    expect(moveProblem(a, { ...b, depth: 4, path: 'r/b/x/y/' }, 2)).toBe(
      '移动后最深将达到第6级，部门最多5级',
    );
    expect(moveProblem(a1, b4, 1)).toBe('移动后最深将达到第6级，部门最多5级');
  });

  it('gives the new path and how far the subtree shifts', () => {
    expect(movedPlace(a1, b)).toEqual({ path: 'r/b/a1/', depthShift: 0 });
    expect(movedPlace(a, b)).toEqual({ path: 'r/b/a/', depthShift: 1 });
  });
});
