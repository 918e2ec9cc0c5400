import { DashboardOutlined } from '@ant-design/icons';
import type { ShellMenu } from '@uniwim/contracts/client';
import { useMemo } from 'react';
import { readStoredToken } from '../../lib/storage-keys';
import { DeferredDropdown } from './DeferredDropdown';
import { HeaderEntry } from './HeaderEntry';
import { monitorMenus } from './monitor-menus';

interface MonitorEntryProps {
  tree: ShellMenu[];
  texts: { entry: string };
  onOpen: (menu: ShellMenu) => void;
}

/**
 * The header's monitoring-centre entry (monitoringCenterIsShow "1"): the monitored applications.
 * A user with no monitored item in their menus sees no entry at all, rather than one that opens an
 * empty list (issue 25).
 */
export const MonitorEntry = ({ tree, texts, onOpen }: MonitorEntryProps) => {
  const menus = useMemo(() => monitorMenus(tree, { token: readStoredToken() }), [tree]);
  if (menus.length === 0) return null;
  return (
    <DeferredDropdown
      items={menus.map((menu) => ({ key: menu.Id, label: menu.Name, onClick: () => onOpen(menu) }))}
    >
      <HeaderEntry icon={<DashboardOutlined />} label={texts.entry} data-testid="shell-monitoring" />
    </DeferredDropdown>
  );
};
