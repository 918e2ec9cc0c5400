import { type MenuLanguage, normaliseMenuTree, type ShellMenu } from '@uniwim/contracts/client';
import { planMenuOpening } from '../shell/open-menu';

/** The signed-in user the mobile page opens pages for. */
export interface MobileOpeningContext {
  token: string | null;
  tenantId: string | null;
  sn: string | null;
  language: MenuLanguage;
  /** The site's origin: the shell's relative page addresses are read from its root, not /mobile/. */
  origin: string;
}

/** What tapping an application on the mobile page does. */
export type MobileOpening =
  | { kind: 'go'; url: string; newWindow: boolean }
  /** An unsafe link (javascript:, data:...): never opened, as in the shell. */
  | { kind: 'blocked' }
  /** Nothing a phone can open (a desktop client's command, a disabled item, a group). */
  | { kind: 'none' };

/** The scene a page opened from the mobile page is told (__uniwim_scene). */
export const MOBILE_SCENE = 'mobile';

/**
 * The item as the mobile page opens it: its mobile link when it has one (checked and resolved as
 * any menu link is), else the item itself.
 */
const mobileTarget = (menu: ShellMenu, ctx: MobileOpeningContext): ShellMenu => {
  const mobileLink = menu.raw.mobileLink?.trim();
  if (!mobileLink) return menu;
  const [target] = normaliseMenuTree(
    [{ ...menu.raw, link: mobileLink, fullLink: null, effectDrawing: null, children: [] }],
    { token: ctx.token },
    ctx.language,
  );
  return target!;
};

/**
 * Issue 25: an application of the mobile page opens its mobile link, else its page full-screen. A
 * page of this site reads the stored session (no token in the address, so none in the phone's
 * history); another site's page gets the token in its address, as the shell's frames do.
 */
export const mobileOpening = (menu: ShellMenu, ctx: MobileOpeningContext): MobileOpening => {
  if (menu.disabled || menu.Children.length > 0) return { kind: 'none' };
  const target = mobileTarget(menu, ctx);
  const ownPage = target.linkKind === 'route';
  const opening = planMenuOpening(target, {
    token: ownPage ? null : ctx.token,
    tenantId: ctx.tenantId,
    sn: ctx.sn,
    scene: MOBILE_SCENE,
  });
  const absolute = (url: string) => new URL(url, `${ctx.origin}/`).href;
  switch (opening.kind) {
    case 'tab':
      return { kind: 'go', url: absolute(opening.entry.Val), newWindow: false };
    case 'window':
    case 'top-window':
      return { kind: 'go', url: absolute(opening.url), newWindow: true };
    case 'navigate':
      return { kind: 'go', url: absolute(opening.url), newWindow: false };
    case 'blocked':
      return { kind: 'blocked' };
    default:
      // A desktop client's command does nothing on a phone.
      return { kind: 'none' };
  }
};

/** A heading of the mobile page's application list and the items under it. */
export interface MobileAppGroup {
  id: string;
  /** null: the top-level items, listed first without a heading. */
  name: string | null;
  items: ShellMenu[];
}

const leavesOf = (menus: readonly ShellMenu[]): ShellMenu[] =>
  menus.flatMap((menu) => (menu.Children.length > 0 ? leavesOf(menu.Children) : [menu]));

/**
 * The shell's tree as the mobile page lists it: the top-level pages first, then each top-level
 * group with every page below it. Only what a phone can open is listed.
 */
export const mobileAppGroups = (
  tree: readonly ShellMenu[],
  canOpen: (menu: ShellMenu) => boolean,
): MobileAppGroup[] => {
  const topPages = tree.filter((menu) => menu.Children.length === 0 && canOpen(menu));
  const groups = tree
    .filter((menu) => menu.Children.length > 0)
    .map((menu) => ({ id: menu.Id, name: menu.Name, items: leavesOf(menu.Children).filter(canOpen) }));
  return [...(topPages.length > 0 ? [{ id: '', name: null, items: topPages }] : []), ...groups].filter(
    (group) => group.items.length > 0,
  );
};
