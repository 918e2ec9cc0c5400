import type { CachedTree, MenuTreeService } from '../../menus/service';
import type { SearchViewer, SourceAccess } from '../source';

/**
 * A tag group with more tags than this is left to the exact check: an OR of hundreds of tags costs
 * the index more than it saves (the catalogue's sources tag each record with its application).
 */
const MAX_TAGS_PER_GROUP = 64;

interface TreeFacts {
  menuIds: ReadonlySet<string>;
  applicationIds: ReadonlySet<string>;
}

/** Per cached tree: a tree is replaced, never changed, when its menus change. */
const factsOf = new WeakMap<CachedTree, TreeFacts>();

const treeFacts = (tree: CachedTree): TreeFacts => {
  let facts = factsOf.get(tree);
  if (!facts) {
    const applicationIds = new Set<string>();
    for (const node of tree.byId.values()) applicationIds.add(node.applicationId);
    facts = { menuIds: new Set(tree.byId.keys()), applicationIds };
    factsOf.set(tree, facts);
  }
  return facts;
};

/** The tree the index.html shell shows this viewer: their menus and the tenant's public items. */
export const shellTreeOf = async (menuTrees: MenuTreeService, viewer: SearchViewer) => {
  if (viewer.session) return menuTrees.mergedTree(viewer.session, null);
  if (viewer.pageTenant) return menuTrees.mergedTree(null, viewer.pageTenant);
  return null;
};

export const applicationTag = (applicationId: string) => `app:${applicationId}`;

const applicationGroup = (applicationIds: ReadonlySet<string>): string[][] =>
  applicationIds.size <= MAX_TAGS_PER_GROUP ? [[...applicationIds].map(applicationTag)] : [];

/** The scopes of the viewer's tree: its applications (each document's scope is its application). */
const applicationScopes = (applicationIds: ReadonlySet<string>) => [...applicationIds].map(applicationTag);

/** Menu items of the viewer's tree: narrowed to its applications in the index, then item by item. */
export const menuItemAccess = (tree: CachedTree | null): SourceAccess | null => {
  if (!tree || tree.byId.size === 0) return null;
  const { menuIds, applicationIds } = treeFacts(tree);
  return {
    tagGroups: applicationGroup(applicationIds),
    scopes: applicationScopes(applicationIds),
    accepts: (id) => menuIds.has(id),
  };
};

/** Applications with at least one item in the viewer's tree. */
export const applicationAccess = (tree: CachedTree | null): SourceAccess | null => {
  if (!tree || tree.byId.size === 0) return null;
  const { applicationIds } = treeFacts(tree);
  return {
    tagGroups: applicationGroup(applicationIds),
    scopes: applicationScopes(applicationIds),
    accepts: (id) => applicationIds.has(id),
  };
};
