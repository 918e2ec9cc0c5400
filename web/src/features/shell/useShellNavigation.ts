import {
  filterMenuTree,
  isMenuVisible,
  normaliseMenuTree,
  type ShellMenu,
  USAGE_LOG_TYPES,
  walkMenus,
} from '@uniwim/contracts/client';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLanguage } from '../../i18n';
import { useLocalizedTexts } from '../../i18n/texts';
import { api } from '../../lib/api';
import { findFirstMenu, matchMenu } from '../../lib/shell/menu-search';
import {
  activateTab,
  closeTab,
  emptyTabState,
  openTab,
  type PageTabEntry,
  parseTagNum,
  reloadTab,
  type TabState,
} from '../../lib/shell/tabs';
import { saveUsageLog, type UsageLogSender, usageLogFromMenu, usageSource } from '../../lib/shell/usage-log';
import { browserVisitorIdSource, getVisitorId, VISITOR_ID_STORAGE_KEY } from '../../lib/shell/visitor-id';
import { readStoredToken } from '../../lib/storage-keys';
import { type MenuOpening, type OpeningContext, planMenuOpening } from './open-menu';
import type { ShellData, ShellKind } from './shell-data';
import type { ShellQuery } from './shell-query';
import { shellTexts } from './shell-texts';

const visitorIdSource = browserVisitorIdSource((path, query) => api.get(path, { query }));

const usageLogSender = (fromApp: boolean): UsageLogSender => ({
  post: (path, body) => api.post(path, body),
  // Read at the time of the log: a refresh may have replaced the token since the page loaded.
  get token() {
    return readStoredToken();
  },
  source: usageSource(fromApp ? 'App' : null),
  visitorId: () => getVisitorId(visitorIdSource),
});

/** antd's message arrives only when a blocked link is clicked: the shell's first paint does without it. */
const warnBlocked = (text: string): void => {
  void import('antd/es/message').then(({ default: message }) => message.warning(text));
};

/** A short notice, loaded as warnBlocked's is. */
const inform = (text: string): void => {
  void import('antd/es/message').then(({ default: message }) => message.info(text));
};

/**
 * Issue 25: when opening a page closes the oldest tab to stay within tagNum (tabs.ts openTab), the
 * user is told which one, rather than finding it silently gone. Returns what close() must call, so
 * a tab closed by the user is not announced.
 */
const useTabsClosedForRoom = (
  tabs: TabState,
  tagNum: number,
  texts: { closedForRoom(limit: number, names: string): string },
) => {
  const shown = useRef<TabState['tabs']>([]);
  const closedByUser = useRef(new Set<string>());
  useEffect(() => {
    const open = new Set(tabs.tabs.map((tab) => tab.Id));
    const gone = shown.current.filter((tab) => !open.has(tab.Id));
    const evicted = gone.filter((tab) => !closedByUser.current.has(tab.Id));
    for (const tab of gone) closedByUser.current.delete(tab.Id);
    shown.current = tabs.tabs;
    if (evicted.length > 0) inform(texts.closedForRoom(tagNum, evicted.map((tab) => tab.Name).join('”“')));
  }, [tabs.tabs, tagNum, texts]);
  return (id: string) => closedByUser.current.add(id);
};

/** Carries out an opening that leaves the tabs alone; false when nothing was opened. */
const openOutsideTabs = (opening: Exclude<MenuOpening, { kind: 'tab' }>): boolean => {
  switch (opening.kind) {
    case 'window':
      window.open(opening.url, '_blank', 'noopener,noreferrer');
      return true;
    case 'top-window':
      (window.top ?? window).open(opening.url, '_blank', 'noopener,noreferrer');
      return true;
    case 'navigate':
    case 'command':
      // A desktop client's scheme is handed to the browser, which asks the user to launch the client.
      location.assign(opening.url);
      return true;
    default:
      return false;
  }
};

export interface ShellNavigation {
  /** The menu tree after visibility conditions, as shown. */
  tree: ShellMenu[];
  tabs: TabState;
  activeMenu: ShellMenu | undefined;
  openMenu: (menu: ShellMenu) => void;
  /** Opens a page that is not a menu item (notices, messages) in a tab. */
  openPage: (entry: PageTabEntry) => void;
  activate: (id: string) => void;
  close: (id: string) => void;
  reload: (id: string) => void;
}

/**
 * The shell's menus and tabs: normalises and filters the tree (spec section 5 "Menu visibility"),
 * opens items (spec section 2 "Menu link handling", section 3 "Page tab entry"), logs each opening
 * (spec section 4 "Log saving") and opens the query's menu or the first item once the tree is there.
 */
export const useShellNavigation = (kind: ShellKind, data: ShellData, query: ShellQuery): ShellNavigation => {
  const texts = useLocalizedTexts(shellTexts);
  const [tabs, setTabs] = useState<TabState>(emptyTabState);
  const tagNum = parseTagNum(data.config.tagNum);
  // Issue 25: the tree is named in the page's language, and named again when it is switched.
  const menuLanguage = useLanguage() === 'en-US' ? 'en' : 'zh';

  const fullTree = useMemo(
    () =>
      normaliseMenuTree(
        data.menus,
        {
          token: readStoredToken(),
          visitorId: data.user ? null : localStorage.getItem(VISITOR_ID_STORAGE_KEY),
        },
        menuLanguage,
      ),
    [data.menus, data.user, menuLanguage],
  );
  const activeMenu = useMemo(() => {
    for (const menu of walkMenus(fullTree)) if (menu.Id === tabs.activeId) return menu;
    return undefined;
  }, [fullTree, tabs.activeId]);
  const tree = useMemo(
    () =>
      filterMenuTree(fullTree, (menu) =>
        isMenuVisible(menu.condition, { activeMenu, currentMenu: menu, currentUser: data.user }),
      ),
    [fullTree, activeMenu, data.user],
  );

  const noteClosedByUser = useTabsClosedForRoom(tabs, tagNum, texts.tabs);
  const sender = useMemo(() => usageLogSender(query.fromApp), [query.fromApp]);
  const openingContext = useCallback(
    (): OpeningContext => ({
      token: readStoredToken(),
      tenantId: data.user?.tenantId ?? null,
      sn: data.user?.sn ?? null,
      scene: kind,
    }),
    [data.user, kind],
  );

  const open = useCallback(
    (menu: ShellMenu, options: { pinned?: boolean } = {}) => {
      const opening = planMenuOpening(menu, openingContext(), options);
      if (opening.kind === 'blocked') {
        warnBlocked(texts.blockedLink);
        return;
      }
      if (opening.kind === 'tab') setTabs((state) => openTab(state, opening.entry, tagNum));
      else if (!openOutsideTabs(opening)) return;
      // Spec section 4 "Log saving": every application opened is logged; never awaited.
      void saveUsageLog(sender, usageLogFromMenu(menu, USAGE_LOG_TYPES.access));
    },
    [openingContext, tagNum, sender, texts.blockedLink],
  );

  // The query's menu (spec section 2: matched by menu id, else application id), else the first item
  // (spec section 5), opened once when the tree arrives; its tab is the shell's home and stays pinned.
  // A layout effect: the first frame is in the same paint as the tree, and its request leaves at once.
  const openedFirst = useRef(false);
  useLayoutEffect(() => {
    if (openedFirst.current) return;
    openedFirst.current = true;
    const wanted = query.menuId ? matchMenu(tree, { menuId: query.menuId, appId: query.menuId }) : undefined;
    const first = wanted ?? findFirstMenu(tree);
    if (first) open(first, { pinned: true });
  }, [tree, query.menuId, open]);

  return {
    tree,
    tabs,
    activeMenu,
    openMenu: (menu) => open(menu),
    openPage: (entry) => setTabs((state) => openTab(state, entry, tagNum)),
    activate: (id) => setTabs((state) => activateTab(state, id)),
    close: (id) => {
      noteClosedByUser(id);
      setTabs((state) => closeTab(state, id));
    },
    reload: (id) => setTabs((state) => reloadTab(state, id)),
  };
};
