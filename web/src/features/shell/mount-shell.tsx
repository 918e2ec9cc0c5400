import { mountRoot } from '../../app/mount-root';
import { QueryProvider } from '../../app/QueryProvider';
import { ShellApp } from './ShellApp';
import type { ShellKind, ShellLoadOutcome } from './shell-data';
import type { ShellQuery } from './shell-query';

/**
 * Renders the shell; `firstLoad` is the load start-shell began before this chunk arrived. No antd
 * here: the parts that use it (tab bar, menus of the header, dialogs, search) load after the first
 * frame, each inside AntdScope (see app/lazy-antd.tsx).
 */
export const mountShell = (kind: ShellKind, query: ShellQuery, firstLoad: Promise<ShellLoadOutcome>): void =>
  mountRoot(
    <QueryProvider>
      <ShellApp kind={kind} query={query} firstLoad={firstLoad} />
    </QueryProvider>,
  );
