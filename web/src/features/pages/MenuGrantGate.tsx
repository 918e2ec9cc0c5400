import { useQuery } from '@tanstack/react-query';
import { type MenuItemNode, normaliseMenuTree, walkMenus } from '@uniwim/contracts/client';
import type { ReactNode } from 'react';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { PageFailure, PageRefused } from './page-states';

const MERGED_MENU_TREE_PATH = '/ump/menu/mergeUserMenuTree';

/** The page.html routes the items of a menu tree open. */
export const routesOfTree = (nodes: MenuItemNode[], token: string | null): Set<string> => {
  const routes = new Set<string>();
  for (const menu of walkMenus(normaliseMenuTree(nodes, { token }))) {
    if (menu.linkKind !== 'route') continue;
    const hash = menu.Val.slice(menu.Val.indexOf('#') + 1);
    routes.add(hash.split('?', 1)[0]!);
  }
  return routes;
};

/**
 * Issue 25: a built application page shows only to a user whose menus grant its route (their roles'
 * items and the tenant's public ones, as the shell's tree holds them), however it is opened; as an
 * admin page without its code, anyone else gets the refusal page, and the page asks nothing.
 */
export const MenuGrantGate = ({ path, children }: { path: string; children: ReactNode }) => {
  const token = readStoredToken();
  const granted = useQuery({
    queryKey: ['page', 'granted-routes', token],
    queryFn: async () => {
      const nodes = await api.get<MenuItemNode[] | null>(MERGED_MENU_TREE_PATH);
      return routesOfTree(Array.isArray(nodes) ? nodes : [], token);
    },
  });
  if (granted.isError) return <PageFailure error={granted.error} onRetry={() => void granted.refetch()} />;
  if (!granted.data) return null;
  return granted.data.has(path) ? children : <PageRefused />;
};
