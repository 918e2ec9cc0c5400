import type { LocalText } from './admin/resource';
import { type LinkContext, type LinkKind, resolveMenuLink } from './menu-links';
import type { MenuItemNode, MenuTarget } from './menus';

/** The application a menu item belongs to, as frames and usage logs need it. */
export interface ShellMenuApp {
  id: string;
  name: string;
  version: string;
}

/**
 * A menu item as the shell uses it (spec section 3, "Menu item ... normalised into Id, Name, Val
 * (effective URL), Value, App, Children, ValBuffer, VisitorId").
 */
export interface ShellMenu {
  Id: string;
  /** The name in the language the tree was normalised for (see MenuLanguage). */
  Name: string;
  /** The name in each language (English falls back to the Chinese): a tab follows a language switch. */
  Names: LocalText;
  /** The effective address after link resolution (page.html#/route, the framed URL, scheme://token); empty when blocked. */
  Val: string;
  /** The value tree and search controls select by: the item id. */
  Value: string;
  App: ShellMenuApp;
  Children: ShellMenu[];
  /** The link as configured, before resolution. */
  ValBuffer: string;
  /** A visitor's id, when the tree was normalised for a visitor. */
  VisitorId?: string;
  /** What Val is: a page.html route, a framed page, a desktop-client command, or blocked. */
  linkKind: LinkKind;
  target: MenuTarget;
  reload: boolean;
  disabled: boolean;
  condition: string | null;
  /** 4, 5 and 12 are the item's own; any other value comes from the parent. */
  menuStyle: number | null;
  rootId: string;
  /** The server's node, for fields the shell reads rarely (monitor, operatingManual, type...). */
  raw: MenuItemNode;
}

/** Spec section 3: menu styles an item keeps even under a parent with another style. */
export const OWN_MENU_STYLES: ReadonlySet<number> = new Set([4, 5, 12]);

export const effectiveMenuStyle = (
  own: number | null,
  parentStyle: number | null | undefined,
): number | null => {
  if (parentStyle === undefined) return own;
  return own !== null && OWN_MENU_STYLES.has(own) ? own : parentStyle;
};

/** Which of an item's names the shell shows: `zh` (the name) or `en` (nameEn, else the name). */
export type MenuLanguage = keyof LocalText;

/** An item's names: the English one falls back to the Chinese one (issue 25). */
export const menuNamesOf = (node: Pick<MenuItemNode, 'name' | 'nameEn'>): LocalText => ({
  zh: node.name,
  en: node.nameEn?.trim() || node.name,
});

const normaliseNode = (
  node: MenuItemNode,
  ctx: LinkContext,
  parentStyle: number | null | undefined,
  language: MenuLanguage,
): ShellMenu => {
  const resolved = resolveMenuLink(node, ctx);
  const menuStyle = effectiveMenuStyle(node.menuStyle, parentStyle);
  const names = menuNamesOf(node);
  const menu: ShellMenu = {
    Id: node.id,
    Name: names[language],
    Names: names,
    Val: resolved.url,
    Value: node.id,
    App: { id: node.applicationId, name: node.applicationName, version: node.version },
    Children: node.children.map((child) => normaliseNode(child, ctx, menuStyle, language)),
    ValBuffer: node.link ?? '',
    linkKind: resolved.kind,
    target: node.target ?? '_self',
    reload: node.reload,
    disabled: node.disabled,
    condition: node.condition,
    menuStyle,
    rootId: node.rootId,
    raw: node,
  };
  if (ctx.visitorId) menu.VisitorId = ctx.visitorId;
  return menu;
};

/**
 * Normalises a tree the server sent (any of the four menu-tree calls) for the shell, its names in
 * `language` (Chinese unless told).
 */
export const normaliseMenuTree = (
  nodes: readonly MenuItemNode[],
  ctx: LinkContext,
  language: MenuLanguage = 'zh',
): ShellMenu[] => nodes.map((node) => normaliseNode(node, ctx, undefined, language));

/** Every item of a tree, parents before children, in display order. */
export function* walkMenus(tree: readonly ShellMenu[]): Generator<ShellMenu> {
  for (const menu of tree) {
    yield menu;
    yield* walkMenus(menu.Children);
  }
}

/**
 * Keeps the items a predicate accepts (for example isMenuVisible); a hidden parent hides its
 * children. Parents left without children and without a page of their own are dropped too.
 */
export const filterMenuTree = (tree: readonly ShellMenu[], keep: (menu: ShellMenu) => boolean): ShellMenu[] =>
  tree.flatMap((menu) => {
    if (!keep(menu)) return [];
    if (menu.Children.length === 0) return [menu];
    const children = filterMenuTree(menu.Children, keep);
    return children.length === 0 ? [] : [{ ...menu, Children: children }];
  });
