import type { MenuEditorNode } from '@uniwim/contracts';

/** Every item of the editor's tree by id, with its parent (null at the top). */
export const indexEditorTree = (roots: readonly MenuEditorNode[]) => {
  const byId = new Map<string, { node: MenuEditorNode; parentId: string | null }>();
  const walk = (nodes: readonly MenuEditorNode[], parentId: string | null) => {
    for (const node of nodes) {
      byId.set(node.id, { node, parentId });
      walk(node.children, node.id);
    }
  };
  walk(roots, null);
  return byId;
};

export type EditorIndex = ReturnType<typeof indexEditorTree>;

/** Whether `id` is `ancestorId` or lies below it. */
export const isWithin = (index: EditorIndex, id: string, ancestorId: string): boolean => {
  for (let at: string | null = id; at !== null; at = index.get(at)?.parentId ?? null) {
    if (at === ancestorId) return true;
  }
  return false;
};

export interface DropEvent {
  dragId: string;
  dropId: string;
  /** antd: false when dropped onto the node itself (becomes its child). */
  dropToGap: boolean;
  /** -1: before the node, 1: after it (antd's dropPosition minus the node's own index). */
  side: -1 | 0 | 1;
  /** The drop node is expanded with children: "after" it means its first child. */
  dropExpanded: boolean;
}

/**
 * Where a drag and drop puts an item, as the move call takes it (parent and index among the new
 * siblings without the item); null when the drop would put an item under itself or one of its
 * descendants (the server refuses that too).
 */
export const dropTarget = (
  index: EditorIndex,
  event: DropEvent,
): { parentId: string | null; index: number } | null => {
  const drop = index.get(event.dropId);
  if (!drop || !index.has(event.dragId)) return null;
  const intoNode =
    !event.dropToGap || (event.side === 1 && event.dropExpanded && drop.node.children.length > 0);
  const parentId = intoNode ? event.dropId : drop.parentId;
  if (parentId !== null && isWithin(index, parentId, event.dragId)) return null;
  if (intoNode) return { parentId, index: 0 };
  const siblings = (parentId === null ? topLevel(index) : index.get(parentId)!.node.children)
    .map((node) => node.id)
    .filter((id) => id !== event.dragId);
  const at = siblings.indexOf(event.dropId);
  return { parentId, index: event.side === -1 ? at : at + 1 };
};

const topLevel = (index: EditorIndex): MenuEditorNode[] =>
  [...index.values()].filter((entry) => entry.parentId === null).map((entry) => entry.node);
