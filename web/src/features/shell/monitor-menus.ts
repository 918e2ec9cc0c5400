import { type LinkContext, resolveMenuLink, type ShellMenu, walkMenus } from '@uniwim/contracts/client';

/** Tab ids of monitoring pages: distinct from the item's own tab, which shows its ordinary page. */
export const MONITOR_TAB_PREFIX = 'monitor:';

/**
 * The monitoring centre's entries (menu items with the monitor flag): each opens the item's
 * monitorUrl, resolved and checked like any link (a javascript: monitorUrl is blocked), or the
 * item's own page when it has no monitorUrl. Disabled items are left out.
 */
export const monitorMenus = (tree: readonly ShellMenu[], ctx: LinkContext): ShellMenu[] =>
  [...walkMenus(tree)]
    .filter((menu) => menu.raw.monitor && !menu.disabled && menu.Children.length === 0)
    .map((menu) => {
      const monitorUrl = (menu.raw.monitorUrl ?? '').trim();
      if (monitorUrl === '') return menu;
      const resolved = resolveMenuLink({ link: monitorUrl, fullLink: null, effectDrawing: null }, ctx);
      return {
        ...menu,
        Id: `${MONITOR_TAB_PREFIX}${menu.Id}`,
        Val: resolved.url,
        ValBuffer: monitorUrl,
        linkKind: resolved.kind,
        target: '_self',
      };
    });
