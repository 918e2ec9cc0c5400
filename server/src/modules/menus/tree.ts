import {
  ADMIN_CONSOLE_APPLICATION,
  MENU_TARGETS,
  type MenuItemNode,
  type MenuTarget,
} from '@uniwim/contracts';

/** One menu item as the tree query returns it: the item's columns beside its application's. */
export interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  link: string | null;
  mobileLink: string | null;
  effectDrawing: string | null;
  sort: number;
  reload: boolean;
  monitor: boolean;
  monitorUrl: string | null;
  menuStyle: number | null;
  internalNetwork: string | null;
  externalNetwork: string | null;
  operatingManual: string | null;
  target: string | null;
  type: string | null;
  visibleCondition: string | null;
  disabled: boolean;
  isPublic: boolean;
  /** The explicit full link (migration 0024); null: the link behind the network address. */
  fullLink: string | null;
  /** The item's own version; null: the application's. */
  menuVersion: string | null;
  /** The application's version released to this tenant; null: no release chosen. */
  releasedVersion: string | null;
  applicationId: string;
  applicationName: string;
  applicationVersion: string;
  applicationInternalLink: string | null;
  applicationExternalLink: string | null;
  applicationOperatingManual: string | null;
}

/** One admin console item (admin_menu_items). */
export interface AdminMenuRow {
  id: string;
  parentId: string | null;
  name: string;
  nameEn: string | null;
  link: string | null;
  sort: number;
  target: string | null;
  menuStyle: number | null;
  visibleCondition: string | null;
  disabled: boolean;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const HTTP_BASE = /^https?:\/\/[^\s]+$/i;

const blankToNull = (value: string | null): string | null => (value?.trim() ? value.trim() : null);

/**
 * The address a frame loads for an item: a relative link (no scheme) is put behind the network
 * address of the item, else of its application — internal network first, as the spec lists it —
 * when that address is an http(s) URL. Absolute links (http, runCommand:…) and links with no usable
 * address stay as configured; the web decides what each kind opens and refuses unsafe schemes.
 */
export const fullLinkOf = (link: string | null, networkAddresses: (string | null)[]): string | null => {
  const trimmed = blankToNull(link);
  if (trimmed === null || SCHEME.test(trimmed)) return trimmed;
  const base = networkAddresses.map(blankToNull).find((address) => address && HTTP_BASE.test(address));
  if (!base) return trimmed;
  return `${base.replace(/\/+$/, '')}${trimmed.startsWith('/') ? '' : '/'}${trimmed}`;
};

const targetOf = (value: string | null): MenuTarget | null =>
  (MENU_TARGETS as readonly string[]).includes(value ?? '') ? (value as MenuTarget) : null;

/** Names compare as a Chinese reader expects (by pinyin), not by code point. */
const nameOrder = new Intl.Collator('zh-CN');

const bySortThenName = (a: MenuItemNode, b: MenuItemNode): number =>
  a.sort - b.sort || nameOrder.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

/**
 * Assembles flat nodes into trees: children under their parents, siblings by sort then name, rootId
 * set from the top of each branch. A node whose parent is not among the nodes becomes a top node.
 * Nodes caught in a parent cycle reach no top node and are left out rather than looping.
 */
export const assembleTree = (flat: Omit<MenuItemNode, 'children' | 'rootId'>[]): MenuItemNode[] => {
  const nodes = new Map<string, MenuItemNode>();
  for (const item of flat) nodes.set(item.id, { ...item, rootId: item.id, children: [] });
  const roots: MenuItemNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.pid === null ? undefined : nodes.get(node.pid);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const finish = (siblings: MenuItemNode[], rootId: string | null) => {
    siblings.sort(bySortThenName);
    for (const node of siblings) {
      node.rootId = rootId ?? node.id;
      finish(node.children, node.rootId);
    }
  };
  finish(roots, null);
  return roots;
};

/**
 * A user's menu tree (spec section 3, "Menu item") from the rows of the tree query. Button items
 * carry permission codes for their application and are not menus: the shell never gets them.
 */
export const buildMenuTree = (rows: MenuRow[]): MenuItemNode[] =>
  assembleTree(
    rows
      .filter((row) => row.type !== 'button')
      .map((row) => {
        const internalNetwork = blankToNull(row.internalNetwork) ?? blankToNull(row.applicationInternalLink);
        const externalNetwork = blankToNull(row.externalNetwork) ?? blankToNull(row.applicationExternalLink);
        return {
          id: row.id,
          pid: row.parentId,
          name: row.name,
          nameEn: blankToNull(row.nameEn),
          link: row.link,
          mobileLink: blankToNull(row.mobileLink),
          fullLink: blankToNull(row.fullLink) ?? fullLinkOf(row.link, [internalNetwork, externalNetwork]),
          effectDrawing: row.effectDrawing,
          // A tenant's release decides what its frames load (the shell's _v), over an item's own
          // version: an item pinned to an older version must not undo the tenant's upgrade.
          version: row.releasedVersion ?? blankToNull(row.menuVersion) ?? row.applicationVersion,
          reload: row.reload,
          monitor: row.monitor,
          monitorUrl: row.monitorUrl,
          menuStyle: row.menuStyle,
          internalNetwork,
          externalNetwork,
          operatingManual: row.operatingManual ?? row.applicationOperatingManual,
          target: targetOf(row.target),
          type: row.type,
          condition: row.visibleCondition,
          disabled: row.disabled,
          isPublic: row.isPublic,
          sort: row.sort,
          applicationId: row.applicationId,
          applicationName: row.applicationName,
        };
      }),
  );

/** The admin console's tree: built-in routes of page.html, under the console's pseudo-application. */
export const buildAdminMenuTree = (rows: AdminMenuRow[]): MenuItemNode[] =>
  assembleTree(
    rows.map((row) => ({
      id: row.id,
      pid: row.parentId,
      name: row.name,
      nameEn: blankToNull(row.nameEn),
      link: row.link,
      mobileLink: null,
      fullLink: blankToNull(row.link),
      effectDrawing: null,
      version: '1.0.0',
      reload: false,
      monitor: false,
      monitorUrl: null,
      menuStyle: row.menuStyle,
      internalNetwork: null,
      externalNetwork: null,
      operatingManual: null,
      target: targetOf(row.target),
      type: null,
      condition: row.visibleCondition,
      disabled: row.disabled,
      isPublic: false,
      sort: row.sort,
      applicationId: ADMIN_CONSOLE_APPLICATION.id,
      applicationName: ADMIN_CONSOLE_APPLICATION.name,
    })),
  );

/** Every node of a tree by id (for getMenuTreeByPid). */
export const indexTree = (roots: MenuItemNode[]): Map<string, MenuItemNode> => {
  const byId = new Map<string, MenuItemNode>();
  const visit = (nodes: MenuItemNode[]) => {
    for (const node of nodes) {
      byId.set(node.id, node);
      visit(node.children);
    }
  };
  visit(roots);
  return byId;
};
