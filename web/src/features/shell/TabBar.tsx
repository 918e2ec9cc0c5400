import { ReloadOutlined } from '@ant-design/icons';
import { Button, Tabs, Tooltip } from 'antd';
import { useLanguage } from '../../i18n';
import { type TabState, tabNameIn } from '../../lib/shell/tabs';

export interface TabBarProps {
  state: TabState;
  texts: { reload: string };
  onActivate: (id: string) => void;
  onClose: (id: string) => void;
  onReload: (id: string) => void;
}

/**
 * The bar of open pages (antd Tabs): closeable per tabCloseable, and a reload button for the shown
 * one. The button stands beside the tab list, not in it (antd's tabBarExtraContent would put it
 * inside role=tablist, where only tabs belong). On a phone the tabs scroll sideways (shell.css).
 */
const TabBar = ({ state, texts, onActivate, onClose, onReload }: TabBarProps) => {
  const language = useLanguage();
  return (
    <div className="shell-frames__bar">
      <Tabs
        className="shell-frames__tabs"
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
          label: <span data-tab-id={tab.Id}>{tabNameIn(tab, language)}</span>,
          closable: tab.tabCloseable,
        }))}
      />
      {state.activeId && (
        <Tooltip title={texts.reload}>
          <Button
            className="shell-frames__reload"
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            aria-label={texts.reload}
            data-testid="shell-tab-reload"
            onClick={() => state.activeId && onReload(state.activeId)}
          />
        </Tooltip>
      )}
    </div>
  );
};

export default TabBar;
