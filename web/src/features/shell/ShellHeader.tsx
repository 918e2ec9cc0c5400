import {
  AppstoreOutlined,
  DownOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  MenuOutlined,
  MoreOutlined,
  SettingOutlined,
  SwapOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { LocalText } from '@uniwim/contracts';
import type { CurrentUser, LoginConfig, ShellMenu } from '@uniwim/contracts/client';
import { Suspense, useEffect, useState } from 'react';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { AfterFirstPaint, lazyWithAntd } from '../../app/lazy-antd';
import { localTextOf } from '../../i18n/texts';
// Issue 15: the message centre
import { MessageHeaderEntry } from '../message-centre/MessageHeaderEntry';
import { NoticeBellIcon } from '../notices/NoticeBellIcon';
import { displayNameOf } from '../session/current-user';
import { TodoHeaderEntry } from '../todos/TodoHeaderEntry';
import { DeferredDropdown } from './DeferredDropdown';
import type { HeaderDropdownProps } from './HeaderDropdown';
import { HeaderEntry } from './HeaderEntry';
import { MESSAGES_ROUTE, NOTICES_ROUTE, TODOS_ROUTE } from './header-routes';
import { MonitorEntry } from './MonitorEntry';
import { SHELL_PAGES, type ShellKind } from './shell-data';
import { type ShellTexts, shellTexts } from './shell-texts';

// Dialogs load when first opened: the shell's first paint does not wait for them.
const ShellChangePasswordDialog = lazyWithAntd(() =>
  import('./ShellChangePasswordDialog').then((module) => module.ShellChangePasswordDialog),
);
// The search box brings antd's select engine (about 110 kB): it arrives after the menus and the first frame.
const GlobalSearch = lazyWithAntd(() => import('./GlobalSearch').then((module) => module.GlobalSearch));
const TenantSwitchDialog = lazyWithAntd(() =>
  import('./TenantSwitchDialog').then((module) => module.TenantSwitchDialog),
);

export { MESSAGES_ROUTE, NOTICES_ROUTE, TODOS_ROUTE } from './header-routes';

interface ShellHeaderProps {
  kind: ShellKind;
  /** A visitor's page tenant (?tenant=), for the search's public items and hot words. */
  tenant: string | null;
  config: LoginConfig;
  user: CurrentUser | null;
  tree: ShellMenu[];
  texts: ShellTexts;
  onOpenMenu: (menu: ShellMenu) => void;
  /** Opens a built-in page in a tab; `names` name its tab in each language. */
  onOpenRoute: (route: string, name: string, names?: LocalText) => void;
  /** Issue 15: opens a message's link in a tab (a page of the product, or an address as it is). */
  onOpenLink: (link: string, name: string) => void;
  onLogout: () => void;
  /** The side menu as a drawer on a phone (below 768 px): whether it is open, and its toggle. */
  menuDrawer?: { open: boolean; onToggle: () => void };
}

/** Ids the phone layout's toggles point at (aria-controls). */
export const SHELL_SIDER_ID = 'shell-sider';
const HEADER_TOOLS_ID = 'shell-header-tools';

type Dialog = 'password' | 'tenant' | null;

/**
 * The shell's header (issue 6): logo and title from the configuration, the global search
 * (globalSearch "1"), the monitoring-centre entry (monitoringCenterIsShow "1"), notices and
 * messages, and the user menu with change password, tenant switching and logout. A visitor sees a
 * sign-in link instead of the user's entries.
 *
 * On a phone (below 768 px, issue 25) the entries do not fit beside the title: a button opens them
 * as one menu under the header (the same entries, with their names shown), and another opens the
 * side menu's drawer. shell.css decides what shows at which width.
 */
export const ShellHeader = (props: ShellHeaderProps) => {
  const { kind, tenant, config, user, tree, texts, menuDrawer, onLogout } = props;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [toolsOpen, setToolsOpen] = useState(false);
  const title = config.title || (kind === 'admin' ? texts.adminTitle : texts.indexTitle);

  // Whatever an entry opens, the phone's menu of entries closes behind it.
  const closeTools = () => setToolsOpen(false);
  const onOpenMenu = (menu: ShellMenu) => {
    closeTools();
    props.onOpenMenu(menu);
  };
  const onOpenRoute = (route: string, name: string, names?: LocalText) => {
    closeTools();
    props.onOpenRoute(route, name, names);
  };
  useEffect(() => {
    if (!toolsOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setToolsOpen(false);
      document.getElementById(`${HEADER_TOOLS_ID}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toolsOpen]);

  const openDialog = (which: Exclude<Dialog, null>) => () => {
    closeTools();
    setDialog(which);
  };
  const userItems: HeaderDropdownProps['items'] = user
    ? [
        {
          key: 'password',
          icon: <KeyOutlined />,
          label: texts.userMenu.changePassword,
          onClick: openDialog('password'),
        },
        {
          key: 'tenant',
          icon: <SwapOutlined />,
          label: texts.userMenu.switchTenant,
          onClick: openDialog('tenant'),
        },
        kind === 'index'
          ? user.isAdmin
            ? {
                key: 'admin',
                icon: <SettingOutlined />,
                label: texts.userMenu.adminPage,
                onClick: () => location.assign(SHELL_PAGES.admin),
              }
            : null
          : {
              key: 'index',
              icon: <AppstoreOutlined />,
              label: texts.userMenu.indexPage,
              onClick: () => location.assign(SHELL_PAGES.index),
            },
      ]
    : [];

  return (
    <header className="shell-header" data-testid="shell-header">
      {menuDrawer && (
        <button
          type="button"
          id={`${SHELL_SIDER_ID}-toggle`}
          className="shell-header__button shell-header__toggle"
          aria-label={texts.openMenu}
          aria-expanded={menuDrawer.open}
          aria-controls={SHELL_SIDER_ID}
          data-testid="shell-menu-toggle"
          onClick={menuDrawer.onToggle}
        >
          <MenuOutlined />
        </button>
      )}
      <a className="shell-header__brand" href={SHELL_PAGES.index} aria-label={texts.logoAlt}>
        {config.logo ? <img className="shell-header__logo" src={config.logo} alt="" /> : <AppstoreOutlined />}
        <span className="shell-header__title" data-testid="shell-title">
          {title}
        </span>
      </a>
      <button
        type="button"
        id={`${HEADER_TOOLS_ID}-toggle`}
        className="shell-header__button shell-header__toggle"
        aria-label={texts.headerMenu}
        aria-expanded={toolsOpen}
        aria-controls={HEADER_TOOLS_ID}
        data-testid="shell-header-menu-toggle"
        onClick={() => setToolsOpen((open) => !open)}
      >
        <MoreOutlined />
      </button>
      {toolsOpen && (
        <div className="shell__backdrop shell__backdrop--header" onClick={closeTools} aria-hidden="true" />
      )}
      <div
        id={HEADER_TOOLS_ID}
        className={`shell-header__tools${toolsOpen ? ' shell-header__tools--open' : ''}`}
        data-testid="shell-header-tools"
      >
        {config.globalSearch === '1' && (
          <AfterFirstPaint fallback={<span className="shell-header__search" />}>
            <GlobalSearch
              tree={tree}
              shell={kind}
              tenant={tenant}
              texts={texts.search}
              onOpen={onOpenMenu}
              onOpenRoute={onOpenRoute}
            />
          </AfterFirstPaint>
        )}
        {config.monitoringCenterIsShow === '1' && (
          <MonitorEntry tree={tree} texts={texts.monitoring} onOpen={onOpenMenu} />
        )}
        {user && (
          <>
            <HeaderEntry
              icon={<NoticeBellIcon />}
              label={texts.notices}
              data-testid="shell-notices"
              onClick={() =>
                onOpenRoute(
                  NOTICES_ROUTE,
                  texts.notices,
                  localTextOf(shellTexts, (all) => all.notices),
                )
              }
            />
            {/* Issue 15: the message centre (a drawer; its "view all" opens the full page). */}
            <MessageHeaderEntry
              onOpenLink={(link, name) => {
                closeTools();
                props.onOpenLink(link, name);
              }}
              onOpenEntry={closeTools}
              onOpenCentre={(label, names) => onOpenRoute(MESSAGES_ROUTE, label, names)}
            />
            {/* Issue 15: messages and to-dos */}
            <TodoHeaderEntry onOpen={(label, names) => onOpenRoute(TODOS_ROUTE, label, names)} />
          </>
        )}
        <LanguageSwitch
          className="shell-header__button shell-header__button--compact shell-header__language"
          onSwitched={closeTools}
        />
        {user ? (
          <>
            <DeferredDropdown items={userItems}>
              <button
                type="button"
                className="shell-header__button shell-header__user"
                data-testid="shell-user-menu"
              >
                <UserOutlined />
                <span data-testid="current-user-name">{displayNameOf(user)}</span>
                {user.tenantName && <span className="shell-header__tenant">{user.tenantName}</span>}
                <DownOutlined />
              </button>
            </DeferredDropdown>
            <HeaderEntry
              icon={<LogoutOutlined />}
              label={texts.userMenu.logout}
              data-testid="logout"
              onClick={onLogout}
            />
          </>
        ) : (
          <a className="shell-button shell-button--primary shell-button--small" href={SHELL_PAGES.login}>
            <LoginOutlined />
            <span>{texts.signIn}</span>
          </a>
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
