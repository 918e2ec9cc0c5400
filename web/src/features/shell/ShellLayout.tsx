import type { CurrentUser } from '@uniwim/contracts/client';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import {
  mountWatermark,
  type WatermarkPolicyValues,
  watermarkOptionsFor,
  watermarkText,
} from '../../lib/shell/watermark';
import { readStoredToken } from '../../lib/storage-keys';
// Issue 15: home and workbench
import { useMenuOpenRequests } from '../home/useMenuOpenRequests';
import { linkTabEntry } from '../todos/link-tab';
import { useShellMessages } from '../todos/shell-open';
import { FrameTabs } from './FrameTabs';
import { MenuTree } from './MenuTree';
import { routeTabEntry } from './open-menu';
import { ShellHeader } from './ShellHeader';
import type { ShellData, ShellKind } from './shell-data';
import type { ShellQuery } from './shell-query';
import { logoutFromShell } from './shell-session';
import type { ShellTexts } from './shell-texts';
import { useShellNavigation } from './useShellNavigation';

/**
 * Spec section 3 "Watermark options": the user's name and masked phone over the whole shell, with
 * the spec's defaults; put back whenever it is removed or restyled. Visitors get none.
 */
const useWatermark = (user: CurrentUser | null) => {
  useEffect(() => {
    if (!user) return;
    // After the shell's first paint: drawing it measures the page, which would force a layout early.
    let unmount: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(async () => {
      // The active tenant's policy (issue 13) may turn it off or set its text; when it cannot be read,
      // the default watermark stays: a failure never removes it.
      const options = await api
        .get<WatermarkPolicyValues>('/ump/watermark')
        .then((policy) => watermarkOptionsFor(policy, user))
        .catch(() => ({ text: watermarkText(user) }));
      if (!cancelled && options) unmount = mountWatermark(document.body, options);
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unmount?.();
    };
  }, [user]);
};

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
  useWatermark(data.user);
  const bare = query.preview || query.fromApp;

  const title = data.config.title || (kind === 'admin' ? texts.adminTitle : texts.indexTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);

  const openRoute = (route: string, name: string) =>
    navigation.openPage(
      routeTabEntry(route, name, {
        token: readStoredToken(),
        tenantId: data.user?.tenantId ?? null,
        sn: data.user?.sn ?? null,
        scene: kind,
      }),
    );

  // Issue 15: messages and to-dos (a framed page asks the shell to open a link in a tab).
  useShellMessages({
    onOpen: (link, name) =>
      navigation.openPage(
        linkTabEntry(link, name, {
          token: readStoredToken(),
          tenantId: data.user?.tenantId ?? null,
          sn: data.user?.sn ?? null,
          scene: kind,
        }),
      ),
  });

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
          onLogout={() => void logoutFromShell()}
        />
      )}
      <div className="shell__body">
        {!bare && (
          <aside className="shell__sider">
            <MenuTree
              tree={navigation.tree}
              activeId={navigation.tabs.activeId}
              label={texts.menuLabel}
              emptyText={texts.emptyMenu}
              onOpen={navigation.openMenu}
            />
          </aside>
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
