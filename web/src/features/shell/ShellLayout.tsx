import type { LocalText } from '@uniwim/contracts';
import type { ShellMenu } from '@uniwim/contracts/client';
import { useEffect, useState } from 'react';
import { useLanguage } from '../../i18n';
import { tabNameIn } from '../../lib/shell/tabs';
// Issue 16: the watermark carries the shown page's trace id
import { useTracedWatermark } from '../../lib/shell/traced-watermark';
import { readStoredToken } from '../../lib/storage-keys';
// Issue 15: home and workbench
import { useMenuOpenRequests } from '../home/useMenuOpenRequests';
import { linkTabEntry } from '../todos/link-tab';
import { useShellMessages } from '../todos/shell-open';
import { FrameTabs } from './FrameTabs';
import { InvitationsBar } from './InvitationsBar';
import { MenuTree } from './MenuTree';
import { routeTabEntry } from './open-menu';
import { SHELL_SIDER_ID, ShellHeader } from './ShellHeader';
import type { ShellData, ShellKind } from './shell-data';
import type { ShellQuery } from './shell-query';
import { logoutFromShell } from './shell-session';
import type { ShellTexts } from './shell-texts';
import { useShellNavigation } from './useShellNavigation';

interface ShellLayoutProps {
  kind: ShellKind;
  data: ShellData;
  query: ShellQuery;
  texts: ShellTexts;
}

/**
 * index.html and admin.html once loaded: header, menu tree and the tabs of frames. preview and
 * source=App show the opened page alone (the embedding app has its own chrome).
 */
export const ShellLayout = ({ kind, data, query, texts }: ShellLayoutProps) => {
  const navigation = useShellNavigation(kind, data, query);
  // Issue 15: home and workbench (their quick entries open menu items through the shell).
  useMenuOpenRequests(navigation.tree, navigation.openMenu);
  // Spec section 3 "Watermark options": the user's name and masked phone over the whole shell, put
  // back whenever it is removed or restyled; visitors get none. Issue 16: with the trace id of the
  // page shown (the tab's configured link, never its address with a token in it).
  const activeTab = navigation.tabs.tabs.find((tab) => tab.Id === navigation.tabs.activeId);
  const language = useLanguage();
  useTracedWatermark(document.body, data.user, {
    kind: 'page',
    target: activeTab ? activeTab.ValBuffer || activeTab.Id : `${kind}.html`,
    targetLabel: activeTab ? tabNameIn(activeTab, language) : undefined,
  });
  const bare = query.preview || query.fromApp;
  const menuDrawer = useMenuDrawer();
  // On a phone the side menu is a drawer: opening an item closes it, so the page shows.
  const openFromMenu = (menu: ShellMenu) => {
    menuDrawer.close();
    navigation.openMenu(menu);
  };

  const title = data.config.title || (kind === 'admin' ? texts.adminTitle : texts.indexTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);

  const openRoute = (route: string, name: string, names?: LocalText) =>
    navigation.openPage(
      routeTabEntry(
        route,
        name,
        {
          token: readStoredToken(),
          tenantId: data.user?.tenantId ?? null,
          sn: data.user?.sn ?? null,
          scene: kind,
        },
        names,
      ),
    );

  // Issue 15: messages and to-dos (a framed page asks the shell to open a link in a tab).
  const openLink = (link: string, name: string) =>
    navigation.openPage(
      linkTabEntry(link, name, {
        token: readStoredToken(),
        tenantId: data.user?.tenantId ?? null,
        sn: data.user?.sn ?? null,
        scene: kind,
      }),
    );
  useShellMessages({ onOpen: openLink });

  return (
    <div className={`shell${bare ? ' shell--bare' : ''}`} data-testid="shell" data-shell-kind={kind}>
      {!bare && (
        <ShellHeader
          kind={kind}
          tenant={query.tenant}
          config={data.config}
          user={data.user}
          tree={navigation.tree}
          texts={texts}
          onOpenMenu={navigation.openMenu}
          onOpenRoute={openRoute}
          onOpenLink={openLink}
          onLogout={() => void logoutFromShell()}
          menuDrawer={{ open: menuDrawer.open, onToggle: menuDrawer.toggle }}
        />
      )}
      {!bare && data.user && <InvitationsBar texts={texts.invitations} />}
      <div className="shell__body">
        {!bare && (
          <>
            <aside
              id={SHELL_SIDER_ID}
              className={`shell__sider${menuDrawer.open ? ' shell__sider--open' : ''}`}
              data-testid="shell-sider"
            >
              <MenuTree
                tree={navigation.tree}
                activeId={navigation.tabs.activeId}
                label={texts.menuLabel}
                emptyText={texts.emptyMenu}
                onOpen={openFromMenu}
              />
            </aside>
            {menuDrawer.open && (
              <div
                className="shell__backdrop shell__backdrop--sider"
                onClick={menuDrawer.close}
                aria-hidden="true"
              />
            )}
          </>
        )}
        <main className="shell__main">
          <FrameTabs
            state={navigation.tabs}
            showTabBar={!bare}
            texts={texts.tabs}
            onActivate={navigation.activate}
            onClose={navigation.close}
            onReload={navigation.reload}
          />
        </main>
      </div>
    </div>
  );
};

/**
 * The side menu's drawer on a phone (shell.css shows the menu as a drawer below 768 px; wider, it
 * is always beside the frames and this state does not matter). Escape closes it and gives the
 * focus back to its toggle.
 */
const useMenuDrawer = () => {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      document.getElementById(`${SHELL_SIDER_ID}-toggle`)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((current) => !current), close: () => setOpen(false) };
};
