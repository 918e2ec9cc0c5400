import {
  PERMISSIONS,
  type PermissionCode,
  type RoleGrantNode,
  TENANT_ADMIN_PAGE_PERMISSIONS,
} from '@uniwim/contracts';

export interface GrantApplication {
  id: string;
  name: string;
}
export interface GrantMenu {
  id: string;
  parentId: string | null;
  applicationId: string;
  name: string;
  sort: number;
  /** A button item of the application carries its permission code (shown beside its name). */
  permission?: string | null;
}
export interface ConsoleItem {
  id: string;
  parentId: string | null;
  name: string;
  sort: number;
}

export const CONSOLE_KEY = 'console';
export const menuKey = (menuId: string) => `menu:${menuId}`;
export const codeKey = (code: string) => `code:${code}`;

const bySortThenName = (a: { sort: number; name: string }, b: { sort: number; name: string }) =>
  a.sort - b.sort || a.name.localeCompare(b.name, 'zh-CN');

/** Items under their parents; an item whose parent is not among them is a root. */
const nest = <T extends { id: string; parentId: string | null; sort: number; name: string }>(
  items: T[],
  toNode: (item: T, children: RoleGrantNode[]) => RoleGrantNode,
): RoleGrantNode[] => {
  const known = new Set(items.map((item) => item.id));
  const childrenOf = new Map<string | null, T[]>();
  for (const item of items) {
    const parent = item.parentId !== null && known.has(item.parentId) ? item.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), item]);
  }
  const build = (parent: string | null, seen: Set<string>): RoleGrantNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((item) => !seen.has(item.id)) // a cycle in stored data must not hang the page
      .sort(bySortThenName)
      .map((item) => toNode(item, build(item.id, new Set([...seen, item.id]))));
  return build(null, new Set());
};

/**
 * The tree a role's grants are picked from: each application the tenant is entitled to with its
 * menu items, then the admin console's tenant pages with one button per permission code their
 * page carries (TENANT_ADMIN_PAGE_PERMISSIONS). Groups of the console that lead to no page are left out.
 */
export const buildGrantTree = (
  applications: GrantApplication[],
  menus: GrantMenu[],
  consoleItems: ConsoleItem[],
): RoleGrantNode[] => {
  const applicationNodes = [...applications]
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN') || a.id.localeCompare(b.id))
    .map(
      (application): RoleGrantNode => ({
        key: `app:${application.id}`,
        title: application.name,
        kind: 'application',
        children: nest(
          menus.filter((menu) => menu.applicationId === application.id),
          (menu, children) => ({
            key: menuKey(menu.id),
            title: menu.permission ? `${menu.name}（${menu.permission}）` : menu.name,
            kind: 'menu',
            menuId: menu.id,
            children,
          }),
        ),
      }),
    );

  const buttons = (pageId: string): RoleGrantNode[] =>
    (TENANT_ADMIN_PAGE_PERMISSIONS[pageId] ?? []).map((code: PermissionCode) => ({
      key: codeKey(code),
      title: PERMISSIONS[code].title.zh,
      kind: 'button',
      permission: code,
      children: [],
    }));
  const prune = (nodes: RoleGrantNode[]): RoleGrantNode[] =>
    nodes.flatMap((node) => {
      if (node.kind === 'button') return [node];
      const children = prune(node.children);
      return children.length > 0 ? [{ ...node, children }] : [];
    });
  const consoleNodes = prune(
    nest(consoleItems, (item, children) => ({
      key: `admin:${item.id}`,
      title: item.name,
      kind: 'page',
      children: [...children, ...buttons(item.id)],
    })),
  );
  return consoleNodes.length === 0
    ? applicationNodes
    : [...applicationNodes, { key: CONSOLE_KEY, title: '管理后台', kind: 'console', children: consoleNodes }];
};
