import { DashboardOutlined } from '@ant-design/icons';
import type { ShellMenu } from '@uniwim/contracts/client';
import { useMemo } from 'react';
import { readStoredToken } from '../../lib/storage-keys';
import { DeferredDropdown } from './DeferredDropdown';
import { HeaderEntry } from './HeaderEntry';
import { monitorMenus } from './monitor-menus';

interface MonitorEntryProps {
  tree: ShellMenu[];
  texts: { entry: string; empty: string };
  onOpen: (menu: ShellMenu) => void;
}

/** The header's monitoring-centre entry (monitoringCenterIsShow "1"): the monitored applications. */
export const MonitorEntry = ({ tree, texts, onOpen }: MonitorEntryProps) => {
  const menus = useMemo(() => monitorMenus(tree, { token: readStoredToken() }), [tree]);
  const items =
    menus.length > 0
      ? menus.map((menu) => ({ key: menu.Id, label: menu.Name, onClick: () => onOpen(menu) }))
      : [{ key: 'empty', label: texts.empty, disabled: true }];
  return (
    <DeferredDropdown items={items}>
      <HeaderEntry icon={<DashboardOutlined />} label={texts.entry} data-testid="shell-monitoring" />
    </DeferredDropdown>
  );
};
