import { MAX_DEPARTMENT_DEPTH } from './tree-path';

export interface PlacedDepartment {
  id: string;
  parentId: string | null;
  path: string;
  depth: number;
}

/**
 * Why a department cannot move under `target`, or null when it can. `subtreeHeight` is how many
 * levels the moved department and its subtree span (1 for a department without children): the
 * deepest of them lands at target.depth + subtreeHeight.
 */
export const moveProblem = (
  moving: PlacedDepartment,
  target: PlacedDepartment,
  subtreeHeight: number,
): string | null => {
  if (moving.parentId === null) return '根部门不能移动';
  if (target.id === moving.id) return '不能移动到自身之下';
  if (target.path.startsWith(moving.path)) return '不能移动到自己的下级部门之下';
  const deepest = target.depth + subtreeHeight;
  if (deepest > MAX_DEPARTMENT_DEPTH) {
    return `移动后最深将达到第${deepest}级，部门最多${MAX_DEPARTMENT_DEPTH}级`;
  }
  return null;
};

/** The path and depth the moved department gets under `target`; its subtree follows by prefix. */
export const movedPlace = (moving: PlacedDepartment, target: PlacedDepartment) => ({
  path: `${target.path}${moving.id}/`,
  depthShift: target.depth + 1 - moving.depth,
});
