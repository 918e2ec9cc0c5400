import type { DepartmentTreeNode } from '@uniwim/contracts';
import { api } from '../../../../lib/api';

export interface DepartmentNode extends DepartmentTreeNode {
  children: DepartmentNode[];
  /** Members of the department and everything below it. */
  totalMembers: number;
}

export const DEPARTMENTS = '/ump/admin/departments';
export const USERS = '/ump/admin/users';

export const fetchDepartmentTree = () => api.get<DepartmentTreeNode[]>(`${DEPARTMENTS}/tree`);
export const fetchRoleOptions = () =>
  api.get<{ id: string; name: string; status: 'active' | 'disabled' }[]>(`${USERS}/role-options`);

/** The flat answer (parents before children) as a tree, with each subtree's member total. */
export const buildDepartmentTree = (flat: readonly DepartmentTreeNode[]): DepartmentNode[] => {
  const byId = new Map<string, DepartmentNode>();
  for (const node of flat) byId.set(node.id, { ...node, children: [], totalMembers: node.memberCount });
  const roots: DepartmentNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const total = (node: DepartmentNode): number => {
    node.children.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
    node.totalMembers = node.memberCount + node.children.reduce((sum, child) => sum + total(child), 0);
    return node.totalMembers;
  };
  for (const root of roots) total(root);
  return roots;
};

/** The departments whose name contains `text`, with their ancestors (so the tree can show the way). */
export const matchingIds = (flat: readonly DepartmentTreeNode[], text: string): Set<string> | null => {
  const needle = text.trim().toLowerCase();
  if (!needle) return null;
  const byId = new Map(flat.map((node) => [node.id, node]));
  const keep = new Set<string>();
  for (const node of flat) {
    if (!node.name.toLowerCase().includes(needle)) continue;
    for (let at: DepartmentTreeNode | undefined = node; at && !keep.has(at.id); ) {
      keep.add(at.id);
      at = at.parentId ? byId.get(at.parentId) : undefined;
    }
  }
  return keep;
};
