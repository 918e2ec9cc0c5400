import {
  AppstoreOutlined,
  BellOutlined,
  DownOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  MessageOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { CurrentUser, LoginConfig } from '@uniwim/contracts/client';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import type { ShellMenu } from '../../lib/shell/menu-normalise';
import { displayNameOf } from '../session/current-user';
import { MonitorEntry } from './MonitorEntry';
import { SHELL_PAGES, type ShellKind } from './shell-data';
import type { ShellTexts } from './shell-texts';

// Dialogs load when first opened: the shell's first paint does not wait for them.
const ShellChangePasswordDialog = lazy(() =>
  import('./ShellChangePasswordDialog').then((module) => ({ default: module.ShellChangePasswordDialog })),
);
// The search box brings antd's select engine (about 110 kB): it arrives after the menus and the first frame.
const GlobalSearch = lazy(() =>
  import('./GlobalSearch').then((module) => ({ default: module.GlobalSearch })),
);
const TenantSwitchDialog = lazy(() =>
  import('./TenantSwitchDialog').then((module) => ({ default: module.TenantSwitchDialog })),
);

/** Built-in pages behind the header's notices and messages entries. */
export const NOTICES_ROUTE = '/umpNoticeDetail';
export const MESSAGES_ROUTE = '/todoList';

interface ShellHeaderProps {
  kind: ShellKind;
  config: LoginConfig;
  user: CurrentUser | null;
  tree: ShellMenu[];
  texts: ShellTexts;
  onOpenMenu: (menu: ShellMenu) => void;
  onOpenRoute: (route: string, name: string) => void;
  onLogout: () => void;
}

type Dialog = 'password' | 'tenant' | null;

/**
 * The shell's header (issue 6): logo and title from the configuration, the global search
 * (globalSearch "1"), the monitoring-centre entry (monitoringCenterIsShow "1"), notices and
 * messages, and the user menu with change password, tenant switching and logout. A visitor sees a
 * sign-in link instead of the user's entries.
 */
export const ShellHeader = (props: ShellHeaderProps) => {
  const { kind, config, user, tree, texts, onOpenMenu, onOpenRoute, onLogout } = props;
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = config.title || (kind === 'admin' ? texts.adminTitle : texts.indexTitle);

  const userItems: MenuProps['items'] = user
    ? [
        { key: 'password', icon: <KeyOutlined />, label: texts.userMenu.changePassword },
        { key: 'tenant', icon: <SwapOutlined />, label: texts.userMenu.switchTenant },
        kind === 'index'
          ? user.isAdmin
            ? { key: 'admin', icon: <SettingOutlined />, label: texts.userMenu.adminPage }
            : null
          : { key: 'index', icon: <AppstoreOutlined />, label: texts.userMenu.indexPage },
      ]
    : [];
  const onUserMenu: MenuProps['onClick'] = ({ key }) => {
    if (key === 'password' || key === 'tenant') setDialog(key);
    else if (key === 'admin') location.assign(SHELL_PAGES.admin);
    else if (key === 'index') location.assign(SHELL_PAGES.index);
  };

  return (
    <header className="shell-header" data-testid="shell-header">
      <a className="shell-header__brand" href={SHELL_PAGES.index} aria-label={texts.logoAlt}>
        {config.logo ? <img className="shell-header__logo" src={config.logo} alt="" /> : <AppstoreOutlined />}
        <span className="shell-header__title" data-testid="shell-title">
          {title}
        </span>
      </a>
      <div className="shell-header__tools">
        {config.globalSearch === '1' && (
          <Suspense fallback={<span className="shell-header__search" />}>
            <GlobalSearch tree={tree} texts={texts.search} onOpen={onOpenMenu} />
          </Suspense>
        )}
        {config.monitoringCenterIsShow === '1' && (
          <MonitorEntry tree={tree} texts={texts.monitoring} onOpen={onOpenMenu} />
        )}
        {user && (
          <>
            <Button
              type="text"
              icon={<BellOutlined />}
              data-testid="shell-notices"
              onClick={() => onOpenRoute(NOTICES_ROUTE, texts.notices)}
            >
              {texts.notices}
            </Button>
            <Button
              type="text"
              icon={<MessageOutlined />}
              data-testid="shell-messages"
              onClick={() => onOpenRoute(MESSAGES_ROUTE, texts.messages)}
            >
              {texts.messages}
            </Button>
          </>
        )}
        <LanguageSwitch className="shell-header__language" />
        {user ? (
          <>
            <Dropdown menu={{ items: userItems, onClick: onUserMenu }} trigger={['click']}>
              <Button type="text" className="shell-header__user" data-testid="shell-user-menu">
                <UserOutlined />
                <span data-testid="current-user-name">{displayNameOf(user)}</span>
                {user.tenantName && <span className="shell-header__tenant">{user.tenantName}</span>}
                <DownOutlined />
              </Button>
            </Dropdown>
            <Button type="text" icon={<LogoutOutlined />} data-testid="logout" onClick={onLogout}>
              {texts.userMenu.logout}
            </Button>
          </>
        ) : (
          <Button type="primary" size="small" icon={<LoginOutlined />} href={SHELL_PAGES.login}>
            {texts.signIn}
          </Button>
        )}
      </div>
      <Suspense fallback={null}>
        {dialog === 'password' && user && (
          <ShellChangePasswordDialog
            username={user.username}
            config={config}
            texts={texts.changePassword}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog === 'tenant' && (
          <TenantSwitchDialog texts={texts.tenantSwitch} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </header>
  );
};
