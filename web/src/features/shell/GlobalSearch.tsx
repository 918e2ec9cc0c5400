import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useMemo, useState } from 'react';
import { type ShellMenu, walkMenus } from '../../lib/shell/menu-normalise';

interface GlobalSearchProps {
  tree: ShellMenu[];
  texts: { placeholder: string; empty: string };
  onOpen: (menu: ShellMenu) => void;
}

const MAX_OPTIONS = 20;

/** The header's global search (globalSearch "1"): finds openable menu items by name and opens one. */
export const GlobalSearch = ({ tree, texts, onOpen }: GlobalSearchProps) => {
  const [text, setText] = useState('');
  const leaves = useMemo(
    () => [...walkMenus(tree)].filter((menu) => menu.Children.length === 0 && !menu.disabled),
    [tree],
  );
  const options = useMemo(() => {
    const wanted = text.trim().toLowerCase();
    if (wanted === '') return [];
    return leaves
      .filter((menu) => menu.Name.toLowerCase().includes(wanted))
      .slice(0, MAX_OPTIONS)
      .map((menu) => ({ value: menu.Id, label: menu.Name }));
  }, [leaves, text]);

  return (
    <AutoComplete
      className="shell-header__search"
      data-testid="shell-search"
      value={text}
      options={options}
      notFoundContent={text.trim() === '' ? null : texts.empty}
      onChange={(value) => setText(value)}
      onSelect={(id: string) => {
        const menu = leaves.find((candidate) => candidate.Id === id);
        setText('');
        if (menu) onOpen(menu);
      }}
    >
      <Input
        size="small"
        allowClear
        prefix={<SearchOutlined />}
        placeholder={texts.placeholder}
        aria-label={texts.placeholder}
      />
    </AutoComplete>
  );
};
