import type { ShellMenu } from '@uniwim/contracts/client';

/** Items that open in another window or tab of the browser, not in the shell's frames. */
export const opensNewWindow = (menu: Pick<ShellMenu, 'target'>): boolean =>
  menu.target === '_blank' || menu.target === '_blankTop';

/**
 * Spec section 5: the first menu item the shell opens after sign-in, logout or load. Depth first in
 * display order; disabled items (and everything under them) are skipped, items with children are
 * not opened themselves but searched, items opening a new window and items whose link was blocked
 * are skipped. `accept` adds a condition of the caller, such as the item being visible.
 */
export const findFirstMenu = (
  tree: readonly ShellMenu[],
  accept: (menu: ShellMenu) => boolean = () => true,
): ShellMenu | undefined => {
  for (const menu of tree) {
    if (menu.disabled || !accept(menu)) continue;
    if (menu.Children.length > 0) {
      const found = findFirstMenu(menu.Children, accept);
      if (found) return found;
      continue;
    }
    if (opensNewWindow(menu) || menu.linkKind === 'blocked') continue;
    return menu;
  }
  return undefined;
};

export interface MenuMatch {
  /** An address whose end the item's Val or ValBuffer must match, e.g. "/deviceList" or a full URL. */
  address?: string | null;
  /** The item's id (menuId query parameter). */
  menuId?: string | null;
  /** An application id: its first openable item. */
  appId?: string | null;
}

const find = (tree: readonly ShellMenu[], test: (menu: ShellMenu) => boolean): ShellMenu | undefined => {
  for (const menu of tree) {
    if (test(menu)) return menu;
    const found = find(menu.Children, test);
    if (found) return found;
  }
  return undefined;
};

const usable = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/**
 * Spec section 2: "Menu entries are matched by address suffix, menu id or app id". The menu id is
 * the most specific and is tried first, then the address, then the application.
 */
export const matchMenu = (tree: readonly ShellMenu[], match: MenuMatch): ShellMenu | undefined => {
  if (usable(match.menuId)) {
    const id = match.menuId.trim();
    const found = find(tree, (menu) => menu.Id === id);
    if (found) return found;
  }
  if (usable(match.address)) {
    const address = match.address.trim();
    // Only items with a link of their own: an empty ValBuffer ends with nothing useful.
    const found = find(
      tree,
      (menu) =>
        menu.linkKind !== 'blocked' &&
        ((menu.Val !== '' && menu.Val.endsWith(address)) ||
          (menu.ValBuffer !== '' && menu.ValBuffer.endsWith(address))),
    );
    if (found) return found;
  }
  if (usable(match.appId)) {
    const appId = match.appId.trim();
    const found = findFirstMenu(tree, (menu) => menu.Children.length > 0 || menu.App.id === appId);
    if (found) return found;
  }
  return undefined;
};
