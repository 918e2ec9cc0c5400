import { describe, expect, it } from 'vitest';
import { childPath, rootDepartmentId, rootDepartmentName } from './tree-path';

describe('department paths', () => {
  it('chains ids from the root, each followed by a slash, so a subtree is a prefix', () => {
    const root = childPath(null, 'd-t1');
    const child = childPath(root, 'd2');
    expect(root).toBe('d-t1/');
    expect(child).toBe('d-t1/d2/');
    expect(child.startsWith(root)).toBe(true);
    // A sibling whose id begins like another's is not inside it.
    expect(childPath(root, 'd22').startsWith(child)).toBe(false);
  });

  it('names the root after the tenant, cut by characters, not bytes', () => {
    expect(rootDepartmentId('t-water')).toBe('d-t-water');
    expect(rootDepartmentName('水'.repeat(70))).toBe('水'.repeat(64));
  });
});
