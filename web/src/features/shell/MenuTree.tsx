import type { ShellMenu } from '@uniwim/contracts/client';
import { useState } from 'react';

interface MenuTreeProps {
  tree: ShellMenu[];
  activeId: string | null;
  label: string;
  emptyText: string;
  onOpen: (menu: ShellMenu) => void;
}

interface MenuListProps {
  menus: readonly ShellMenu[];
  depth: number;
  activeId: string | null;
  folded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onOpen: (menu: ShellMenu) => void;
}

/** 24 px for the top level, 16 px more per level, as antd's inline menu indents. */
const indent = (depth: number) => ({ paddingInlineStart: 24 + depth * 16 });

const MenuList = ({ menus, depth, activeId, folded, onToggle, onOpen }: MenuListProps) => (
  <ul className="shell-menu__list">
    {menus.map((menu) => {
      // The id on the label lets tests and the global search find an item by its menu id.
      const label = (
        <span className="shell-menu__label" data-menu-id={menu.Id} title={menu.Name}>
          {menu.Name}
        </span>
      );
      if (menu.Children.length === 0) {
        const active = menu.Id === activeId;
        return (
          <li key={menu.Id}>
            <button
              type="button"
              className={`shell-menu__item${active ? ' shell-menu__item--active' : ''}`}
              style={indent(depth)}
              disabled={menu.disabled}
              aria-current={active ? 'page' : undefined}
              onClick={() => onOpen(menu)}
            >
              {label}
            </button>
          </li>
        );
      }
      const open = !folded.has(menu.Id);
      return (
        <li key={menu.Id}>
          <button
            type="button"
            className="shell-menu__group"
            style={indent(depth)}
            disabled={menu.disabled}
            aria-expanded={open}
            onClick={() => onToggle(menu.Id)}
          >
            {label}
            <span className="shell-menu__arrow" aria-hidden="true" />
          </button>
          {open && (
            <MenuList
              menus={menu.Children}
              depth={depth + 1}
              activeId={activeId}
              folded={folded}
              onToggle={onToggle}
              onOpen={onOpen}
            />
          )}
        </li>
      );
    })}
  </ul>
);

/**
 * The shell's menu tree: nested lists of buttons (the disclosure pattern: a group's button folds it,
 * an item's button opens it as its link says, the open one is marked aria-current). Groups start
 * open: menus are short, and finding beats folding. Plain elements styled by shell.css rather than
 * antd's Menu: the shell draws its first frame without antd (see app/lazy-antd.tsx and docs/performance.md).
 */
export const MenuTree = ({ tree, activeId, label, emptyText, onOpen }: MenuTreeProps) => {
  const [folded, setFolded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <nav className="shell-menu" aria-label={label} data-testid="shell-menu">
      {tree.length === 0 ? (
        <p className="shell-menu__empty">{emptyText}</p>
      ) : (
        <MenuList
          menus={tree}
          depth={0}
          activeId={activeId}
          folded={folded}
          onToggle={toggle}
          onOpen={onOpen}
        />
      )}
    </nav>
  );
};
