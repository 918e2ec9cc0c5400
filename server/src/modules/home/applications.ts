import type { MenuItemNode } from '@uniwim/contracts';

export interface TreeApplication {
  id: string;
  name: string;
  /** The first item of the application, in tree order, that opens a page; null when none does. */
  entryMenuId: string | null;
}

const opensAPage = (node: MenuItemNode): boolean =>
  !node.disabled &&
  node.children.length === 0 &&
  node.condition?.trim() !== 'false' &&
  (node.link ?? '').trim() !== '';

/**
 * The user's applications from their menu tree, in the tree's order (pre-order, as the shell shows
 * it): one entry per application, opened by its first item with a page.
 */
export const applicationsOfTree = (nodes: Iterable<MenuItemNode>): TreeApplication[] => {
  const byId = new Map<string, TreeApplication>();
  for (const node of nodes) {
    let application = byId.get(node.applicationId);
    if (!application) {
      application = { id: node.applicationId, name: node.applicationName, entryMenuId: null };
      byId.set(node.applicationId, application);
    }
    if (application.entryMenuId === null && opensAPage(node)) application.entryMenuId = node.id;
  }
  return [...byId.values()];
};

/** Keeps the ids of applications the user has, in the stored order, without repeats. */
export const knownIds = (ids: readonly string[], known: ReadonlySet<string>): string[] =>
  [...new Set(ids)].filter((id) => known.has(id));
