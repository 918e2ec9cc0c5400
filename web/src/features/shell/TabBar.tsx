import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tabs, Tooltip } from 'antd';
import type { TabState } from '../../lib/shell/tabs';

export interface TabBarProps {
  state: TabState;
  texts: { reload: string };
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onReload: (id: string) => void;
}

/** The bar of open pages (antd Tabs): closeable per tabCloseable, and a reload button for the shown one. */
const TabBar = ({ state, texts, onActivate, onClose, onReload }: TabBarProps) => (
  <Tabs
    className="shell-frames__bar"
    data-testid="shell-tabs"
    type="editable-card"
    size="small"
    hideAdd
    activeKey={state.activeId ?? undefined}
    onChange={onActivate}
    onEdit={(key, action) => {
      if (action === 'remove' && typeof key === 'string') onClose(key);
    }}
    items={state.tabs.map((tab) => ({
      key: tab.Id,
      label: <span data-tab-id={tab.Id}>{tab.Name}</span>,
      closable: tab.tabCloseable,
    }))}
    tabBarExtraContent={
      state.activeId && (
        <Tooltip title={texts.reload}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={texts.reload}
            onClick={() => state.activeId && onReload(state.activeId)}
          />
        </Tooltip>
      )
    }
  />
);

export default TabBar;
