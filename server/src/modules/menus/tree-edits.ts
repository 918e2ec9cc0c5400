import type { MenuEditorNode, MenuItemRow } from '@uniwim/contracts';

/** Names compare as a Chinese reader expects (by pinyin). */
const nameOrder = new Intl.Collator('zh-CN');

const bySortThenName = (
  a: { sort: number; name: string; id: string },
  b: { sort: number; name: string; id: string },
) => a.sort - b.sort || nameOrder.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

/**
 * A move under `parentId` is refused when that parent is the item itself or one of the items below
 * it (the tree would lose a branch in a loop). `subtree` is the item with everything below it.
 */
export const movesUnderItself = (parentId: string | null, subtree: readonly string[]): boolean =>
  parentId !== null && subtree.includes(parentId);

/**
 * The new order of a parent's children once `itemId` is put at `index` among them (an index past
 * the end puts it last); the item is taken out first when it already sits there.
 */
export const placeAt = <T extends { id: string }>(siblings: readonly T[], item: T, index: number): T[] => {
  const others = siblings.filter((sibling) => sibling.id !== item.id);
  const at = Math.max(0, Math.min(index, others.length));
  return [...others.slice(0, at), item, ...others.slice(at)];
};

/**
 * The editor's tree from flat rows: children under their parents in the shell's order (sort, then
 * name). An item whose parent is not among the rows is shown at the top; items caught in a stored
 * cycle reach no top and are shown at the top too, so the editor can repair them.
 */
export const editorTree = (
  rows: readonly (MenuItemRow & { grantCount: number })[],
  editable: (row: MenuItemRow) => boolean,
): MenuEditorNode[] => {
  const nodes = new Map<string, MenuEditorNode>();
  for (const row of rows) nodes.set(row.id, { ...row, editable: editable(row), children: [] });
  const reachesTop = (node: MenuEditorNode): boolean => {
    const seen = new Set<string>();
    for (
      let at: MenuEditorNode | undefined = node;
      at;
      at = at.parentId ? nodes.get(at.parentId) : undefined
    ) {
      if (seen.has(at.id)) return false;
      seen.add(at.id);
    }
    return true;
  };
  const roots: MenuEditorNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent && reachesTop(node)) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: MenuEditorNode[]) => {
    list.sort(bySortThenName);
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
};
