import { describe, expect, it } from 'vitest';
import { buildDepartmentTree, matchingIds } from './department-api';

const node = (id: string, parentId: string | null, name: string, memberCount: number, sort = 0) => ({
  id,
  parentId,
  name,
  depth: 1,
  sort,
  status: 'active' as const,
  leaderAccountId: null,
  memberCount,
  version: 0,
});

const flat = [
  node('r', null, '集团', 1),
  node('a', 'r', '运营部', 2, 1),
  node('b', 'r', '客服部', 0, 0),
  node('b1', 'b', '热线班组', 3),
];

describe('department tree on the web', () => {
  it('nests the flat answer, siblings in order, with subtree member totals', () => {
    const [root] = buildDepartmentTree(flat);
    expect(root!.children.map((c) => c.id)).toEqual(['b', 'a']);
    expect(root!.totalMembers).toBe(6);
    expect(root!.children[0]!.totalMembers).toBe(3);
  });

  it('finds departments by name with their ancestors', () => {
    expect([...matchingIds(flat, '热线')!].sort()).toEqual(['b', 'b1', 'r']);
    expect(matchingIds(flat, ' ')).toBeNull();
  });
});
