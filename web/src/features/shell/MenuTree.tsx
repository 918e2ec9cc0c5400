import { Empty, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { type ShellMenu, walkMenus } from '../../lib/shell/menu-normalise';

type MenuItems = NonNullable<MenuProps['items']>;

const toItems = (menus: readonly ShellMenu[]): MenuItems =>
  menus.map((menu) => {
    // The id on the label lets tests and the global search find an item by its menu id.
    const label = (
      <span key={menu.Id} className="shell-menu__label" data-menu-id={menu.Id} title={menu.Name}>
        {menu.Name}
      </span>
    );
    return menu.Children.length > 0
      ? { key: menu.Id, label, disabled: menu.disabled, children: toItems(menu.Children) }
      : { key: menu.Id, label, disabled: menu.disabled };
  });

/** Ids of every parent item, so the tree starts fully open (menus are short; finding beats folding). */
const parentIds = (tree: readonly ShellMenu[]): string[] =>
  [...walkMenus(tree)].filter((menu) => menu.Children.length > 0).map((menu) => menu.Id);

interface MenuTreeProps {
  tree: ShellMenu[];
  activeId: string | null;
  label: string;
  emptyText: string;
  onOpen: (menu: ShellMenu) => void;
}

/** The shell's menu tree (antd Menu, inline). Clicking an item opens it as its link says. */
export const MenuTree = ({ tree, activeId, label, emptyText, onOpen }: MenuTreeProps) => {
  const items = useMemo(() => toItems(tree), [tree]);
  const byId = useMemo(() => new Map([...walkMenus(tree)].map((menu) => [menu.Id, menu])), [tree]);
  const defaultOpenKeys = useMemo(() => parentIds(tree), [tree]);

  if (tree.length === 0) {
    return (
      <Empty className="shell-menu__empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
    );
  }
  return (
    <nav aria-label={label} data-testid="shell-menu">
      <Menu
        mode="inline"
        items={items}
        defaultOpenKeys={defaultOpenKeys}
        selectedKeys={activeId ? [activeId] : []}
        onClick={({ key }) => {
          const menu = byId.get(key);
          if (menu) onOpen(menu);
        }}
      />
    </nav>
  );
};
