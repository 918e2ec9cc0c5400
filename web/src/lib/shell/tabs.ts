import type { LocalText } from '@uniwim/contracts';
import type { MenuTarget, ShellMenu, ShellMenuApp } from '@uniwim/contracts/client';
import type { Language } from '../language';

/** Spec section 3 "Config": tagNum defaults to "8". */
export const DEFAULT_TAG_NUM = 8;

/** Spec section 3 "Page tab entry". */
export interface PageTab {
  /** The menu item (or page) the tab shows; one tab per Id. */
  Id: string;
  /** React key of the tab's frame: a new KeyId remounts the frame, which reloads the page. */
  KeyId: string;
  /** The address the frame loads. */
  Val: string;
  /** The link as configured. */
  ValBuffer: string;
  /** The name as the tab was opened. */
  Name: string;
  /** Its name in each language, when known: the tab follows a language switch (issue 25). */
  Names?: LocalText;
  App: ShellMenuApp | null;
  /** Menu code, for pages opened by code rather than from the tree. */
  mcode?: string;
  target: MenuTarget;
  /** The page id inside an application, for pages opened by another page. */
  PageId?: string;
  /** True for tabs of a SaaS application (opened from the workbench). */
  SaasApp?: boolean;
  /** False pins the tab: it shows no close button and never closes to make room. */
  tabCloseable: boolean;
  /** Extended parameters a page passed when it opened this one. */
  params?: Record<string, string>;
  /** Opening an already open tab with reload set reloads its frame. */
  reload?: boolean;
  /** Opening an already open tab with direct set sends its frame to the new Val without a reload. */
  direct?: boolean;
}

/** What openTab needs; KeyId is given by the state. */
export type PageTabEntry = Omit<PageTab, 'KeyId' | 'tabCloseable'> & { tabCloseable?: boolean };

export interface TabState {
  /** Open tabs, oldest first. */
  tabs: PageTab[];
  activeId: string | null;
  /** Counter behind KeyId, so keys are never reused. */
  serial: number;
}

export const emptyTabState = (): TabState => ({ tabs: [], activeId: null, serial: 0 });

/** tagNum as the configuration sends it ("8"); anything but a positive integer means the default. */
export const parseTagNum = (value: string | number | null | undefined): number => {
  const parsed = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : DEFAULT_TAG_NUM;
};

/** A tab entry for a menu item with its frame address (see buildFrameUrl). */
export const tabEntryFromMenu = (menu: ShellMenu, frameUrl: string = menu.Val): PageTabEntry => ({
  Id: menu.Id,
  Val: frameUrl,
  ValBuffer: menu.ValBuffer,
  Name: menu.Name,
  Names: menu.Names,
  App: menu.App,
  target: menu.target,
  reload: menu.reload,
});

const nextKey = (state: TabState, id: string): [string, number] => [
  `${id}:${state.serial + 1}`,
  state.serial + 1,
];

/**
 * Opens a page tab (spec section 3, target _self; _blank and _blankTop open browser windows and
 * leave the tabs alone). An open tab with the same Id is activated instead of opening a second one;
 * with reload it gets a new KeyId (its frame reloads), with direct its frame goes to the entry's Val.
 * When more than tagNum tabs would be open, the oldest closeable ones close (never the new tab).
 */
export const openTab = (state: TabState, entry: PageTabEntry, tagNum: number = DEFAULT_TAG_NUM): TabState => {
  if (entry.target === '_blank' || entry.target === '_blankTop') return state;
  const existing = state.tabs.find((tab) => tab.Id === entry.Id);
  if (existing) {
    if (!entry.reload && !entry.direct) return { ...state, activeId: existing.Id };
    const [KeyId, serial] = entry.reload ? nextKey(state, entry.Id) : [existing.KeyId, state.serial];
    const updated: PageTab = {
      ...existing,
      KeyId,
      Val: entry.reload || entry.direct ? entry.Val : existing.Val,
      params: entry.params ?? existing.params,
    };
    return {
      tabs: state.tabs.map((tab) => (tab.Id === entry.Id ? updated : tab)),
      activeId: entry.Id,
      serial,
    };
  }

  const [KeyId, serial] = nextKey(state, entry.Id);
  let tabs = [...state.tabs, { ...entry, KeyId, tabCloseable: entry.tabCloseable ?? true }];
  const limit = Math.max(1, tagNum);
  while (tabs.length > limit) {
    const oldest = tabs.find((tab) => tab.tabCloseable && tab.Id !== entry.Id);
    // Only pinned tabs left: the limit gives way rather than refusing what the user asked for.
    if (!oldest) break;
    tabs = tabs.filter((tab) => tab !== oldest);
  }
  return { tabs, activeId: entry.Id, serial };
};

/**
 * Closes a closeable tab. Closing the active tab activates its left neighbour, or the right one when
 * it was the first.
 */
export const closeTab = (state: TabState, id: string): TabState => {
  const index = state.tabs.findIndex((tab) => tab.Id === id);
  if (index < 0 || !state.tabs[index]!.tabCloseable) return state;
  const tabs = state.tabs.filter((tab) => tab.Id !== id);
  if (state.activeId !== id) return { ...state, tabs };
  const neighbour = tabs[index - 1] ?? tabs[index] ?? null;
  return { ...state, tabs, activeId: neighbour ? neighbour.Id : null };
};

export const activateTab = (state: TabState, id: string): TabState =>
  state.tabs.some((tab) => tab.Id === id) && state.activeId !== id ? { ...state, activeId: id } : state;

/** Reloads a tab's frame (a new KeyId), e.g. from the tab's context menu. */
export const reloadTab = (state: TabState, id: string): TabState => {
  if (!state.tabs.some((tab) => tab.Id === id)) return state;
  const [KeyId, serial] = nextKey(state, id);
  return { ...state, serial, tabs: state.tabs.map((tab) => (tab.Id === id ? { ...tab, KeyId } : tab)) };
};

export const activeTab = (state: TabState): PageTab | undefined =>
  state.tabs.find((tab) => tab.Id === state.activeId);

/** What a tab is called in `language`: its name in that language when known, else as opened. */
export const tabNameIn = (tab: Pick<PageTab, 'Name' | 'Names'>, language: Language): string =>
  tab.Names ? (language === 'en-US' ? tab.Names.en : tab.Names.zh) : tab.Name;
