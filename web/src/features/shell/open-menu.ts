import type { LocalText } from '@uniwim/contracts';
import type { ShellMenu } from '@uniwim/contracts/client';
import { adminIndexUrl, adminPageUrl, pageRouteUrl } from '@uniwim/contracts/client';
import { buildFrameUrl } from '../../lib/shell/frame-url';
import { type PageTabEntry, tabEntryFromMenu } from '../../lib/shell/tabs';

/** What clicking a menu item does. */
export type MenuOpening =
  /** target _self: a tab of the shell with the page in a frame. */
  | { kind: 'tab'; entry: PageTabEntry }
  /** target _blank: a new browser window. */
  | { kind: 'window'; url: string }
  /**
   * target _blankTop: a new browser window opened by the top-most page, which matters when the
   * shell itself is embedded (source=App).
   */
  | { kind: 'top-window'; url: string }
  /** The shell pages (index.html?admin=1, admin.html): the browser goes there, they are never framed. */
  | { kind: 'navigate'; url: string }
  /** runCommand:{scheme}: the desktop client's scheme, handed to the browser. */
  | { kind: 'command'; url: string }
  /** javascript:, data: and other unsafe links: never opened. */
  | { kind: 'blocked' }
  /** A disabled item or a parent without a page of its own. */
  | { kind: 'none' };

export interface OpeningContext {
  /** The stored token at the time of the click; null for a visitor. */
  token: string | null;
  tenantId: string | null;
  /** The user's sn (HDSN); null for a visitor. */
  sn: string | null;
  /** __uniwim_scene: which shell opened the page ("index" or "admin"). */
  scene: string;
  now?: () => number;
}

const SHELL_PAGE_LINKS = new Set(
  [adminIndexUrl(), adminPageUrl()].flatMap((link) => [link, `/${link}`, `./${link}`]),
);

/** A menu item pointing at the shell itself: framing it would put a shell inside the shell. */
export const isShellPageLink = (link: string): boolean => SHELL_PAGE_LINKS.has(link.trim());

/** Spec section 2: the frame URL of a menu item, with every parameter the framed page reads. */
export const frameUrlOf = (menu: ShellMenu, ctx: OpeningContext): string =>
  buildFrameUrl(menu.Val, {
    token: ctx.token,
    tenantId: ctx.tenantId,
    title: menu.Name,
    applicationId: menu.App.id,
    applicationName: menu.App.name,
    version: menu.App.version,
    // Items marked reload must never come from the browser's cache.
    timestamp: menu.reload,
    scene: ctx.scene,
    id: menu.Id,
    rootId: menu.rootId,
    sn: ctx.sn,
    now: ctx.now,
  });

/**
 * Decides what opening a menu item does (spec section 2 "Menu link handling" and section 3
 * "Page tab entry"). `pinned` marks the tab that cannot be closed (the first page of the shell).
 */
export const planMenuOpening = (
  menu: ShellMenu,
  ctx: OpeningContext,
  options: { pinned?: boolean } = {},
): MenuOpening => {
  if (menu.disabled || menu.Children.length > 0) return { kind: 'none' };
  if (menu.linkKind === 'blocked' || menu.Val === '') return { kind: 'blocked' };
  if (menu.linkKind === 'external-command') return { kind: 'command', url: menu.Val };
  if (isShellPageLink(menu.ValBuffer))
    return { kind: 'navigate', url: menu.ValBuffer.trim().replace(/^\.?\//, '') };
  const url = frameUrlOf(menu, ctx);
  if (menu.target === '_blank') return { kind: 'window', url };
  if (menu.target === '_blankTop') return { kind: 'top-window', url };
  const entry = tabEntryFromMenu(menu, url);
  return { kind: 'tab', entry: options.pinned ? { ...entry, tabCloseable: false } : entry };
};

/**
 * A tab for a built-in page that is not a menu item (the header's notices and messages entries):
 * page.html#{route} with the frame parameters of the signed-in user. Its id is the route, so a
 * second click shows the open tab. `names`, when given, name the tab in each language.
 */
export const routeTabEntry = (
  route: string,
  name: string,
  ctx: OpeningContext,
  names?: LocalText,
): PageTabEntry => ({
  Id: route,
  Val: buildFrameUrl(pageRouteUrl(route), {
    token: ctx.token,
    tenantId: ctx.tenantId,
    title: name,
    applicationId: '',
    applicationName: '',
    version: '',
    scene: ctx.scene,
    sn: ctx.sn,
  }),
  ValBuffer: route,
  Name: name,
  ...(names ? { Names: names } : {}),
  App: null,
  target: '_self',
});
