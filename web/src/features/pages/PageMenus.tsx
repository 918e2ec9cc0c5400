import { useQuery } from '@tanstack/react-query';
import {
  filterMenuTree,
  isMenuVisible,
  type MenuItemNode,
  type MenuLanguage,
  normaliseMenuTree,
  type ShellMenu,
  walkMenus,
} from '@uniwim/contracts/client';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../i18n';
import { api } from '../../lib/api';
import { readStoredToken } from '../../lib/storage-keys';
import { fetchCurrentUser } from '../session/current-user';
import type { PageTexts } from './page-texts';

const MERGED_MENU_TREE_PATH = '/ump/menu/mergeUserMenuTree';

type MenuEntry = Required<MenuProps>['items'][number];

/** Entries named in the page's language (issue 25), following a switch without a new request. */
const toEntries = (menus: ShellMenu[], language: MenuLanguage): MenuEntry[] =>
  menus.map((menu) =>
    menu.Children.length > 0
      ? { key: menu.Id, label: menu.Names[language], children: toEntries(menu.Children, language) }
      : {
          key: menu.Id,
          label: menu.Names[language],
          disabled: menu.disabled || menu.linkKind === 'blocked',
        },
  );

/**
 * The menu strip the routes that "show the menus" carry (spec section 2: Informatization, train,
 * courseMore): the user's applications merged with the public ones, filtered by their visibility
 * conditions. Built-in routes open here; other pages open in a new window, blocked links never.
 */
export const PageMenus = ({ texts }: { texts: PageTexts }) => {
  const navigate = useNavigate();
  const language: MenuLanguage = useLanguage() === 'en-US' ? 'en' : 'zh';
  const token = readStoredToken();
  const tree = useQuery({
    queryKey: ['page-menus', token],
    queryFn: async () => {
      const [nodes, user] = await Promise.all([
        api.get<MenuItemNode[]>(MERGED_MENU_TREE_PATH),
        token ? fetchCurrentUser(api) : Promise.resolve(null),
      ]);
      const menus = normaliseMenuTree(Array.isArray(nodes) ? nodes : [], { token });
      return filterMenuTree(menus, (menu) =>
        isMenuVisible(menu.condition, { activeMenu: null, currentMenu: menu, currentUser: user }),
      );
    },
  });

  const open = (id: string) => {
    const menu = [...walkMenus(tree.data ?? [])].find((candidate) => candidate.Id === id);
    if (!menu || menu.linkKind === 'blocked') return;
    if (menu.linkKind === 'route') {
      navigate(menu.Val.slice(menu.Val.indexOf('#') + 1));
      return;
    }
    window.open(menu.Val, '_blank', 'noopener');
  };

  if (!tree.data || tree.data.length === 0) return null;
  return (
    <nav className="page-app__menus" aria-label={texts.menus} data-testid="page-menus">
      <Menu
        mode="horizontal"
        selectable={false}
        items={toEntries(tree.data, language)}
        onClick={({ key }) => open(key)}
      />
    </nav>
  );
};
