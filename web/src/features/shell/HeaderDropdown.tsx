import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, useState } from 'react';

export interface HeaderDropdownProps {
  items: NonNullable<MenuProps['items']>;
  /** Open as soon as it is drawn: the trigger was clicked while this part was still loading. */
  openAtStart: boolean;
  children: ReactElement;
}

/** antd's click dropdown for the shell header's menus (user, monitoring centre); see DeferredDropdown. */
export const HeaderDropdown = ({ items, openAtStart, children }: HeaderDropdownProps) => {
  const [open, setOpen] = useState(openAtStart);
  return (
    <Dropdown
      menu={{ items, onClick: () => setOpen(false) }}
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
    >
      {children}
    </Dropdown>
  );
};
