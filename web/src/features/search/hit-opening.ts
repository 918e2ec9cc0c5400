import type { SearchGroup, SearchOpen, ShellMenu } from '@uniwim/contracts/client';
import { findFirstMenu, matchMenu } from '../../lib/shell/menu-search';

/** What opening a hit does in the shell. */
export type HitOpening =
  | { kind: 'menu'; menu: ShellMenu }
  | { kind: 'route'; route: string; name: string }
  /** Not in the tree the shell shows (a visibility condition hides it): the hit is not offered. */
  | { kind: 'none' };

/**
 * A menu item opens as from the menu (a folder: its first item), an application opens its first
 * item, a route opens as a built-in page. Always through the tree as shown, so a hit never opens
 * what the menu itself would not.
 */
export const hitOpening = (tree: readonly ShellMenu[], open: SearchOpen): HitOpening => {
  if (open.kind === 'route') return { kind: 'route', route: open.route, name: open.name };
  const found =
    open.kind === 'menu'
      ? matchMenu(tree, { menuId: open.menuId })
      : matchMenu(tree, { appId: open.applicationId });
  if (!found || found.disabled) return { kind: 'none' };
  const menu = found.Children.length > 0 ? findFirstMenu(found.Children) : found;
  return menu ? { kind: 'menu', menu } : { kind: 'none' };
};

/** The groups with only the hits the shell can open, and without groups left empty. */
export const openableGroups = (groups: readonly SearchGroup[], tree: readonly ShellMenu[]): SearchGroup[] =>
  groups
    .map((group) => ({
      ...group,
      hits: group.hits.filter((hit) => hitOpening(tree, hit.open).kind !== 'none'),
    }))
    .filter((group) => group.hits.length > 0);
